"""Agents against the real database: the tree, contracts and their rules, period closes that
pay once through the ledger, late corrections, and what an agent may read."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from sqlmodel import col, func, select

from app.core.db import session_scope
from app.core.errors import AppError
from app.services import ledger
from app.services.agents import contracts, payouts, periods, team, tree
from app.services.brands import Brand
from app.services.cashier.transfers import member_wallet
from models import Member, MemberMessage
from models.agents import AgentPayout, ContractKind, ContractStatus
from models.facts import FactKind
from tests.helpers.accounts import make_member
from tests.helpers.agents import brand, downline, fact, signed, tiers, top_agent

D = Decimal
DAILY = ContractKind.DAILY_SALARY.value
DIVIDEND = ContractKind.DIVIDEND.value
SP = "America/Sao_Paulo"
# A fixed day in the past, so the facts of other tests (written now) never fall in it.
DAY = datetime(2025, 6, 10, 15, tzinfo=UTC)  # 12:00 in São Paulo
HOUSE = tiers((0, "0", None, "0.01"))


async def _cash(member: Member) -> Decimal:
    return (await member_wallet(await brand(), member.id or 0)).cash


async def test_tree_descendants_and_path_are_single_queries_over_the_closure() -> None:
    root = await top_agent()
    a = await downline(root)
    b = await downline(a)
    c = await downline(b, as_agent=False)
    async with session_scope() as session:
        assert await tree.path_to_root(session, c.id or 0) == [b.id, a.id, root.id]
        connection = await session.connection()
        below = (await connection.execute(tree.descendants(root.id or 0))).scalars().all()
        direct = (await connection.execute(tree.descendants(root.id or 0, max_depth=1))).all()
        assert set(below) == {a.id, b.id, c.id} and len(direct) == 1
        assert await tree.is_below(session, a.id or 0, c.id or 0)
        assert not await tree.is_below(session, c.id or 0, a.id or 0)
        # No cycles, no other brand, no player upline.
        with pytest.raises(AppError):
            await tree.check_upline(session, a, c.id or 0)  # c is a player
        with pytest.raises(AppError):
            await tree.check_upline(session, a, b.id or 0)  # b is below a
        other = await make_member("BR2", account_type=1)
        with pytest.raises(AppError):
            await tree.check_upline(session, a, other.id or 0)


async def test_a_player_cannot_register_downlines_and_bad_input_changes_nothing() -> None:
    player = await make_member()
    with pytest.raises(AppError) as caught:
        await downline(player)
    assert caught.value.code == "agent-only"
    agent = await top_agent()
    with pytest.raises(AppError) as bad:
        await team.register_downline(
            await brand(), agent, "x!", "short", as_agent=False, ip="192.0.2.9"
        )
    assert bad.value.code == "agent-register-invalid-username"
    assert (await team.downlines(agent)).total == 0


async def test_downline_list_names_the_direct_downline_masks_below_and_is_the_agents_own() -> None:
    agent = await top_agent()
    sub = await downline(agent)
    below = await downline(sub, as_agent=False)
    stranger = await top_agent()
    await downline(stranger, as_agent=False)
    page = await team.downlines(agent)
    assert page.total == 2
    names = {row.depth: row.username for row in page.rows}
    assert names[1] == sub.username  # the agent's own direct downline, by name
    assert names[2] != below.username and "*" in names[2]  # another agent's team
    assert (await team.downlines(agent, direct_only=True)).total == 1
    assert (await team.downlines(agent, search=sub.username[:8])).total == 1
    assert (await team.downlines(stranger)).total == 1
    async with session_scope() as session:
        with pytest.raises(AppError) as caught:
            await tree.require_downline(session, stranger, sub.id or 0)
    assert caught.value.status == 404


async def test_offer_accept_reject_terminate_and_every_version_kept() -> None:
    now = DAY
    br1 = await brand()
    top = await top_agent()
    await signed(None, top, DAILY, HOUSE, now)
    sub = await downline(top)
    first = await contracts.offer(
        br1, top, sub.id or 0, DAILY, "D", tiers((0, "0", None, "0.005")), now
    )
    assert first.status == ContractStatus.OFFERED
    assert (await contracts.consolidated(br1, sub)).dailysalreqtype == "NEW"
    rejected = await contracts.reject(sub, first.id, now)
    assert rejected.status == ContractStatus.REJECTED
    with pytest.raises(AppError):
        await contracts.accept(sub, first.id, now)  # answered already
    second = await signed(top, sub, DAILY, tiers((0, "0", None, "0.005")), now)
    info = await contracts.consolidated(br1, sub)
    assert info.daily_salary and info.has_contract and info.dailysalreqtype == ""
    third = await signed(top, sub, DAILY, tiers((0, "0", None, "0.006")), now)
    versions = {c.id: c for c in await contracts.member_contracts(sub)}
    assert versions[second.id].status == ContractStatus.SUPERSEDED
    assert versions[third.id].status == ContractStatus.ACTIVE and third.version == 3
    asked = await contracts.request_termination(sub, third.id, now)
    assert asked.status == ContractStatus.TERMINATION_REQUESTED
    assert (await contracts.consolidated(br1, top)).dailysalreqtype == ""  # top is the upline
    with pytest.raises(AppError):
        await contracts.confirm_termination(sub, third.id, now)  # not by the asking side
    ended = await contracts.confirm_termination(top, third.id, now)
    assert ended.status == ContractStatus.TERMINATED
    assert not (await contracts.consolidated(br1, sub)).has_contract
    async with session_scope() as session:
        kinds = (
            await session.exec(select(MemberMessage.kind).where(MemberMessage.member_id == sub.id))
        ).all()
    assert "AGENT_CONTRACT_OFFERED" in kinds and "AGENT_CONTRACT_ENDED" in kinds


async def test_ceiling_a_downline_never_gets_more_than_its_upline() -> None:
    top = await top_agent()
    sub = await downline(top)
    with pytest.raises(AppError) as none:
        await contracts.offer(await brand(), top, sub.id or 0, DAILY, "D", HOUSE, DAY)
    assert none.value.code == "agent-contract-upline-has-none"
    await signed(None, top, DAILY, tiers((0, "0", None, "0.004")), DAY)
    with pytest.raises(AppError) as high:
        await contracts.offer(
            await brand(), top, sub.id or 0, DAILY, "D", tiers((0, "0", None, "0.0041")), DAY
        )
    assert high.value.code == "agent-contract-rate-too-high"
    # Only a direct downline can be offered a contract.
    deeper = await downline(sub)
    with pytest.raises(AppError) as far:
        await contracts.offer(
            await brand(), top, deeper.id or 0, DAILY, "D", tiers((0, "0", None, "0.001")), DAY
        )
    assert far.value.code == "agent-not-in-downline"


async def test_signing_a_lower_rate_ends_the_downline_contract_in_the_same_transaction() -> None:
    top = await top_agent()
    mid = await downline(top)
    low = await downline(mid)
    bottom = await downline(low)
    await signed(None, top, DAILY, tiers((0, "0", None, "0.01")), DAY)
    await signed(top, mid, DAILY, tiers((0, "0", None, "0.008")), DAY)
    below = await signed(mid, low, DAILY, tiers((0, "0", None, "0.006")), DAY)
    deepest = await signed(low, bottom, DAILY, tiers((0, "0", None, "0.002")), DAY)
    kept = await signed(top, mid, DAILY, tiers((0, "0", None, "0.007")), DAY)
    assert kept.status == ContractStatus.ACTIVE
    still = {c.id: c.status for c in await contracts.member_contracts(low)}
    assert still[below.id] == ContractStatus.ACTIVE  # 0.6 % ≤ 0.7 %: kept
    await signed(top, mid, DAILY, tiers((0, "0", None, "0.005")), DAY)
    after = {c.id: c for c in await contracts.member_contracts(low)}
    assert after[below.id].status == ContractStatus.TERMINATED
    assert after[below.id].end_reason == "upline-rate-lowered"
    # The contract it backed ends with it.
    assert after[deepest.id].status == ContractStatus.TERMINATED


async def test_brand_switches_turn_contract_kinds_off() -> None:
    other = await brands_agent("BR2")
    with pytest.raises(AppError) as off:
        await contracts.offer(
            await brand("BR2"),
            None,
            other.id or 0,
            ContractKind.DIVIDEND.value,
            "M",
            tiers((0, "0", None, "0.1")),
            DAY,
        )
    assert off.value.code == "agent-contract-kind-off"  # BR2: loss-based pay off


async def brands_agent(code: str) -> Member:
    return await top_agent(code)


async def test_daily_close_pays_each_agent_once_with_its_line_and_the_difference() -> None:
    top = await top_agent()
    sub = await downline(top)
    players = [await downline(sub, as_agent=False) for _ in range(2)]
    direct = await downline(top, as_agent=False)
    await signed(None, top, DAILY, tiers((1, "0", None, "0.01")), DAY - timedelta(days=1))
    await signed(
        top,
        sub,
        DAILY,
        tiers((1, "0", None, "0.004"), (2, "0", None, "0.006")),
        DAY - timedelta(days=1),
    )
    for player in players:
        await fact(player, "100.00", "40.00", DAY)
    await fact(direct, "50.00", "0", DAY)
    start, end = periods.bounds("D", DAY, SP)
    before_top, before_sub = await _cash(top), await _cash(sub)
    results = await payouts.close(
        await brand(), ContractKind.DAILY_SALARY, start, end + timedelta(minutes=5)
    )
    assert results[0].lines >= 2
    # sub: 2 active, 200 valid → 0.6 % = 1.20; top: 250 × 1 % = 2.50 less 1.20 = 1.30.
    assert await _cash(sub) - before_sub == D("1.20")
    assert await _cash(top) - before_top == D("1.30")
    again = await payouts.close(
        await brand(), ContractKind.DAILY_SALARY, start, end + timedelta(hours=2)
    )
    assert again[0].lines == 0
    assert await _cash(top) - before_top == D("1.30")
    page = await payouts.records(top.id or 0, ContractKind.DAILY_SALARY, start, end)
    line = page.rows[0].line
    assert page.total_amount == D("1.30") and line["tier"] == 0
    assert line["validBet"] == "250.00" and line["downlineGross"] == "1.20"
    assert "team valid bet" in line["formula"]
    async with session_scope() as session:
        report = await ledger.audit(session)
    assert report.clean, report.differences
    # A period not yet ended pays nothing.
    later = await payouts.close(
        await brand(), ContractKind.DAILY_SALARY, end, end + timedelta(hours=1)
    )
    assert later[0].lines == 0


async def test_a_late_correction_is_carried_into_the_next_period_as_an_adjustment() -> None:
    top = await top_agent()
    player = await downline(top, as_agent=False)
    day = DAY + timedelta(days=3)
    await signed(None, top, DAILY, tiers((1, "0", None, "0.01")), day - timedelta(days=1))
    await fact(player, "300.00", "0", day, round_ref="late-round-1" + str(day.timestamp()))
    start, end = periods.bounds("D", day, SP)
    await payouts.close(await brand(), ContractKind.DAILY_SALARY, start, end)
    # The round is voided after the close: a VOIDED fact written the next day.
    await fact(
        player,
        "-300.00",
        "0",
        end + timedelta(hours=2),
        valid="-300.00",
        kind=FactKind.VOIDED,
        round_ref="late-round-1" + str(day.timestamp()),
    )
    await fact(player, "500.00", "0", end + timedelta(hours=3))
    next_end = periods.bounds("D", end, SP)[1]
    await payouts.close(await brand(), ContractKind.DAILY_SALARY, end, next_end)
    page = await payouts.records(top.id or 0, ContractKind.DAILY_SALARY, start, next_end)
    first, second = sorted(page.rows, key=lambda row: row.period_start)
    assert first.amount == D("3.00")
    assert second.line["adjustmentValidBet"] == "-300.00"
    assert second.line["validBet"] == "200.00" and second.amount == D("2.00")


async def test_overview_counts_team_and_direct_turnover_and_pending_offers() -> None:
    now = datetime.now(UTC)
    top = await top_agent()
    sub = await downline(top)
    player = await downline(sub, as_agent=False)
    mine = await downline(top, as_agent=False)
    await fact(player, "10.00", "0", now - timedelta(seconds=5))
    await fact(mine, "5.00", "5.00", now - timedelta(seconds=5))
    await contracts.offer(await brand(), None, top.id or 0, DAILY, "D", HOUSE, now)
    seen = await team.overview(await brand(), top, now)
    assert (seen.team_size, seen.direct_size) == (3, 2)
    assert seen.team_turnover_today == D("15.00") and seen.direct_turnover_today == D("5.00")
    assert len(seen.pending_offers) == 1
    with pytest.raises(AppError):
        await team.overview(await brand(), player, now)


async def test_payout_rows_are_unique_per_agent_kind_and_period() -> None:
    async with session_scope() as session:
        duplicates = (
            await session.exec(
                select(AgentPayout.agent_id, func.count())
                .group_by(
                    col(AgentPayout.agent_id), col(AgentPayout.kind), col(AgentPayout.period_start)
                )
                .having(func.count() > 1)
            )
        ).all()
    assert duplicates == []


async def _dividend_days(top: Member, first_day: datetime, pay: Brand) -> list[AgentPayout]:
    """A player who wins 300 on the first day and loses 500 the next; both days closed."""
    player = await downline(top, as_agent=False)
    await signed(
        None, top, DIVIDEND, tiers((1, "0", None, "0.1")), first_day - timedelta(days=1),
        period="D",
    )  # fmt: skip
    await fact(player, "100.00", "400.00", first_day)
    await fact(player, "500.00", "0", first_day + timedelta(days=1))
    for day in (first_day, first_day + timedelta(days=1)):
        start, end = periods.bounds("D", day, SP)
        await payouts.close(pay, ContractKind.DIVIDEND, start, end + timedelta(minutes=5))
    async with session_scope() as session:
        rows = await session.exec(
            select(AgentPayout)
            .where(AgentPayout.agent_id == top.id)
            .order_by(col(AgentPayout.period_start))
        )
        return list(rows.all())


async def test_negative_carry_over_deducts_a_period_the_players_won_from_the_next() -> None:
    base = await brand()
    assert not base.module_on(contracts.NEGATIVE_CARRYOVER)  # off unless the operator says
    carrying = replace(base, _switches={**base._switches, contracts.NEGATIVE_CARRYOVER: True})
    won, lost = await _dividend_days(await top_agent(), DAY + timedelta(days=20), carrying)
    assert won.amount == D("0.00") and won.line["carryOut"] == "-300.00"
    # 500 lost less the 300 won before: 10 % of 200.
    assert lost.line["carriedNetLoss"] == "-300.00" and lost.amount == D("20.00")
    assert lost.line["carryOut"] == "0.00" and "carried over" in lost.line["formula"]

    plain_won, plain_lost = await _dividend_days(await top_agent(), DAY + timedelta(days=30), base)
    assert plain_won.amount == D("0.00") and "carryOut" not in plain_won.line
    assert plain_lost.amount == D("50.00") and plain_lost.line["carriedNetLoss"] == "0.00"
