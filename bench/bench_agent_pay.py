"""Agents' pay on PostgreSQL: a real-time salary window and a daily close for 10,000 agents
over 100,000 members.

A private PostgreSQL database (migrated, demo data) gets, set-based: 1,000 chains of 10
agents (depth 10) with 9 players below each agent (100,000 members), their closure rows,
a real-time salary and a daily salary contract per agent (rates falling down each chain),
and three facts per player: one in each of two five-minute windows, one earlier in the day. Then:

- the real-time salary windows: `payouts.close_in` in one transaction (as the job does),
  every agent's line and ledger movement; the first window also makes every agent's cash
  account, the second one is the steady state (the figure against the goal);
- the daily close of the same day for the same tree.

Baselines measured in the same run: the read alone (`payouts.team_inputs` for the 10,000
agents, the grouped query over the tree and the facts) for each, so the ratio shows what the
lines and 10,000 ledger movements cost on top.

Goals (issue 15): real-time salary under 30 s; the daily close under 60 s.
"""

from __future__ import annotations

import asyncio
import os
import time
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import psycopg

from app.core.db import dispose_engine, session_scope, write_transaction
from app.demo.seed import seed_demo_data
from app.services.agents import payouts, periods
from app.services.brands import brands
from bench.bench_ledger import on_private_database
from bench.common import Figure
from models.agents import ContractKind

# What this bench measures: a change under these paths makes its RESULTS.md section stale.
MEASURES = ("app/services/agents",)

CHAINS = 1_000
DEPTH = 10
PLAYERS_PER_AGENT = 9
AGENTS = CHAINS * DEPTH
TZ = "America/Sao_Paulo"

# Agents: ids FIRST + c * DEPTH + d (chain c, depth d from 0); players follow.
BUILD = """
WITH agents AS (
    SELECT c, d FROM generate_series(0, %(chains)s - 1) c, generate_series(0, %(depth)s - 1) d
)
INSERT INTO member (id, merchant_id, username, password_hash, account_type, status, nickname,
                    icon, totp_enabled, must_change_password, password_changed_at, created_at,
                    upline_id)
SELECT %(first)s + c * %(depth)s + d, %(merchant)s, 'bench_a_' || c || '_' || d, 'x', 1,
       'ACTIVE', '', '1', false, false, now(), now(),
       CASE WHEN d = 0 THEN NULL ELSE %(first)s + c * %(depth)s + d - 1 END
FROM agents;

INSERT INTO member (id, merchant_id, username, password_hash, account_type, status, nickname,
                    icon, totp_enabled, must_change_password, password_changed_at, created_at,
                    upline_id)
SELECT %(first)s + %(agents)s + a * %(per)s + p, %(merchant)s, 'bench_p_' || a || '_' || p,
       'x', 0, 'ACTIVE', '', '1', false, false, now(), now(), %(first)s + a
FROM generate_series(0, %(agents)s - 1) a, generate_series(0, %(per)s - 1) p;

-- Closure: every agent's ancestors in its chain, then every player's (its agent and above).
INSERT INTO agent_tree (ancestor_id, descendant_id, depth, merchant_id)
SELECT %(first)s + c * %(depth)s + up, %(first)s + c * %(depth)s + d, d - up, %(merchant)s
FROM generate_series(0, %(chains)s - 1) c, generate_series(1, %(depth)s - 1) d,
     generate_series(0, %(depth)s - 2) up
WHERE up < d;

INSERT INTO agent_tree (ancestor_id, descendant_id, depth, merchant_id)
SELECT %(first)s + c * %(depth)s + up, %(first)s + %(agents)s + (c * %(depth)s + d) * %(per)s + p,
       d - up + 1, %(merchant)s
FROM generate_series(0, %(chains)s - 1) c, generate_series(0, %(depth)s - 1) d,
     generate_series(0, %(depth)s - 1) up, generate_series(0, %(per)s - 1) p
WHERE up <= d;

-- Contracts: rates fall by 0.0001 per level (0.0020 at the top).
INSERT INTO agent_contract (merchant_id, upline_id, downline_id, kind, period, status, version,
                            terms, created_at, decided_at, starts_at)
SELECT %(merchant)s, CASE WHEN d = 0 THEN NULL ELSE %(first)s + c * %(depth)s + d - 1 END,
       %(first)s + c * %(depth)s + d, 'REALTIME_SALARY', '5', 'ACTIVE', 1,
       json_build_object('profitRate', (0.0020 - d * 0.0001)::text,
                         'lossRate', (0.0010 - d * 0.00005)::numeric(6,4)::text,
                         'minSingleBet', '1.00'),
       %(signed)s, %(signed)s, %(signed)s
FROM generate_series(0, %(chains)s - 1) c, generate_series(0, %(depth)s - 1) d;

INSERT INTO agent_contract (merchant_id, upline_id, downline_id, kind, period, status, version,
                            terms, created_at, decided_at, starts_at)
SELECT %(merchant)s, CASE WHEN d = 0 THEN NULL ELSE %(first)s + c * %(depth)s + d - 1 END,
       %(first)s + c * %(depth)s + d, 'DAILY_SALARY', 'D', 'ACTIVE', 1,
       json_build_object('tiers', json_build_array(
           json_build_object('minActive', 1, 'minValidBet', '0', 'minNetLoss', NULL,
                             'rate', (0.0020 - d * 0.0001)::text))),
       %(signed)s, %(signed)s, %(signed)s
FROM generate_series(0, %(chains)s - 1) c, generate_series(0, %(depth)s - 1) d;

-- Three facts per player: one in each of two windows, one earlier in the day.
INSERT INTO wager_fact (txid, member_id, brand_id, vendor, game_code, category, currency,
                        round_ref, kind, bet, valid_bet, win, net, settled_at)
SELECT 0, m, %(merchant)s, 'BENCH', 'BENCH_GAME', 'RNG', 'BRL', 'b' || m || '_' || k,
       'SETTLED', 5 + (m %% 20), 5 + (m %% 20), (m %% 7) * 2, (m %% 7) * 2 - 5 - (m %% 20),
       CASE WHEN k = 0 THEN %(window)s + ((m %% 290) || ' seconds')::interval
            WHEN k = 1 THEN %(window)s + ((300 + m %% 290) || ' seconds')::interval
            ELSE %(day)s + ((m %% 600) || ' minutes')::interval END
FROM generate_series(%(first)s + %(agents)s, %(first)s + %(agents)s * (1 + %(per)s) - 1) m,
     generate_series(0, 2) k;
"""


def build(url: str, merchant: int, window: datetime, day: datetime) -> float:
    started = time.perf_counter()
    with psycopg.connect(url, autocommit=True) as connection:
        first = int(connection.execute("SELECT coalesce(max(id), 0) + 1 FROM member").fetchone()[0])  # type: ignore[index]
        values = {
            "chains": CHAINS,
            "depth": DEPTH,
            "per": PLAYERS_PER_AGENT,
            "agents": AGENTS,
            "first": first,
            "merchant": merchant,
            "signed": day - timedelta(days=1),
            "window": window,
            "day": day,
        }
        for statement in BUILD.split(";\n\n"):
            connection.execute(statement, values)  # type: ignore[arg-type]
        connection.execute("SELECT setval('member_id_seq', (SELECT max(id) FROM member))")
        connection.execute("VACUUM ANALYZE member, agent_tree, agent_contract, wager_fact")
    return time.perf_counter() - started


async def _close(
    kind: ContractKind, code: str, start: datetime, end: datetime
) -> tuple[float, int, Decimal]:
    brand = await brands.by_code("BR1")
    started = time.perf_counter()
    async with write_transaction() as session:
        result = await payouts.close_in(session, brand, kind, code, start, end, end)
    return time.perf_counter() - started, result.lines, result.total


async def _read(kind: ContractKind, code: str, start: datetime, end: datetime) -> float:
    brand = await brands.by_code("BR1")
    started = time.perf_counter()
    async with session_scope() as session:
        contracts = await payouts.contracts_in_force(session, brand.id, kind, code, end)
        threshold = Decimal("1.00") if kind == ContractKind.REALTIME_SALARY else Decimal(0)
        await payouts.team_inputs(
            session, [c.downline_id for c in contracts], start, end, threshold
        )
    return time.perf_counter() - started


async def _measure(
    window: datetime, day_start: datetime, day_end: datetime
) -> list[float | int | Decimal]:
    try:
        end = window + timedelta(minutes=5)
        rt_read = await _read(ContractKind.REALTIME_SALARY, "5", window, end)
        first_time, _, _ = await _close(ContractKind.REALTIME_SALARY, "5", window, end)
        # The next window: every agent's cash account exists now (the steady state).
        later = end + timedelta(minutes=5)
        rt_time, rt_lines, rt_total = await _close(ContractKind.REALTIME_SALARY, "5", end, later)
        d_read = await _read(ContractKind.DAILY_SALARY, "D", day_start, day_end)
        d_time, d_lines, d_total = await _close(ContractKind.DAILY_SALARY, "D", day_start, day_end)
        return [first_time, rt_read, rt_time, rt_lines, rt_total, d_read, d_time, d_lines, d_total]
    finally:
        await dispose_engine()


async def _seed() -> int:
    try:
        await seed_demo_data()
        return (await brands.by_code("BR1")).id
    finally:
        await dispose_engine()


def measure(url: str) -> list[Figure]:
    merchant = asyncio.run(_seed())
    day_start, day_end = periods.bounds("D", datetime(2026, 3, 10, 15, tzinfo=UTC), TZ)
    window = day_start + timedelta(hours=20)  # a 5-minute window inside the day
    build_seconds = build(url, merchant, window, day_start)
    first, rt_read, rt_time, rt_lines, rt_total, d_read, d_time, d_lines, d_total = asyncio.run(
        _measure(window, day_start, day_end)
    )
    return [
        Figure("machine load average (1 min) at the end", os.getloadavg()[0], ""),
        Figure("agents / members", AGENTS, f"/ {AGENTS * (1 + PLAYERS_PER_AGENT):,}"),
        Figure("build: members, closure, contracts, facts", build_seconds, "s"),
        Figure("real-time, first window (makes 10,000 cash accounts)", float(first), "s"),
        Figure("real-time window: read only (baseline)", float(rt_read), "s"),
        Figure(
            "real-time window: close (lines + ledger)",
            float(rt_time),
            "s",
            "< 30 s",
            float(rt_time) < 30,
        ),
        Figure("real-time: close / read", float(rt_time) / float(rt_read), "x"),
        Figure("real-time lines written", float(rt_lines), "lines"),
        Figure("real-time paid in total", float(rt_total), "BRL"),
        Figure("daily: read only (baseline)", float(d_read), "s"),
        Figure("daily close (lines + ledger)", float(d_time), "s", "< 60 s", float(d_time) < 60),
        Figure("daily: close / read", float(d_time) / float(d_read), "x"),
        Figure("daily lines written", float(d_lines), "lines"),
        Figure("daily paid in total", float(d_total), "BRL"),
    ]


def run() -> list[Figure]:
    return on_private_database(measure)


if __name__ == "__main__":
    for figure in run():
        print(figure.row())
