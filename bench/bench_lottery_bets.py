"""Lottery bet placement over HTTP at 32 connections on PostgreSQL, against its database's
own floor (issue 36).

The product: the API (app.api.main, two granian workers, a worker per core as production
serves it) on a private PostgreSQL database (migrated, demo data) with 320 funded, verified
members logged in. wrk (2 threads, 32 connections, a Lua script cycling through the members)
places bets back to back for BENCH_SECONDS on the next 5-minute SSC issue taking bets:
`POST /lgw/lotto/bets`, one number on one position, 1.00. An answer that is not a success is
an error (the script reads each).

The floor: the same statements with the same parameters, sent by bare psycopg clients (32
connections in 4 processes), one transaction per bet. Each member's statements are recorded
from one real bet (SQLAlchemy's cursor events, and the statements the driver sends as they
are) and replayed with a fresh bet uid, so a fresh stake idempotency key; the replayed bet row
names the recorded stake's ledger transaction.
What the product adds to those statements (HTTP, validation, SQLAlchemy and the ORM, the
rate limit) is what the ratio judges.

The client check: the same wrk against a bare Starlette JSON endpoint (bench/bare_app.py)
served the same way must reach at least ten times the product's rate, else the product's
figure would measure its client. The servers' CPU per call is read from /proc: it does not
depend on who else shares the machine.

Goals (issue 36): bets/s at least 25 % of the floor's; the client at least 10x the product.
Before issue 36's cuts the product reached 1.4-3.6 % of a pgbench floor; one worker of it, at
commit 8722d52, 11.6 % of this floor (85 bets/s, 11.7 ms of API CPU per bet).
"""

from __future__ import annotations

import asyncio
import json
import os
import tempfile
import time
from collections.abc import Sequence
from datetime import timedelta
from decimal import Decimal
from multiprocessing import get_context
from pathlib import Path
from uuid import uuid4

import psycopg
from sqlmodel import select

from app.core import clock
from app.core.db import dispose_engine, write_transaction
from app.demo.seed import seed_demo_data
from app.services import ledger
from app.services.accounts import sessions
from app.services.lottery import bets, issues
from bench.bench_ledger import on_private_database
from bench.common import Figure, asgi_server, serving_cpu, wrk
from models import Member, Merchant
from models.ledger import AccountKind, TransactionKind
from tests.helpers.accounts import identity_row
from tests.helpers.statements import Statement, statements_sent

# What this bench measures: a change under these paths makes its RESULTS.md section stale.
MEASURES = (
    "app/services/lottery/bets.py",
    "app/services/ledger",
    "app/services/protection/limits.py",
    "app/api/lottery",
)

CONNECTIONS = 32
WORKERS = 2  # the API as production serves it: a worker per core
FLOOR_PROCESSES = 4
MEMBERS = 320
SECONDS = float(os.environ.get("BENCH_SECONDS", "20"))
WARM_UP_SECONDS = 2.0
GAME = "ssc-5m"
PLAY = "ssc.position"
CURRENCY = "BRL"
ROUNDS_OF_TEMPLATES = 2  # each member's bet is recorded twice: the second is the steady one

Template = tuple[str, list[Statement]]  # a recorded bet: its uid, its statements

_LUA = r"""
local tokens = {%(tokens)s}
local issue = "%(issue)s"
local turn = 0
request = function()
  turn = turn + 1
  local body = string.format(
    '{"gameCode":"%(game)s","issueNo":"%%s","playCode":"%(play)s","prizeMode":"LOTT",'
    .. '"selection":{"options":["%%d:%%d"]},"unit":"1.00"}',
    issue, math.random(1, 5), math.random(0, 9))
  local headers = {["Content-Type"] = "application/json", ["Merchant"] = "BR1",
    ["Device"] = "WEB", ["Authorization"] = tokens[(turn %% #tokens) + 1]}
  return wrk.format("POST", "/lgw/lotto/bets", headers, body)
end
local threads = {}
setup = function(thread) table.insert(threads, thread) end
init = function(args) failed = 0 end
response = function(status, headers, body)
  if not string.find(body, '"success":true', 1, true) then failed = failed + 1 end
end
done = function(summary, latency, requests)
  local total = 0
  for _, thread in ipairs(threads) do total = total + thread:get("failed") end
  io.write(string.format("failed responses: %%d\n", total))
end
"""


async def _members() -> list[Member]:
    """Funded, verified members of BR1 (which asks for a verified identity)."""
    await seed_demo_data()
    async with write_transaction() as session:
        merchant = (await session.exec(select(Merchant).where(Merchant.code == "BR1"))).one()
        assert merchant.id is not None
        members = [
            Member(merchant_id=merchant.id, username=f"better{n:04d}", password_hash="!")  # noqa: S106 (never logs in)
            for n in range(MEMBERS)
        ]
        session.add_all(members)
        await session.flush()
        session.add_all(identity_row(member) for member in members)
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
    return members


async def _issue() -> str:
    """The next SSC issue that takes bets for the whole run."""
    now = clock.now()
    await issues.create_issues(now - timedelta(minutes=5), timedelta(minutes=30), [GAME])
    await issues.advance(now)
    needed = now + timedelta(seconds=3 * SECONDS + 120)
    return (await issues.upcoming(GAME, needed, 1))[0].issue_no


async def _templates(members: Sequence[Member], issue_no: str) -> list[Template]:
    """Per member: the uid of one real bet and the statements that placed it."""
    recorded: list[Template] = []
    for round_ in range(ROUNDS_OF_TEMPLATES):
        for index, member in enumerate(members):
            request = bets.BetRequest(
                GAME, PLAY, "LOTT", {"options": [f"{1 + index % 5}:{index % 10}"]}, "1.00"
            )
            with statements_sent() as sent:
                placed = await bets.place_bet(member, issue_no, request, clock.now())
            if round_ == ROUNDS_OF_TEMPLATES - 1:
                recorded.append((placed.uid, sent))
    return recorded


def _fresh(template: Template, uid: str) -> list[Statement]:
    """A recorded bet's statements under a new bet uid."""
    old, sent = template
    return [
        (text, {k: v.replace(old, uid) if isinstance(v, str) else v for k, v in params.items()})
        for text, params in sent
    ]


def _replay(args: tuple[str, list[Template], int, float, float]) -> tuple[int, int]:
    """One floor process: its connections replay bets from `start` until `stop`; (bets placed
    in the measured window, errors)."""
    url, templates, connections, start, stop = args

    async def connection(offset: int) -> tuple[int, int]:
        placed = errors = 0
        async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
            turn = offset
            while time.time() < stop:
                turn += connections
                statements = _fresh(templates[turn % len(templates)], uuid4().hex)
                try:
                    async with conn.transaction():
                        for text, params in statements:
                            await conn.execute(text, params)
                except psycopg.Error:
                    errors += 1
                    continue
                placed += time.time() >= start
        return placed, errors

    async def all_of_them() -> list[tuple[int, int]]:
        return await asyncio.gather(*(connection(n) for n in range(connections)))

    found = asyncio.run(all_of_them())
    return sum(p for p, _ in found), sum(e for _, e in found)


def _floor(url: str, templates: list[Template]) -> tuple[float, int]:
    """Bets per second of the bare replay, and its errors."""
    sqlalchemy_url = url.replace("postgresql+psycopg://", "postgresql://")
    start = time.time() + 3 + WARM_UP_SECONDS  # the processes start, then warm up
    stop = start + SECONDS
    each = CONNECTIONS // FLOOR_PROCESSES
    shares = [templates[n::FLOOR_PROCESSES] for n in range(FLOOR_PROCESSES)]
    with get_context("spawn").Pool(FLOOR_PROCESSES) as pool:
        found = pool.map(_replay, [(sqlalchemy_url, share, each, start, stop) for share in shares])
    return sum(p for p, _ in found) / SECONDS, sum(e for _, e in found)


def _script(tokens: Sequence[str], issue_no: str) -> Path:
    folder = Path(tempfile.mkdtemp(prefix="bench-lottery-"))
    script = folder / "bets.lua"
    listed = ", ".join(json.dumps(token) for token in tokens)
    script.write_text(_LUA % {"tokens": listed, "issue": issue_no, "game": GAME, "play": PLAY})
    return script


def measure(url: str) -> list[Figure]:
    async def setup() -> tuple[list[str], str, list[Template]]:
        try:
            members = await _members()
            issue_no = await _issue()
            templates = await _templates(members, issue_no)
            tokens = [
                await sessions.open_session(member, "127.0.0.1", "bench", "WEB")
                for member in members
            ]
            return tokens, issue_no, templates
        finally:
            await dispose_engine()

    tokens, issue_no, templates = asyncio.run(setup())
    script = _script(tokens, issue_no)
    env = {"DATABASE_URL": url, "REDIS_URL": "", "JOBS_IN_APP": "false"}
    with asgi_server("app.api.main:create_api", env=env, factory=True, workers=WORKERS) as app_url:
        wrk(app_url, CONNECTIONS, WARM_UP_SECONDS, script=script)
        before_cpu = serving_cpu(app_url)
        product = wrk(app_url, CONNECTIONS, SECONDS, script=script)
        product_cpu = serving_cpu(app_url) - before_cpu
    with asgi_server("bench.bare_app:app") as bare_url:
        wrk(bare_url + "/status", CONNECTIONS, WARM_UP_SECONDS)
        before_cpu = serving_cpu(bare_url)
        bare = wrk(bare_url + "/status", CONNECTIONS, SECONDS)
        bare_cpu = serving_cpu(bare_url) - before_cpu
    # After the product: the replay checks no exposure limit, and would use the issue's up.
    floor_rate, floor_errors = _floor(url, templates)
    placed, errors = product.requests - product.errors, product.errors
    rate = product.rate * placed / product.requests if product.requests else 0.0
    share = rate / floor_rate if floor_rate else 0.0
    headroom = bare.rate / rate if rate else 0.0
    cpu_per_bet = product_cpu / placed * 1000 if placed else 0.0
    cpu_per_bare = bare_cpu / bare.requests * 1000 if bare.requests else 0.0
    return [
        Figure("machine load average (1 min) at the end", os.getloadavg()[0], ""),
        Figure("product: bets placed", placed, "bets"),
        Figure("product: errors", errors, "requests", "0", errors == 0),
        Figure("product: bets per second", rate, "bets/s"),
        Figure("product: bet p50 (wrk)", product.p50_ms, "ms"),
        Figure("product: bet p99 (wrk)", product.p99_ms, "ms"),
        Figure("product: API CPU per bet", cpu_per_bet, "ms"),
        Figure("floor: the same statements by bare psycopg, bets per second", floor_rate, "bets/s"),
        Figure("floor: errors", floor_errors, "bets", "0", floor_errors == 0),
        Figure("product / floor", share * 100, "%", ">= 25 %", share >= 0.25),
        Figure("client check: wrk on the bare endpoint, requests per second", bare.rate, "req/s"),
        Figure("client check: bare endpoint CPU per call", cpu_per_bare, "ms"),
        Figure("client check: bare rate / product rate", headroom, "x", ">= 10x", headroom >= 10),
        Figure("API CPU per bet / bare CPU per call", cpu_per_bet / max(cpu_per_bare, 1e-9), "x"),
    ]


def run() -> list[Figure]:
    return on_private_database(measure)


if __name__ == "__main__":
    for figure in run():
        print(figure.row())
