"""Structured logs: one JSON object per line with the request id, and no secret in them. The
logs of registrations, logins (right and wrong), deposits and their webhooks are captured
through the app's own handler and scanned for the passwords, tokens, CPFs and keys used."""

from __future__ import annotations

import io
import json
import logging
import re
from collections.abc import Callable, Iterator

import httpx
import pytest

from app.client import ApiError, PlatformClient
from app.core import logs
from app.core.config import get_settings
from app.services.cashier import deposits
from app.services.cashier.providers import SandboxProvider
from tests.helpers.accounts import PASSWORD, new_cpf, new_username, register
from tests.helpers.api import platform_api

MakeClient = Callable[..., PlatformClient]
WRONG_PASSWORD = "Wrong-Passw0rd-7731"


@pytest.fixture
def captured() -> Iterator[io.StringIO]:
    """Every line logged meanwhile, through the handler `configure()` installs (INFO, as in
    production), the SQL loggers at their configured level."""
    out = io.StringIO()
    handler = logs.handler()
    assert isinstance(handler, logging.StreamHandler)
    handler.setStream(out)
    root = logging.getLogger()
    level = root.level
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    logging.getLogger("sqlalchemy").setLevel(logging.WARNING)
    yield out
    root.removeHandler(handler)
    root.setLevel(level)


def _leaks(text: str, secrets: dict[str, str]) -> list[str]:
    found = [name for name, value in secrets.items() if value and value in text]
    # Any CPF-shaped run of digits, formatted or not, and any private key.
    if re.search(logs.CPF_SHAPE, text):
        found.append("a CPF-shaped number")
    if "PRIVATE KEY" in text:
        found.append("a private key")
    return found


async def test_a_run_of_registrations_logins_and_deposits_logs_no_secret(
    make_client: MakeClient, captured: io.StringIO
) -> None:
    client = make_client("203.0.113.77")
    username, cpf = new_username(), new_cpf()
    registered = await register(client, username, cpf=cpf)
    returning = make_client("203.0.113.77")  # a known address: no second step
    await returning.login(username, PASSWORD)
    for _ in range(3):
        with pytest.raises(ApiError):
            await make_client().login(username, WRONG_PASSWORD)
    order = await client.post("/wps/payment/deposit", {"channel": "PIX", "amount": "100.00"})
    paid = await deposits.order_by_number(order["orderNo"])
    await SandboxProvider().settle(paid, True, transport=httpx.ASGITransport(app=platform_api()))
    # A careless line, as a future change might write: the handler still hides its secrets.
    logging.getLogger("app.careless").warning(
        "login of %s failed: password=%s Authorization: Bearer %s cpf %s",
        username,
        WRONG_PASSWORD,
        registered["token"],
        "123.456.789-09",
    )
    settings = get_settings()
    secrets = {
        "the password": PASSWORD,
        "the wrong password": WRONG_PASSWORD,
        "the registration's token": registered["token"],
        "the login's token": returning.token or "",
        "the CPF": cpf,
        "the secret key": settings.secret(),
        "the audit key": settings.audit_key().decode(),
    }
    text = captured.getvalue()
    lines = text.splitlines()
    assert len(lines) >= 8  # the calls' lines and the careless one
    for line in lines:
        record = json.loads(line)  # one JSON object per line
        assert {"time", "level", "logger", "message"} <= set(record)
    careless = [json.loads(line) for line in lines if '"app.careless"' in line]
    assert careless and "[redacted]" in careless[0]["message"]
    requests = [json.loads(line) for line in lines if '"app.access"' in line]
    assert requests and all(r.get("request_id") and r.get("route") for r in requests)
    assert _leaks(text, secrets) == []


def test_the_scan_finds_what_it_looks_for() -> None:
    """The scan is not blind: raw lines with a secret, a CPF or a key are caught."""
    assert _leaks("token abc123secret", {"token": "abc123secret"}) == ["token"]
    assert _leaks("cpf 52998224725", {}) == ["a CPF-shaped number"]
    assert _leaks("request be09460009734a4f", {}) == []  # digits inside a hex id
    assert _leaks("-----BEGIN RSA PRIVATE KEY-----", {}) == ["a private key"]


def test_members_appear_as_a_keyed_hash() -> None:
    reference = logs.member_ref(42)
    assert reference is not None and len(reference) == 16 and "42" != reference
    assert logs.member_ref(42) == reference and logs.member_ref(43) != reference
    assert logs.member_ref(None) is None


def test_redaction_covers_the_usual_shapes() -> None:
    line = logs.redact(
        'password="hunter2" api_key=AKIA1234 Bearer abcdefghijk cpf 529.982.247-25 '
        "-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----"
    )
    for secret in ("hunter2", "AKIA1234", "abcdefghijk", "529.982.247-25", "MIIE"):
        assert secret not in line


@pytest.mark.parametrize(
    ("level", "job_lines"), [("INFO", logging.WARNING), ("DEBUG", logging.DEBUG)]
)
def test_the_job_queue_logs_each_run_only_at_debug(level: str, job_lines: int) -> None:
    """The consumers run every second: at INFO, procrastinate's lines per run (deferred,
    started, ended) are held back and its warnings and errors still pass."""
    root = logging.getLogger()
    kept = root.level, list(root.handlers)
    try:
        logs.configure(get_settings().model_copy(update={"log_level": level}))
        assert logging.getLogger("procrastinate.worker").getEffectiveLevel() == job_lines
    finally:
        root.handlers[:] = kept[1]
        root.setLevel(kept[0])
        logging.getLogger("procrastinate").setLevel(logging.NOTSET)
