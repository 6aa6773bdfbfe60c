"""Process settings, read once from the environment (and `.env`); bad values stop start-up."""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from app.core.periods import every

PROJECT_ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class DemoPart:
    """A sandbox or demo component the settings turn on: never in production."""

    name: str
    setting: str  # the setting that turns it off, and how


@lru_cache(maxsize=32)
def _kept_secret(path: Path, _inode: int, _modified_ns: int) -> bytes:
    """A secret file's text, read once per version of the file: every vendor wallet call
    and sealed payload derives a key from the app's secret."""
    return path.read_text().strip().encode()


class Settings(BaseSettings):
    """Everything that differs between deployments. Embedded defaults need no services."""

    model_config = SettingsConfigDict(env_file=".env", extra="ignore")

    environment: Literal["dev", "test", "prod"] = "dev"
    data_dir: Path = PROJECT_ROOT / "data"
    database_url: str | None = Field(
        default=None, description="postgresql://… for scaled mode; SQLite under data_dir if unset"
    )
    redis_url: str | None = Field(default=None, description="redis://…; in-process if unset")
    secret_key: SecretStr | None = Field(
        default=None, description="Encrypts stored private keys; generated into data_dir if unset"
    )
    default_merchant: str = "BR1"
    max_body_bytes: int = Field(default=1_048_576, ge=1024)
    rsa_key_bits: Literal[2048, 3072, 4096] = 2048
    argon2_profile: Literal["owasp", "test"] = Field(
        default="owasp",
        description="Argon2id cost: OWASP's minimum, or a cheap one for test runs (never prod)",
    )
    rsa_key_grace_hours: int = Field(default=24, ge=0)
    trusted_proxy_hops: int = Field(default=0, ge=0)
    allowed_origins: list[str] = Field(
        default=[],
        description="Origins (scheme://host[:port]) besides the brands' own domains whose "
        "pages may call the API and open the websocket",
    )
    domain_check: bool = Field(
        default=False,
        description="Answer only the brands' domains and SERVED_HOSTS; any other host name "
        "gets 'Invalid URL' (spec 8)",
    )
    served_hosts: list[str] = Field(
        default=[],
        description="Host names served besides the brands' domains when DOMAIN_CHECK is on "
        "(the API host vendors call, the load balancer's health check)",
    )
    cache_ttl_seconds: int = Field(default=60, ge=1)
    brand_refresh_seconds: float = Field(
        default=5.0, ge=0, description="How stale a process's copy of brand config may get"
    )
    agent_account_types: list[int] = Field(default=[1, 2, 41, 42])
    trial_account_types: list[int] = Field(default=[4])
    session_idle_minutes: int = Field(default=120, ge=5)
    session_absolute_hours: int = Field(default=24 * 7, ge=1)
    smtp_host: str | None = Field(default=None, description="unset: e-mails are only recorded")
    smtp_port: int = 587
    smtp_user: str | None = None
    smtp_password: SecretStr | None = None
    smtp_sender: str = "no-reply@localhost"
    smtp_starttls: bool = True
    sms_gateway_url: str | None = Field(default=None, description="unset: SMS are only recorded")
    sms_gateway_token: SecretStr | None = None
    public_base_url: str = Field(
        default="http://localhost:3000", description="this site's address: e-mail links, webhooks"
    )
    sandbox_payments: bool = Field(
        default=True, description="serve the sandbox payment provider's checkout page"
    )
    country_header: str | None = Field(
        default=None, description="Header a trusted proxy sets with the visitor's country code"
    )
    operator_account_types: list[int] = Field(
        default=[99], description="Member account types that may process withdrawals"
    )
    withdrawal_min_amount: Decimal = Field(default=Decimal("20.00"), gt=0, decimal_places=2)
    withdrawal_max_amount: Decimal = Field(default=Decimal("50000.00"), gt=0, decimal_places=2)
    withdrawal_daily_count: int = Field(default=3, ge=1, description="Requests per member per day")
    turnover_multiplier: Decimal = Field(
        default=Decimal("1.0"), ge=0, description="Wagering needed per deposited unit to withdraw"
    )
    transfer_daily_send_amount: Decimal = Field(
        default=Decimal("20000.00"), gt=0, description="Team transfers a member sends per day"
    )
    transfer_daily_send_count: int = Field(default=10, ge=1)
    transfer_daily_receive_amount: Decimal = Field(
        default=Decimal("20000.00"), gt=0, description="Team transfers a member receives per day"
    )
    transfer_daily_receive_count: int = Field(default=10, ge=1)
    transfer_fan_out_receivers: int = Field(
        default=3, ge=1, description="Receivers of one sender per day before review (fan-out)"
    )
    transfer_round_trip_hours: int = Field(
        default=24, ge=1, description="A transfer back within this long is held (round trip)"
    )
    withdrawal_auto_receive_minutes: int = Field(
        default=60, ge=1, description="Unanswered payouts count as received after this long"
    )
    withdrawal_proof_max_bytes: int = Field(default=5 * 1024 * 1024, ge=1024)
    payout_accounts_max: int = Field(default=3, ge=1)
    payment_password_max_failures: int = Field(
        default=5, ge=1, description="Wrong payment passwords within an hour before the lock"
    )
    payment_password_lock_minutes: int = Field(default=30, ge=1)
    studio_wallet_url: str | None = Field(
        default=None,
        description="unset: the co-hosted studio moves money in-process; else the wallet API base",
    )
    studio_wallet_secret: SecretStr | None = Field(
        default=None, description="the studio's signing secret when it calls the wallet over HTTP"
    )
    vendor_signature_max_age_seconds: int = Field(default=300, ge=5)
    provider_simulator_url: str | None = Field(
        default="http://127.0.0.1:8700",
        description="where the provider simulator serves the outside vendors' games (its host); "
        "blank: no simulator (a vendor without a PROVIDER_URLS entry is not integrated)",
    )
    provider_urls: dict[str, str] = Field(
        default_factory=dict,
        description='per-vendor provider base URL, e.g. {"PG": "https://pg.aggregator.example"}',
    )
    provider_secret: SecretStr | None = Field(
        default=None,
        description="master secret the simulated vendors' signing secrets derive from; "
        "unset: derived from SECRET_KEY (the simulator on the same host reads the same)",
    )
    provider_currencies: list[str] = Field(default=["BRL", "USD", "PHP", "VND", "INR", "BDT"])
    provider_languages: list[str] = Field(default=["en", "pt"])
    provider_timeout_seconds: float = Field(default=5.0, gt=0)
    provider_health_seconds: float = Field(
        default=10.0,
        ge=0,
        description="how long a provider's health answer is trusted before a launch asks "
        "again (0: launches never ask)",
    )
    provider_reconcile_after_minutes: int = Field(
        default=10, ge=1, description="an open round's debit older than this is reconciled"
    )
    game_launch_token_seconds: int = Field(default=300, ge=10)
    game_session_minutes: int = Field(default=240, ge=1)
    lottery_beacon_games: list[str] = Field(
        default_factory=list,
        description="private lottery games whose draws also take a drand quicknet round",
    )
    lottery_beacon_url: str = Field(
        default=(
            "https://api.drand.sh/52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971"
        ),
        description="drand quicknet HTTP API (GET {url}/public/{round})",
    )
    lottery_results_url: str | None = Field(
        default=None,
        description="official lottery results feed (GET {url}/{game}/{issue}); unset: demo feed",
    )
    lottery_results_secret: SecretStr | None = Field(
        default=None,
        description="the results feed's HMAC-SHA256 key: an answer without its signature is "
        "refused (needed with LOTTERY_RESULTS_URL)",
    )
    kyc_provider_url: str | None = Field(
        default=None,
        description="identity provider's check endpoint (POST JSON); unset: the in-project sandbox",
    )
    liveness_provider_url: str | None = Field(
        default=None,
        description="identity provider's liveness endpoint (POST multipart); unset: the sandbox",
    )
    big_win_min_amount: Decimal = Field(default=Decimal("1000.00"), gt=0)
    big_win_multiplier: Decimal = Field(
        default=Decimal("50"), gt=0, description="a win of this many times the bet is a big win"
    )
    job_period_seconds: float | None = Field(
        default=None, gt=0, description="Run every scheduled job this often instead (tests, demos)"
    )
    jobs_in_app: bool = Field(
        default=True,
        description="Every app process runs the job worker; false: `python -m app.cli worker`",
    )
    # Every worker process of every replica holds up to size + overflow connections (and the
    # job queue's pool where it runs jobs): the shipped stacks' sums must stay inside their
    # server's max_connections (tests/ops/test_stack_files.py).
    db_pool_size: int = Field(
        default=10, ge=1, description="PostgreSQL connections each worker process keeps open"
    )
    db_pool_overflow: int = Field(
        default=20, ge=0, description="More connections a worker process may open under load"
    )
    redis_max_connections: int = Field(
        default=64,
        ge=4,
        description="Redis connections each worker process opens at most; more callers wait",
    )
    job_worker_concurrency: int = Field(
        default=4, ge=1, description="Jobs one worker runs at once (scaled mode)"
    )
    job_stalled_seconds: float = Field(
        default=30.0,
        ge=1,
        description="A worker silent this long is dead: its running jobs go to another worker",
    )
    job_run_retention_days: int = Field(
        default=90, ge=40, description="Days the runs of scheduled jobs are kept (back office)"
    )
    support_image_retention_days: int = Field(
        default=180,
        ge=30,
        description="Days a closed support ticket keeps its images (its text stays)",
    )
    audit_log_key: SecretStr | None = Field(
        default=None,
        min_length=32,
        description="Keys the audit log's chain (HMAC-SHA256); generated into data_dir if "
        "unset, required when ENVIRONMENT=prod",
    )
    audit_checkpoint_path: Path | None = Field(
        default=None,
        description="Append-only file of the audit chain's heads; data_dir/audit_checkpoints.log "
        "if unset",
    )
    backup_key: SecretStr | None = Field(
        default=None,
        min_length=32,
        description="Encrypts backups (AES-256-GCM under a key derived from it); generated "
        "into data_dir if unset, required for `backup` and `restore` when ENVIRONMENT=prod",
    )
    metrics_token: SecretStr | None = Field(
        default=None,
        min_length=24,
        description="Bearer token that /metrics asks for; unset: only loopback callers get it",
    )
    log_format: Literal["json", "text"] = Field(
        default="json", description="json: one JSON object per log line; text: for a terminal"
    )
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    sql_echo: bool = False

    @field_validator(
        "database_url",
        "redis_url",
        "secret_key",
        "smtp_host",
        "sms_gateway_url",
        "studio_wallet_url",
        "lottery_results_url",
        "lottery_results_secret",
        "kyc_provider_url",
        "liveness_provider_url",
        "provider_simulator_url",
        "backup_key",
        "metrics_token",
        mode="before",
    )
    @classmethod
    def _blank_is_unset(cls, value: object) -> object:
        return None if value == "" else value

    @field_validator("database_url")
    @classmethod
    def _known_database(cls, value: str | None) -> str | None:
        if value is None:
            return None
        if not value.startswith(("postgresql", "postgres://", "sqlite")):
            raise ValueError("DATABASE_URL must be a postgresql:// or sqlite:// URL")
        return value

    @field_validator("redis_url")
    @classmethod
    def _known_redis(cls, value: str | None) -> str | None:
        if value is not None and not value.startswith(("redis://", "rediss://", "unix://")):
            raise ValueError("REDIS_URL must be a redis://, rediss:// or unix:// URL")
        return value

    @field_validator("job_period_seconds")
    @classmethod
    def _period_fits_a_schedule(cls, value: float | None) -> float | None:
        if value is not None:
            every(value)  # raises ValueError for a period no clock-aligned schedule has
        return value

    def demo_parts(self) -> list[DemoPart]:
        """Every sandbox or demo component these settings run with (the one list)."""
        parts = [
            (self.secret_key is None, "secret key generated into DATA_DIR", "set SECRET_KEY"),
            (
                # Beside a SQLite database, whoever takes one takes both: in production the key
                # comes from the operator's secret store, away from the log it protects.
                self.audit_log_key is None,
                "audit log key generated into DATA_DIR",
                "set AUDIT_LOG_KEY",
            ),
            (
                self.sandbox_payments,
                "sandbox payments and checkout (marks any order paid)",
                "SANDBOX_PAYMENTS=false",
            ),
            (
                self.kyc_provider_url is None,
                "identity (KYC) sandbox provider",
                "set KYC_PROVIDER_URL",
            ),
            (
                self.liveness_provider_url is None,
                "liveness sandbox",
                "set LIVENESS_PROVIDER_URL",
            ),
            (
                self.lottery_results_url is None,
                "demo lottery results feed",
                "set LOTTERY_RESULTS_URL and LOTTERY_RESULTS_SECRET",
            ),
            (
                self.provider_simulator_url is not None,
                "provider simulator (outside vendors without a PROVIDER_URLS entry)",
                "blank PROVIDER_SIMULATOR_URL",
            ),
            (self.sms_gateway_url is None, "SMS only recorded", "set SMS_GATEWAY_URL"),
            (self.smtp_host is None, "e-mail only recorded", "set SMTP_HOST"),
            (
                self.argon2_profile == "test",
                "cheap password hashing of test runs",
                "ARGON2_PROFILE=owasp",
            ),
        ]
        return [DemoPart(name, setting) for on, name, setting in parts if on]

    @model_validator(mode="after")
    def _production_runs_no_demo_part(self) -> Settings:
        parts = self.demo_parts() if self.environment == "prod" else []
        if parts:
            named = "; ".join(f"{part.name} ({part.setting})" for part in parts)
            raise ValueError(f"ENVIRONMENT=prod refuses to start with demo parts on: {named}")
        return self

    @model_validator(mode="after")
    def _results_feed_is_signed(self) -> Settings:
        if self.lottery_results_url is not None and self.lottery_results_secret is None:
            raise ValueError("LOTTERY_RESULTS_URL needs LOTTERY_RESULTS_SECRET (its signing key)")
        return self

    @model_validator(mode="after")
    def _withdrawal_limits_in_order(self) -> Settings:
        if self.withdrawal_min_amount > self.withdrawal_max_amount:
            raise ValueError("WITHDRAWAL_MIN_AMOUNT must not exceed WITHDRAWAL_MAX_AMOUNT")
        return self

    @property
    def effective_database_url(self) -> str:
        return self.database_url or f"sqlite:///{self.data_dir / 'app.db'}"

    @property
    def job_pool_size(self) -> int:
        """The job queue's pool of PostgreSQL connections: one per job it runs at once and two
        for the worker's own queries (its LISTEN connection is apart)."""
        return self.job_worker_concurrency + 2

    @property
    def is_sqlite(self) -> bool:
        return self.effective_database_url.startswith("sqlite")

    def secret(self) -> str:
        """The configured secret, or one generated once and kept in the data folder."""
        if self.secret_key is not None:
            return self.secret_key.get_secret_value()
        return self._generated_secret("secret_key").decode()

    def _generated_secret(self, name: str) -> bytes:
        """A secret generated once into the data folder (owner-only from its creation)."""
        path = self.data_dir / name
        if not path.exists():
            self.data_dir.mkdir(parents=True, exist_ok=True)
            # Written whole under a private name, then linked into place: a second process
            # starting at the same time never reads a half-written key, and the first key stays.
            draft = self.data_dir / f".{name}.{secrets.token_hex(8)}"
            fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w") as out:
                out.write(secrets.token_urlsafe(48))
            try:
                os.link(draft, path)
            except FileExistsError:
                pass
            finally:
                draft.unlink()
        found = path.stat()
        return _kept_secret(path, found.st_ino, found.st_mtime_ns)

    def audit_key(self) -> bytes:
        """The audit chain's key: the configured one, or one generated once into the data
        folder."""
        if self.audit_log_key is not None:
            return self.audit_log_key.get_secret_value().encode()
        return self._generated_secret("audit_log_key")

    def backup_secret(self) -> bytes | None:
        """The backups' key: the configured one; outside production one generated once into
        the data folder (a demo's backups); None in production without BACKUP_KEY."""
        if self.backup_key is not None:
            return self.backup_key.get_secret_value().encode()
        if self.environment == "prod":
            return None
        return self._generated_secret("backup_key")

    @property
    def audit_checkpoints(self) -> Path:
        return self.audit_checkpoint_path or self.data_dir / "audit_checkpoints.log"


@lru_cache
def get_settings() -> Settings:
    return Settings()
