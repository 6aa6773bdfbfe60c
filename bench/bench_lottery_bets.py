"""Lottery bet placement over HTTP at 32 concurrent clients, on PostgreSQL.

The API (app.api.main, one granian worker, as bench_games serves it) runs on a private
PostgreSQL database (migrated, demo data) with 320 funded members logged in. 32 clients,
each cycling through 10 of the members (the engine allows 600 bets a minute per member),
place bets back to back for BENCH_SECONDS on the next 5-minute SSC issue taking bets:
`POST /lgw/lotto/bets`, one number on one position, 1.00 (the issue row lock, the exposure
row, the ledger's post and the bet row, all in one transaction per bet). The latency of each
call is measured at the client.

Baseline in the same run: the same 32 clients against a bare Starlette JSON endpoint served
the same way (bench/bare_app.py), i.e. what the machine, the loopback and the client cost.

Goal (issue 14): bet placement p95 under 100 ms at 32 concurrent clients.
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import time
from collections.abc import Awaitable, Callable
from datetime import timedelta
from decimal import Decimal

import httpx
from sqlmodel import select

from app.core import clock
from app.core.db import dispose_engine, write_transaction
from app.demo.seed import seed_demo_data
from app.services import ledger
from app.services.accounts import sessions
from app.services.lottery import issues
from bench.bench_ledger import on_private_database
from bench.common import Figure, asgi_server
from models import Member, Merchant
from models.ledger import AccountKind, TransactionKind
from tests.support.accounts import identity_row

CLIENTS = 32
MEMBERS_EACH = 10
SECONDS = float(os.environ.get("BENCH_SECONDS", "20"))
WARM_UP_SECONDS = 3.0
GAME = "ssc-5m"
CURRENCY = "BRL"


async def _setup() -> tuple[list[str], str]:
    """Logged-in funded members' tokens, and the issue to bet on."""
    await seed_demo_data()
    tokens: list[str] = []
    async with write_transaction() as session:
        merchant = (await session.exec(select(Merchant).where(Merchant.code == "BR1"))).one()
        assert merchant.id is not None
        members = [
            Member(merchant_id=merchant.id, username=f"better{n:04d}", password_hash="!")  # noqa: S106 (never logs in)
            for n in range(CLIENTS * MEMBERS_EACH)
        ]
        session.add_all(members)
        await session.flush()
        session.add_all(identity_row(member) for member in members)  # BR1 asks for it
        clearing = await ledger.account(
            session, merchant_id=merchant.id, kind=AccountKind.PAYMENT_CLEARING, currency=CURRENCY
        )
        assert clearing.id is not None
        for member in members:
            cash = await ledger.account(
                session,
                merchant_id=merchant.id,
                kind=AccountKind.MEMBER_CASH,
                currency=CURRENCY,
                member_id=member.id,
            )
            assert cash.id is not None
            await ledger.move(
                session,
                merchant_id=merchant.id,
                kind=TransactionKind.DEPOSIT,
                idempotency_key=f"bench-bets-{member.id}",
                debit_account_id=clearing.id,
                credit_account_id=cash.id,
                amount=Decimal("100000.00"),
                member_id=member.id,
            )
    for member in members:
        tokens.append(await sessions.open_session(member, "127.0.0.1", "bench", "WEB"))
    now = clock.now()
    await issues.create_issues(now - timedelta(minutes=5), timedelta(minutes=30), [GAME])
    await issues.advance(now)
    needed = now + timedelta(seconds=SECONDS + WARM_UP_SECONDS + 60)
    target = (await issues.upcoming(GAME, needed, 1))[0]
    return tokens, target.issue_no


Call = Callable[[httpx.AsyncClient, int], Awaitable[httpx.Response]]


async def _load(url: str, call: Call) -> tuple[list[float], int]:
    """CLIENTS clients calling back to back; latencies (ms) after the warm-up, and errors."""
    latencies: list[float] = []
    errors = 0
    start = time.monotonic()
    warm_until = start + WARM_UP_SECONDS
    stop = warm_until + SECONDS
    limits = httpx.Limits(max_connections=CLIENTS, max_keepalive_connections=CLIENTS)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=30) as http:

        async def client(index: int) -> None:
            nonlocal errors
            turn = 0
            while time.monotonic() < stop:
                began = time.perf_counter()
                response = await call(http, index * MEMBERS_EACH + turn % MEMBERS_EACH)
                elapsed = (time.perf_counter() - began) * 1000
                turn += 1
                ok = response.status_code == 200 and response.json().get("success") is True
                if time.monotonic() >= warm_until:
                    latencies.append(elapsed)
                    errors += 0 if ok else 1

        await asyncio.gather(*(client(i) for i in range(CLIENTS)))
    return latencies, errors


def _p(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=100)[q - 1]


def measure(url: str) -> list[Figure]:
    async def setup() -> tuple[list[str], str]:
        try:
            return await _setup()
        finally:
            await dispose_engine()

    tokens, issue_no = asyncio.run(setup())
    pick = random.Random(14)

    async def bet(http: httpx.AsyncClient, member: int) -> httpx.Response:
        body = {
            "gameCode": GAME,
            "issueNo": issue_no,
            "playCode": "ssc.position",
            "prizeMode": "LOTT",
            "selection": {"options": [f"{pick.randint(1, 5)}:{pick.randint(0, 9)}"]},
            "unit": "1.00",
        }
        headers = {"Merchant": "BR1", "Authorization": tokens[member], "Device": "WEB"}
        return await http.post("/lgw/lotto/bets", json=body, headers=headers)

    async def status(http: httpx.AsyncClient, member: int) -> httpx.Response:
        return await http.get("/status")

    env = {"DATABASE_URL": url, "REDIS_URL": "", "JOBS_IN_APP": "false"}
    with asgi_server("app.api.main:create_api", env=env, factory=True) as app_url:
        placed, errors = asyncio.run(_load(app_url, bet))
    with asgi_server("bench.bare_app:app") as bare_url:
        baseline, _ = asyncio.run(_load(bare_url, status))
    p95 = _p(placed, 95)
    return [
        Figure("machine load average (1 min) at the end", os.getloadavg()[0], ""),
        Figure("bets placed (32 clients, after warm-up)", len(placed), "bets"),
        Figure("bet errors", errors, "responses", "0", errors == 0),
        Figure("bets per second", len(placed) / SECONDS, "bets/s"),
        Figure("bet placement p50", _p(placed, 50), "ms"),
        Figure("bet placement p95", p95, "ms", "< 100 ms", p95 < 100),
        Figure("bet placement p99", _p(placed, 99), "ms"),
        Figure("baseline (bare JSON endpoint) p50", _p(baseline, 50), "ms"),
        Figure("baseline (bare JSON endpoint) p95", _p(baseline, 95), "ms"),
        Figure("baseline requests per second", len(baseline) / SECONDS, "req/s"),
        Figure("bet p95 / baseline p95", p95 / _p(baseline, 95), "×"),
    ]


def run() -> list[Figure]:
    return on_private_database(measure)


if __name__ == "__main__":
    for figure in run():
        print(figure.row())
