"""Structured logs: one JSON object per line, with the request id of the call it belongs to,
and nothing secret.

- `configure()` gives the root logger one handler writing JSON lines (LOG_FORMAT=json, the
  default) or plain text (LOG_FORMAT=text) to stderr: the project's lines and the libraries'
  (SQLAlchemy, procrastinate, httpx). Reflex keeps its own handler on the `reflex` logger,
  and granian its own: REFLEX_LOG_JSON=true turns their lines to JSON too.
- The request id comes from the proxy's `X-Request-Id` (when it looks like one) or is made
  here; it is kept in a context variable, so every line logged while the call runs, and
  every task it starts (asyncio copies the context), carries it; a job run takes the id of
  the call that queued it (app/jobs/queue.py passes it along).
- Members appear as `member_ref(id)`, a keyed hash: the same member gives the same
  reference in every line, and the line alone does not say who it is.
- Every line goes through `redact()`: the configured secrets, bearer tokens,
  `password=`-style values, CPFs and PEM keys are replaced, whatever the caller wrote.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import random
import re
import sys
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

from app.core.config import Settings, get_settings

REQUEST_ID: ContextVar[str | None] = ContextVar("request_id", default=None)
REQUEST_ID_HEADER = "x-request-id"
_REQUEST_ID_SHAPE = re.compile(r"^[A-Za-z0-9._:-]{8,64}$")
_HANDLER_MARK = "_platform_handler"
# Eleven digits, bare or as 000.000.000-00, not inside a longer word or number.
CPF_SHAPE = r"(?<![0-9A-Za-z.])\d{3}\.?\d{3}\.?\d{3}-?\d{2}(?![0-9A-Za-z])"

_PATTERNS = (
    (re.compile(r"(?i)\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]{8,}"), r"\1 [redacted]"),
    (
        re.compile(
            r"(?i)\b([a-z_]*(?:password|passwd|secret|token|key|ticket|signature|"
            r"authorization|cookie|captcha|otp|totp[_-]?code|verification[_-]?code))"
            r"(\"?'?\s*[:=]\s*\"?'?)[^\"',;&\s}]+"
        ),
        r"\1\2[redacted]",
    ),
    (
        re.compile(r"-----BEGIN [A-Z ]+-----[\s\S]*?(?:-----END [A-Z ]+-----|$)"),
        "[redacted key]",
    ),
    (re.compile(CPF_SHAPE), "[redacted cpf]"),
)


def new_request_id(offered: str | None) -> str:
    """The proxy's id when it has the shape of one, else a fresh one.

    A request id ties log lines together and guards nothing, so it comes from the `random`
    module, not the OS's: `secrets` asks the kernel each time, a fifth of a status call's CPU.
    `random` reseeds in each forked worker, so workers do not repeat each other's ids.
    """
    if offered and _REQUEST_ID_SHAPE.match(offered):
        return offered
    return f"{random.getrandbits(128):032x}"


def member_ref(member_id: int | None) -> str | None:
    """A member's stable pseudonym in the logs: HMAC-SHA256 under the secret key, 16 hex."""
    if member_id is None:
        return None
    key = get_settings().secret().encode()
    return hmac.new(key, f"member:{member_id}".encode(), hashlib.sha256).hexdigest()[:16]


_secrets_of: tuple[Settings, tuple[str, ...]] | None = None


def _configured_secrets(settings: Settings) -> tuple[str, ...]:
    global _secrets_of
    if _secrets_of is not None and _secrets_of[0] is settings:
        return _secrets_of[1]
    values = [
        settings.secret_key,
        settings.audit_log_key,
        settings.backup_key,
        settings.metrics_token,
        settings.smtp_password,
        settings.sms_gateway_token,
        settings.studio_wallet_secret,
        settings.provider_secret,
        settings.lottery_results_secret,
    ]
    found = tuple(v.get_secret_value() for v in values if v is not None and v.get_secret_value())
    _secrets_of = (settings, found)
    return found


def redact(text: str) -> str:
    for secret in _configured_secrets(get_settings()):
        text = text.replace(secret, "[redacted]")
    for pattern, replacement in _PATTERNS:
        text = pattern.sub(replacement, text)
    return text


class JsonFormatter(logging.Formatter):
    """One JSON object per record: time (UTC), level, logger, message, request id, the
    record's `fields` (extra={"fields": {...}}) and the exception, all redacted."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": redact(record.getMessage()),
        }
        request_id = REQUEST_ID.get()
        if request_id:
            line["request_id"] = request_id
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            for key, value in fields.items():
                line[key] = redact(value) if isinstance(value, str) else value
        if record.exc_info:
            line["exception"] = redact(self.formatException(record.exc_info))
        return json.dumps(line, default=str, ensure_ascii=False)


class TextFormatter(logging.Formatter):
    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        request_id = REQUEST_ID.get()
        prefix = f"[{request_id}] " if request_id else ""
        return prefix + redact(super().format(record))


def handler(settings: Settings | None = None) -> logging.Handler:
    settings = settings or get_settings()
    made = logging.StreamHandler(sys.stderr)
    made.setFormatter(JsonFormatter() if settings.log_format == "json" else TextFormatter())
    setattr(made, _HANDLER_MARK, True)
    return made


def configure(settings: Settings | None = None) -> None:
    """Give the root logger the one handler (called again, the old one is replaced)."""
    settings = settings or get_settings()
    root = logging.getLogger()
    for old in [h for h in root.handlers if getattr(h, _HANDLER_MARK, False)]:
        root.removeHandler(old)
    root.addHandler(handler(settings))
    root.setLevel(settings.log_level)
    # SQL statements and their parameters (hashes, CPFs) only with SQL_ECHO, whatever the level.
    logging.getLogger("sqlalchemy").setLevel(logging.INFO if settings.sql_echo else logging.WARNING)
    # The consumers run every second: procrastinate's lines for each run (deferred, started,
    # ended) would be a dozen a second; job runs are counted in /metrics, failures still log.
    logging.getLogger("procrastinate").setLevel(
        logging.DEBUG if settings.log_level == "DEBUG" else logging.WARNING
    )
    # Alembic names each plugin it sets up, once per process that imports it: no news.
    logging.getLogger("alembic.runtime.plugins").setLevel(logging.WARNING)
