"""Settings fail fast on bad values."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from app.core.config import Settings
from app.core.db import async_url, sync_url
from tests.helpers.deployment import PRODUCTION


@pytest.fixture(autouse=True)
def _no_deployment_env(monkeypatch: pytest.MonkeyPatch) -> None:
    names = ("DATABASE_URL", "REDIS_URL", "ENVIRONMENT", "SECRET_KEY", "DATA_DIR", "AUDIT_LOG_KEY")
    for name in names:
        monkeypatch.delenv(name, raising=False)


def test_embedded_defaults_need_no_services(tmp_path) -> None:
    settings = Settings(data_dir=tmp_path, _env_file=None)
    assert settings.is_sqlite
    assert settings.effective_database_url == f"sqlite:///{tmp_path / 'app.db'}"
    assert settings.redis_url is None


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("database_url", "mysql://x@y/z"),
        ("redis_url", "http://localhost:6379"),
        ("max_body_bytes", "10"),
        ("environment", "staging"),
        ("rsa_key_bits", "1024"),
        ("trusted_proxy_hops", "-1"),
        ("job_period_seconds", "7"),  # no clock-aligned schedule has it
        ("job_stalled_seconds", "0"),
    ],
)
def test_bad_values_stop_start_up(field: str, value: str) -> None:
    with pytest.raises(ValidationError):
        Settings(**{field: value}, _env_file=None)


def test_production_requires_a_secret_key_and_no_sandbox() -> None:
    with pytest.raises(ValidationError, match="SECRET_KEY"):
        Settings(**{**PRODUCTION, "secret_key": None}, _env_file=None)
    with pytest.raises(ValidationError, match="SANDBOX_PAYMENTS"):
        Settings(**{**PRODUCTION, "sandbox_payments": True}, _env_file=None)
    production = Settings(**PRODUCTION, _env_file=None)
    assert production.secret() == "x" * 40


def test_the_audit_key_is_set_in_production_and_kept_private_elsewhere(tmp_path) -> None:
    with pytest.raises(ValidationError, match="AUDIT_LOG_KEY"):
        Settings(environment="prod", secret_key="x" * 40, sandbox_payments=False, _env_file=None)
    with pytest.raises(ValidationError):
        Settings(audit_log_key="too short", _env_file=None)
    assert Settings(audit_log_key="k" * 40, _env_file=None).audit_key() == b"k" * 40
    generated = Settings(data_dir=tmp_path, _env_file=None).audit_key()
    assert len(generated) >= 40 and (tmp_path / "audit_log_key").stat().st_mode & 0o077 == 0
    assert Settings(data_dir=tmp_path, _env_file=None).audit_key() == generated


def test_blank_service_urls_mean_unset() -> None:
    settings = Settings(database_url="", redis_url="", secret_key="", _env_file=None)
    assert settings.database_url is None and settings.redis_url is None
    assert settings.secret_key is None  # a blank key is no key: generated, never in production


def test_generated_secret_is_kept(tmp_path) -> None:
    first = Settings(data_dir=tmp_path, _env_file=None).secret()
    assert len(first) >= 40
    assert Settings(data_dir=tmp_path, _env_file=None).secret() == first
    assert (tmp_path / "secret_key").stat().st_mode & 0o077 == 0  # the owner's alone
    # Read once per file, not once per process: a new file is read again.
    (tmp_path / "secret_key").unlink()
    second = Settings(data_dir=tmp_path, _env_file=None).secret()
    assert second != first and (tmp_path / "secret_key").read_text() == second


@pytest.mark.parametrize(
    ("url", "expected_async", "expected_sync"),
    [
        ("postgresql://u:p@h/db", "postgresql+psycopg://u:p@h/db", "postgresql+psycopg://u:p@h/db"),
        ("postgres://u@h/db", "postgresql+psycopg://u@h/db", "postgresql+psycopg://u@h/db"),
        ("sqlite:////tmp/a.db", "sqlite+aiosqlite:////tmp/a.db", "sqlite:////tmp/a.db"),
    ],
)
def test_driver_urls(url: str, expected_async: str, expected_sync: str) -> None:
    assert async_url(url) == expected_async
    assert sync_url(url) == expected_sync
