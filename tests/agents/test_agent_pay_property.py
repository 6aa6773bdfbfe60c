"""Property: the pay of any tree and any sequence of facts is the same whether each day is
closed as it ends (facts arriving as time goes on) or every day is closed at once at the
end. Two identical worlds are built per example; one is closed incrementally, the other at
once, and their payout lines (amount and explanation) must agree agent by agent, day by day.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlmodel import col, select

from app.core.cache import close_redis
from app.core.db import dispose_engine, session_scope, write_transaction
from app.services.agents import contracts, payouts, periods, tree
from models import Member
from models.agents import AgentPayout, ContractKind
from tests.helpers.accounts import new_username
from tests.helpers.agents import brand, fact, tiers

SP = "America/Sao_Paulo"
DAY0 = datetime(2025, 1, 6, 3, tzinfo=UTC)  # a Monday, midnight in São Paulo
DAYS = 3


@dataclass(frozen=True)
class Shape:
    parents: list[int]  # agent i > 0 sits below agent parents[i - 1] < i
    rates: list[int]  # per agent, in hundredths of a percent (ceiling kept below)
    players: list[int]  # the agent each player sits below
    facts: list[tuple[int, int, int, int, int]]  # player, day, minute, bet cents, win cents


@st.composite
def shapes(draw: st.DrawFn) -> Shape:
    agents = draw(st.integers(1, 4))
    parents = [draw(st.integers(0, i - 1)) for i in range(1, agents)]
    rates = [draw(st.integers(1, 100))]
    for i in range(1, agents):
        rates.append(draw(st.integers(1, rates[parents[i - 1]])))
    players = draw(st.lists(st.integers(0, agents - 1), min_size=1, max_size=4))
    facts = draw(
        st.lists(
            st.tuples(
                st.integers(0, len(players) - 1),
                st.integers(0, DAYS - 1),
                st.integers(0, 24 * 60 - 1),
                st.integers(1, 100_000),
                st.integers(0, 200_000),
            ),
            max_size=12,
        )
    )
    return Shape(parents, rates, players, facts)


async def _member(merchant_id: int, account_type: int, upline: Member | None) -> Member:
    async with write_transaction() as session:
        member = Member(
            merchant_id=merchant_id,
            username=new_username(),
            password_hash="not-used",
            account_type=account_type,
            upline_id=None if upline is None else upline.id,
        )
        session.add(member)
        await tree.attach(session, member)
    return member


async def _world(shape: Shape) -> tuple[list[Member], list[Member]]:
    site = await brand()
    signed_at = DAY0 - timedelta(days=1)
    agents: list[Member] = []
    for index in range(len(shape.rates)):
        upline = None if index == 0 else agents[shape.parents[index - 1]]
        agent = await _member(site.id, 1, upline)
        terms = tiers((0, "0", None, str(Decimal(shape.rates[index]) / 10000)))
        offered = await contracts.offer(
            site, upline, agent.id or 0, "DAILY_SALARY", "D", terms, signed_at
        )
        await contracts.accept(agent, offered.id, signed_at)
        agents.append(agent)
    players = [await _member(site.id, 0, agents[at]) for at in shape.players]
    return agents, players


async def _play(players: list[Member], shape: Shape, day: int | None) -> None:
    for player, on, minute, bet, win in shape.facts:
        if day is None or on == day:
            at = DAY0 + timedelta(days=on, minutes=minute)
            await fact(players[player], str(Decimal(bet) / 100), str(Decimal(win) / 100), at)


async def _close(day: int) -> None:
    start = DAY0 + timedelta(days=day)
    assert periods.bounds("D", start, SP)[0] == start
    end = start + timedelta(days=1)
    await payouts.close(await brand(), ContractKind.DAILY_SALARY, start, end)


async def _lines(agents: list[Member]) -> list[tuple[int, datetime, Decimal, dict[str, Any]]]:
    index = {agent.id: i for i, agent in enumerate(agents)}
    async with session_scope() as session:
        rows = (
            await session.exec(
                select(AgentPayout)
                .where(col(AgentPayout.agent_id).in_(list(index)))
                .order_by(col(AgentPayout.period_start), col(AgentPayout.agent_id))
            )
        ).all()
    return sorted(
        (index[row.agent_id], row.period_start, Decimal(str(row.amount)), dict(row.line))
        for row in rows
    )


async def _scenario(shape: Shape) -> None:
    step_agents, step_players = await _world(shape)
    for day in range(DAYS):
        await _play(step_players, shape, day)
        await _close(day)
    # A close is brand-wide: the second world is made once the first is closed, so that its
    # days are closed only after all its facts are in.
    once_agents, once_players = await _world(shape)
    await _play(once_players, shape, None)
    for day in range(DAYS):
        await _close(day)
    incremental, at_once = await _lines(step_agents), await _lines(once_agents)
    assert incremental == at_once
    assert len(incremental) == DAYS * len(shape.rates)
    # The rate-difference rule: the agents of a day share the top agent's rate of the whole
    # team's valid bet (to a cent per agent, each gross being rounded on its own).
    top_rate = Decimal(shape.rates[0]) / 10000
    for day in range(DAYS):
        valid = sum(
            (Decimal(bet) / 100 for _, on, _, bet, _ in shape.facts if on == day), Decimal(0)
        )
        paid = sum(
            (amount for _, start, amount, _ in incremental if start == DAY0 + timedelta(days=day)),
            Decimal(0),
        )
        assert abs(paid - top_rate * valid) <= Decimal("0.01") * len(shape.rates)


def test_pay_is_the_same_closed_day_by_day_or_all_at_once(engine_released: None) -> None:
    with asyncio.Runner(loop_factory=asyncio.new_event_loop) as runner:

        @settings(
            max_examples=12,
            deadline=None,
            database=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
        )
        @given(shapes())
        def check(shape: Shape) -> None:
            runner.run(_scenario(shape))

        try:
            check()
        finally:
            runner.run(dispose_engine())
            runner.run(close_redis())
