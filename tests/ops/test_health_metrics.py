"""The operator's doors over HTTP: liveness, readiness with each check, /metrics (not
public) with what the app counts and what it reads at scrape time, the request id."""

from __future__ import annotations

import asyncio
import os
import socket
import sqlite3
import sys
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import closing
from datetime import timedelta
from pathlib import Path
from types import SimpleNamespace

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families
from pydantic import SecretStr
from reflex_base.event.processor.base_state_processor import BaseStateEventProcessor
from sqlmodel import update
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Mount, Route

from alembic import command
from app import event_metrics
from app.api import ops
from app.client import ApiError, PlatformClient
from app.core import metrics
from app.core.config import PROJECT_ROOT, get_settings
from app.core.db import write_transaction
from app.core.errors import AppError
from app.front_door import DomainCheck
from app.jobs import by_name
from app.services import health, job_runs
from app.services.backoffice import staff_logins
from app.services.brands import brands
from app.services.cashier import withdrawals
from models import WithdrawalOrder
from models.base import utcnow
from tests.cashier.test_withdrawal_job import PAYMENT_PASSWORD, _member
from tests.conftest import alembic_config
from tests.helpers.accounts import make_member
from tests.helpers.api import platform_api
from tests.helpers.databases import create_postgres_database, drop_postgres_database, use_postgres
from tests.helpers.money import fund, lose

# The engine-dependent pass runs these on PostgreSQL + Redis too.
pytestmark = pytest.mark.engines


@pytest.fixture
async def door() -> AsyncIterator[Callable[[str], httpx.AsyncClient]]:
    """HTTP clients of the API process from a given peer address."""
    app = platform_api()
    made: list[httpx.AsyncClient] = []

    def client(peer: str) -> httpx.AsyncClient:
        transport = httpx.ASGITransport(app=app, client=(peer, 50123))
        opened = httpx.AsyncClient(transport=transport, base_url="http://localhost")
        made.append(opened)
        return opened

    yield client
    for opened in made:
        await opened.aclose()


def _value(text: str, name: str, **labels: str) -> float | None:
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name == name and all(sample.labels.get(k) == v for k, v in labels.items()):
                return float(sample.value)
    return None


async def _scrape(door: Callable[[str], httpx.AsyncClient]) -> str:
    answer = await door("127.0.0.1").get("/metrics")
    assert answer.status_code == 200, answer.text
    return answer.text


async def test_liveness_and_readiness_name_each_check(
    door: Callable[[str], httpx.AsyncClient],
) -> None:
    live = await door("198.51.100.7").get("/health/live")
    assert live.status_code == 200 and live.json() == {"status": "alive"}
    ready = await door("198.51.100.7").get("/health/ready")
    assert ready.status_code == 200, ready.text
    body = ready.json()
    assert body["status"] == "ready"
    assert set(body["checks"]) == {"database", "redis", "migrations", "frontend"}
    assert all(check["ok"] for check in body["checks"].values())
    redis = body["checks"]["redis"]["detail"]
    assert redis == (
        "reachable" if get_settings().redis_url else "not configured (in-process cache)"
    )
    assert "@" not in ready.text and "://" not in ready.text  # no URL, no credentials


async def test_readiness_fails_on_an_old_schema_or_a_missing_build(
    door: Callable[[str], httpx.AsyncClient], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(health, "expected_revisions", lambda: frozenset({"9999z"}))
    answer = await door("198.51.100.7").get("/health/ready")
    assert answer.status_code == 503
    migrations = answer.json()["checks"]["migrations"]
    assert not migrations["ok"] and "9999z" in migrations["detail"]
    monkeypatch.undo()

    monkeypatch.setenv(health.SERVES_FRONTEND_ENV, "1")
    monkeypatch.setattr(health, "built_page", lambda: tmp_path / "index.html")
    answer = await door("198.51.100.7").get("/health/ready")
    assert answer.status_code == 503
    assert answer.json()["checks"]["frontend"] == {
        "ok": False,
        "detail": "not built (.web/build missing)",
    }
    (tmp_path / "index.html").write_text("<!doctype html>")
    assert (await door("198.51.100.7").get("/health/ready")).status_code == 200


async def test_metrics_are_for_loopback_or_the_bearer_token_only(
    door: Callable[[str], httpx.AsyncClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert (await door("203.0.113.9").get("/metrics")).status_code == 403
    proxied = await door("127.0.0.1").get("/metrics", headers={"X-Forwarded-For": "203.0.113.9"})
    assert proxied.status_code == 403  # the proxy on this machine passes the internet's calls
    assert (await door("127.0.0.1").get("/metrics")).status_code == 200

    token = "t" * 32
    monkeypatch.setattr(get_settings(), "metrics_token", SecretStr(token))
    assert (await door("127.0.0.1").get("/metrics")).status_code == 403
    wrong = await door("203.0.113.9").get("/metrics", headers={"Authorization": "Bearer x" * 4})
    assert wrong.status_code == 403
    right = await door("203.0.113.9").get("/metrics", headers={"Authorization": f"Bearer {token}"})
    assert right.status_code == 200
    assert right.headers["content-type"].startswith("text/plain")


async def test_metrics_count_requests_money_bets_logins_and_jobs(
    door: Callable[[str], httpx.AsyncClient], make_client: Callable[..., PlatformClient]
) -> None:
    before = await _scrape(door)
    for _ in range(2):
        assert (await door("198.51.100.7").get("/wps/system/status")).status_code == 200
    player = await make_member()
    assert player.id is not None
    await fund(player.id, "50.00")
    await lose(player.id, "1.00")
    with pytest.raises(ApiError) as refused:
        await make_client().login(player.username, "not-the-password")
    assert refused.value.status == 400
    with pytest.raises(AppError) as staff_refused:
        await staff_logins.login("nobody-here", "wrong", "000000", "browser", "127.0.0.1", utcnow())
    job = by_name("withdrawal-timeouts")
    await job_runs.run_current(job, utcnow() + timedelta(days=3650))  # a period never run
    after = await _scrape(door)

    def grew(name: str, by: float, **labels: str) -> None:
        old = _value(before, name, **labels) or 0.0
        new = _value(after, name, **labels)
        assert new is not None and new - old >= by, (name, labels, old, new)

    grew(
        "platform_http_request_duration_seconds_count",
        2,
        route="/wps/system/status",
        method="GET",
        status="2xx",
    )
    grew("platform_ledger_posts_total", 1, kind="DEPOSIT")
    grew("platform_ledger_posts_total", 1, kind="BET")
    grew("platform_bets_total", 1, kind="SETTLED")
    grew("platform_login_failures_total", 1, reason=str(refused.value.code))
    grew("platform_staff_login_failures_total", 1, reason=staff_refused.value.code)
    grew("platform_job_runs_total", 1, job="withdrawal-timeouts", outcome="succeeded")
    # Route labels are templates, never a path a caller chose.
    await door("198.51.100.7").get("/wps/no/such/call/123456")
    assert "123456" not in await _scrape(door)


async def test_scrape_gauges_read_the_payout_queue_consumers_jobs_and_pool(
    door: Callable[[str], httpx.AsyncClient],
) -> None:
    brand = await brands.by_code("BR1")
    member, account_id = await _member(brand)
    waiting = await withdrawals.request_withdrawal(
        brand, member, "20.00", account_id, PAYMENT_PASSWORD
    )
    async with write_transaction() as session:
        await session.exec(
            update(WithdrawalOrder)
            .where(WithdrawalOrder.order_no == waiting.order.order_no)  # type: ignore[arg-type]
            .values(created_at=utcnow() - timedelta(minutes=130))
        )
    text = await _scrape(door)
    oldest = _value(text, "platform_payout_oldest_unpaid_seconds", merchant="BR1")
    assert oldest is not None and oldest >= 130 * 60
    assert (_value(text, "platform_payout_unpaid", merchant="BR1") or 0) >= 1
    assert _value(text, "platform_payout_limit_seconds") == 7200
    assert _value(text, "platform_up") == 1
    assert (_value(text, "platform_db_pool_size") or 0) > 0
    names = {f.name for f in text_string_to_metric_families(text)}
    assert {"platform_job_lag_seconds", "platform_consumer_lag_facts"} <= names
    job_lag = {
        s.labels["job"]
        for f in text_string_to_metric_families(text)
        for s in f.samples
        if s.name == "platform_job_lag_seconds"
    }
    assert "withdrawal-timeouts" in job_lag


async def test_websocket_events_are_timed_by_handler_name(monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[str] = []

    async def handler_ran(self: object, *, entry: object, registered_handler: object) -> None:
        ran.append("event")

    monkeypatch.setattr(BaseStateEventProcessor, "_execute_event", handler_ran)
    event_metrics.time_events()
    histogram = metrics.EVENT_LATENCY.labels(event="state.lobby_state.load_home", outcome="ok")
    before = histogram._sum.get()  # type: ignore[attr-defined]
    entry = SimpleNamespace(event=SimpleNamespace(name="state.lobby_state.load_home"))
    await BaseStateEventProcessor._execute_event(
        object(),  # type: ignore[arg-type]
        entry=entry,
        registered_handler=None,
    )
    assert ran == ["event"]
    assert histogram._sum.get() > before  # type: ignore[attr-defined]


async def test_every_answer_carries_a_request_id(door: Callable[[str], httpx.AsyncClient]) -> None:
    given = await door("198.51.100.7").get(
        "/wps/system/status", headers={"X-Request-Id": "proxy-abc-123"}
    )
    assert given.headers["x-request-id"] == "proxy-abc-123"
    made = await door("198.51.100.7").get("/wps/system/status")
    assert len(made.headers["x-request-id"]) == 32
    junk = await door("198.51.100.7").get("/wps/system/status", headers={"X-Request-Id": "a b"})
    assert junk.headers["x-request-id"] != "a b"


def test_a_route_is_named_by_its_endpoint_unless_another_route_shares_it() -> None:
    async def alone(request: Request) -> Response:
        return Response()

    async def shared(request: Request) -> Response:
        return Response()

    routes = [
        Route("/alone/{id:int}", alone),
        Route("/one", shared),
        Route("/two", shared),
        Mount("/site", app=Starlette()),
    ]
    assert ops.templates_by_endpoint(routes) == {alone: "/alone/{id}"}
    observing = ops.RequestObservability(Starlette(), routes)
    arrived = {"type": "http", "path": "/two", "method": "GET", "root_path": ""}
    assert observing._template({**arrived, "endpoint": shared}, arrived) == "/two"
    assert observing._template({**arrived, "endpoint": alone}, arrived) == "/alone/{id}"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def own_database(tmp_path: Path) -> Iterator[str]:
    """A database of the worker's own (it runs every job once at its start): a copy of the
    session's SQLite file, or a new PostgreSQL database at the schema's head."""
    if not use_postgres():
        copy = tmp_path / "worker.db"
        source = os.environ["DATABASE_URL"].removeprefix("sqlite:///")
        with closing(sqlite3.connect(source)) as live, closing(sqlite3.connect(copy)) as new:
            live.backup(new)
        yield f"sqlite:///{copy}"
        return
    url = create_postgres_database()
    command.upgrade(alembic_config(url), "head")
    yield url
    drop_postgres_database(url)


async def test_the_worker_serves_health_and_metrics_on_its_ops_port(own_database: str) -> None:
    port = _free_port()
    worker = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "app.cli",
        "worker",
        "--ops-port",
        str(port),
        cwd=PROJECT_ROOT,
        env={**os.environ, "DATABASE_URL": own_database},
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as client:
            ready = None
            for _ in range(300):
                try:
                    ready = await client.get("/health/ready")
                    break
                except httpx.TransportError:
                    await asyncio.sleep(0.1)
            assert ready is not None and ready.status_code == 200, ready and ready.text
            assert ready.json()["checks"]["frontend"]["detail"] == "not served by this process"
            scraped = await client.get("/metrics")
            assert scraped.status_code == 200
            assert "platform_job_lag_seconds" in scraped.text
    finally:
        worker.terminate()
        _, errors = await worker.communicate()
    assert worker.returncode == 0, errors.decode()[-2000:]


async def test_probes_pass_the_domain_check_that_refuses_other_hosts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An orchestrator's probe names the pod's address, not a brand's domain."""
    monkeypatch.setattr(get_settings(), "domain_check", True)
    front = DomainCheck(platform_api())
    transport = httpx.ASGITransport(app=front, client=("10.0.0.7", 40000))
    async with httpx.AsyncClient(transport=transport, base_url="http://10.1.2.3:3000") as client:
        assert (await client.get("/wps/system/status")).status_code == 421
        assert (await client.get("/health/live")).status_code == 200
        assert (await client.get("/health/ready")).status_code == 200
        assert (await client.get("/metrics")).status_code == 403  # passes, still not public
