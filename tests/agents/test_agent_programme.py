"""The agent programme starts by itself: the house offers a top agent a contract from the
console (at once below the brand's threshold; above it a second staff member approves, never
the maker), the agent accepts it, offers its own downline a contract and both are paid by the
period-close job; the refusals (an agent offering without a contract, a sub-agent offered a
house contract, staff without the permission or of another brand, bad terms); the agent
home's next step; the team list with each direct member by name and its activity once a
contract is in force; the referral link on the brand's public address with its WhatsApp
share; the affiliate application with its terms and status, never decided by the applicant."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from urllib.parse import unquote, urlsplit
from uuid import uuid4

import pytest
from sqlmodel import col, select

from app.core.config import get_settings
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.jobs import agent_pay
from app.services import inbox
from app.services.agents import affiliates, contracts, periods, team
from app.services.agents import terms as pay_terms
from app.services.agents.terms import form_terms
from app.services.backoffice import agents, approvals
from app.services.brands import Money
from app.services.origins import public_address
from models import AuditEntry, DepositOrder, Member
from models.agents import AgentPayout, ContractKind, ContractStatus
from models.cashier import DepositStatus
from state.agents.agent_team import pay_line_text
from state.cashier.console_payments import approval_words
from tests.helpers.accounts import make_member
from tests.helpers.agents import brand, downline, fact, signed, tiers, top_agent
from tests.helpers.backoffice import log_in, make_staff, make_staff_account

DAILY = ContractKind.DAILY_SALARY.value
HALF_PERCENT = tiers((0, "0", None, "0.005"))


def _key() -> str:
    return uuid4().hex


async def _audit(action: str, target: str) -> list[AuditEntry]:
    async with session_scope() as session:
        return list(
            (
                await session.exec(
                    select(AuditEntry).where(
                        AuditEntry.action == action, AuditEntry.target == target
                    )
                )
            ).all()
        )


async def _paid(agent: Member, start: datetime) -> Decimal:
    async with session_scope() as session:
        row = (
            await session.exec(
                select(AgentPayout).where(
                    AgentPayout.agent_id == agent.id,
                    AgentPayout.kind == DAILY,
                    AgentPayout.period_start == start,
                )
            )
        ).first()
    return Decimal(0) if row is None else row.amount


async def test_the_house_offers_the_agent_accepts_offers_its_downline_and_both_are_paid() -> None:
    day = datetime(2025, 3, 11, 15, tzinfo=UTC)
    before = day - timedelta(days=1)
    marketing = await make_staff("marketing", "BR1")
    top = await top_agent()
    sub = await downline(top)
    player = await downline(sub, as_agent=False)
    br1 = await brand()

    # Without a contract of its own an agent offers nothing (what met every agent before).
    with pytest.raises(AppError) as none:
        await contracts.offer(br1, top, sub.id or 0, DAILY, "D", HALF_PERCENT, before)
    assert none.value.code == "agent-contract-upline-has-none"
    assert (await team.overview(br1, top, before)).next_step == "ASK_HOUSE"

    # 0.5 % is within the threshold (1.00): offered at once, audited.
    offered = await agents.offer_house_contract(
        marketing, "BR1", top.id or 0, DAILY, "D", HALF_PERCENT, _key(), before
    )
    assert offered.request_id is None and offered.contract is not None
    assert offered.contract.status == ContractStatus.OFFERED
    [entry] = await _audit("agent.contract.offer", f"member:{top.id}")
    assert entry.staff_id == marketing.id
    assert json.loads(entry.detail)["contract"] == offered.contract.id
    seen = await team.overview(br1, top, before)
    assert seen.next_step == "ANSWER_OFFER" and [o.id for o in seen.pending_offers] == [
        offered.contract.id
    ]

    await contracts.accept(top, offered.contract.id, before)
    assert (await team.overview(br1, top, before)).next_step == "GROW_TEAM"
    given = await contracts.offer(
        br1, top, sub.id or 0, DAILY, "D", tiers((0, "0", None, "0.002")), before
    )
    await contracts.accept(sub, given.id, before)

    await fact(player, "100.00", "40.00", day)
    start, end = periods.bounds("D", day, br1.timezone)
    run = await agent_pay.run_once(agent_pay.PERIODS_JOB, end + timedelta(hours=1))
    assert run.ran
    # The rate-difference rule: the top agent keeps 0.5 % - 0.2 %, its sub-agent 0.2 %.
    assert await _paid(top, start) == Decimal("0.30")
    assert await _paid(sub, start) == Decimal("0.20")


async def test_above_the_threshold_a_second_staff_member_approves_never_the_maker() -> None:
    now = datetime(2025, 3, 12, 15, tzinfo=UTC)
    admin = await make_staff("admin", "BR1")
    finance = await make_staff("finance", "BR1")
    top = await top_agent()
    thirty = tiers((0, "0", None, "0.30"))
    with pytest.raises(AppError) as unexplained:  # filed for a checker: the maker says why
        await agents.offer_house_contract(
            admin, "BR1", top.id or 0, "DIVIDEND", "W", thirty, _key(), now
        )
    assert unexplained.value.code == "approval-maker-reason-required"
    why = "brings the Recife team"
    filed = await agents.offer_house_contract(
        admin, "BR1", top.id or 0, "DIVIDEND", "W", thirty, _key(), now, why
    )
    assert filed.contract is None and filed.request_id is not None
    assert await contracts.member_contracts(top) == []  # nothing offered yet
    with pytest.raises(AppError) as own:
        await approvals.approve(admin, filed.request_id, now)
    assert own.value.code == "approval-own-request"
    assert await contracts.member_contracts(top) == []
    # The checker reads the offer in words (no kind or period codes, no terms' keys).
    waiting = await approvals.explained(finance, now)
    [read] = [e for e in waiting if e.request.id == filed.request_id]
    assert read.maker_reason == why
    assert approval_words(read, "pt").endswith(
        f"({top.username}) um contrato da casa: Dividendo (Semana), até 30,00 %"
    )

    done = await approvals.approve(finance, filed.request_id, now)
    assert done.status == approvals.EXECUTED
    [made] = await contracts.member_contracts(top)
    assert made.id == done.result["contract"] and made.kind == ContractKind.DIVIDEND
    assert made.status == ContractStatus.OFFERED and made.period == "W"
    [entry] = await _audit("agent.contract.offer", f"member:{top.id}")
    assert entry.staff_id == finance.id
    assert json.loads(entry.detail)["approval"] == filed.request_id


async def test_the_house_offer_is_refused_where_its_rules_say() -> None:
    now = datetime(2025, 3, 13, 15, tzinfo=UTC)
    marketing = await make_staff("marketing", "BR1")
    top = await top_agent()
    sub = await downline(top)
    player = await make_member()

    async def offer(staff: object, member: Member, terms: object = HALF_PERCENT) -> str:
        with pytest.raises(AppError) as refused:
            await agents.offer_house_contract(
                staff,  # type: ignore[arg-type]
                "BR1",
                member.id or 0,
                DAILY,
                "D",
                terms,
                _key(),
                now,
            )
        return refused.value.code

    assert await offer(marketing, sub) == "agent-contract-not-top"  # its upline offers
    assert await offer(marketing, player) == "agent-not-in-downline"
    assert await offer(await make_staff("support", "BR1"), top) == "staff-forbidden"
    assert await offer(await make_staff("marketing", "BR2"), top) == "staff-forbidden"
    assert await offer(marketing, top, tiers((0, "0", None, "0.9"))) == (
        "agent-contract-rate-too-high"
    )
    assert await offer(marketing, top, {"tiers": []}) == "agent-contract-invalid-terms"
    assert await contracts.member_contracts(top) == []
    async with session_scope() as session:
        filed = (
            await session.exec(
                select(approvals.ApprovalRequest).where(
                    col(approvals.ApprovalRequest.summary).contains(top.username)
                )
            )
        ).all()
    assert filed == []


async def test_a_sub_agent_is_told_to_ask_its_upline_by_name() -> None:
    top = await top_agent()
    sub = await downline(top)
    seen = await team.overview(await brand(), sub, datetime.now(UTC))
    assert (seen.next_step, seen.upline) == ("ASK_UPLINE", top.username)


async def test_the_team_list_shows_activity_once_a_contract_is_in_force() -> None:
    now = datetime(2025, 3, 14, 15, tzinfo=UTC)
    top = await top_agent()
    player = await downline(top, as_agent=False)
    await fact(player, "25.00", "5.00", now - timedelta(days=2))
    async with write_transaction() as session:
        session.add(
            DepositOrder(
                order_no=f"D{uuid4().hex[:20].upper()}",
                merchant_id=player.merchant_id,
                member_id=player.id or 0,
                channel_code="PIX",
                provider="sandbox",
                currency="BRL",
                amount=Decimal("50.00"),
                fee=Decimal("0.00"),
                credited_amount=Decimal("50.00"),
                status=DepositStatus.PAID.value,
                paid_at=now - timedelta(days=1),
            )
        )
    hidden = await team.downlines(top, now=now)
    assert not hidden.activity_shown and hidden.rows[0].valid_bet is None
    assert hidden.rows[0].username == player.username
    marketing = await make_staff("marketing", "BR1")
    offered = await agents.offer_house_contract(
        marketing, "BR1", top.id or 0, DAILY, "D", HALF_PERCENT, _key(), now
    )
    assert offered.contract is not None
    await contracts.accept(top, offered.contract.id, now)
    shown = await team.downlines(top, now=now)
    assert shown.activity_shown
    [row] = shown.rows
    assert (row.valid_bet, row.deposits) == (Decimal("25.00"), Decimal("50.00"))
    older = await team.downlines(top, now=now + timedelta(days=team.ACTIVITY_DAYS + 3))
    assert (older.rows[0].valid_bet, older.rows[0].deposits) == (Decimal("0.00"), Decimal("0.00"))


async def test_an_agent_sees_the_contracts_it_gave_its_sub_agents_and_no_one_elses() -> None:
    now = datetime(2025, 3, 14, 15, tzinfo=UTC)
    br1 = await brand()
    top, other = await top_agent(), await top_agent()
    await signed(None, top, DAILY, tiers((0, "0", None, "0.01")), now)
    sub = await downline(top)
    player = await downline(top, as_agent=False)
    assert await contracts.given(top, []) == {}
    offered = await contracts.offer(
        br1, top, sub.id or 0, DAILY, "D", tiers((0, "0", None, "0.004")), now
    )
    [waiting] = (await contracts.given(top, [sub.id or 0, player.id or 0]))[sub.id or 0]
    assert (waiting.id, waiting.status) == (offered.id, ContractStatus.OFFERED)
    assert await contracts.given(other, [sub.id or 0]) == {}  # another agent's sub-agent
    await contracts.accept(sub, offered.id, now)
    [active] = (await contracts.given(top, [sub.id or 0]))[sub.id or 0]
    assert (active.id, active.status) == (offered.id, ContractStatus.ACTIVE)
    await contracts.request_termination(top, offered.id, now)
    await contracts.confirm_termination(sub, offered.id, now)
    assert await contracts.given(top, [sub.id or 0]) == {}  # over: no longer listed


def test_a_pay_line_reads_in_the_readers_numbers() -> None:
    line = pay_terms.line(
        pay_terms.from_json(ContractKind.DAILY_SALARY, tiers((0, "0", None, "0.01"))),
        pay_terms.Inputs(active_members=1, valid_bet=Decimal("1550.00")),
        Decimal("6.20"),
    ).to_json()
    brl = Money("R$", 2)  # the brand's money, never a bare figure (issue 35)
    assert pay_line_text(line, "pt", brl) == (
        "Faixa 1 (membros ativos: 1): 1% × aposta válida da equipe R$\xa01.550,00, menos "
        "R$\xa06,20 dos seus subordinados"
    )
    assert pay_line_text({**line, "rate": "0.0025"}, "en", brl) == (
        "Tier 1 (active members: 1): 0.25% × team valid bet R$\xa01,550.00, less your "
        "downlines' R$\xa06.20"
    )
    unmet = {**line, "tier": None}
    assert pay_line_text(unmet, "pt", brl) == (
        "Nenhuma faixa atingida (aposta válida da equipe R$\xa01.550,00)"
    )


async def test_the_referral_link_is_on_the_brands_public_address_with_a_whatsapp_share() -> None:
    br1 = await brand()
    agent = await top_agent()
    mine = await affiliates.referral(br1, agent)
    public = urlsplit(get_settings().public_base_url)
    link = urlsplit(mine.link)
    assert (link.scheme, link.hostname, link.port) == (public.scheme, br1.main_domain, public.port)
    assert mine.link == f"{public_address(br1.main_domain)}/register?affiliateCode={mine.code}"
    member = await make_member()
    invite = await affiliates.invite(br1, member)
    assert invite.link.startswith(public_address(br1.main_domain) + "/register?referralCode=")
    share = affiliates.whatsapp_share(f"Join me: {mine.link}")
    assert share.startswith("https://wa.me/?text=")
    assert unquote(share.removeprefix("https://wa.me/?text=")) == f"Join me: {mine.link}"
    assert "&" not in share.removeprefix("https://wa.me/?text=")  # the link's query is escaped


async def test_an_application_needs_terms_shows_its_status_and_its_member_cannot_decide() -> None:
    now = datetime(2025, 3, 15, 15, tzinfo=UTC)
    staff_name, secret = await make_staff_account("marketing", "BR1")
    applicant = await make_member(username=staff_name)
    with pytest.raises(AppError) as unaccepted:
        await affiliates.apply(applicant, "My football blog", "", now, accepted_terms=False)
    assert unaccepted.value.code == "affiliate-terms-required"
    assert await affiliates.latest(applicant) is None
    application = await affiliates.apply(
        applicant, "My football blog", "fans", now, accepted_terms=True
    )
    assert (await affiliates.latest(applicant)) == application
    assert application.status == affiliates.PENDING

    same_person, _ = await log_in(staff_name, secret)
    with pytest.raises(AppError) as own:
        await agents.decide_application(same_person, application.id, True, now)
    assert own.value.code == "affiliate-application-own"
    assert (await affiliates.latest(applicant)).status == affiliates.PENDING  # type: ignore[union-attr]
    other = await make_staff("marketing", "BR1")
    await agents.decide_application(other, application.id, True, now)
    decided = await affiliates.latest(applicant)
    assert decided is not None and decided.status == affiliates.APPROVED
    # The applicant is told in its inbox, in the language it reads.
    [told] = await inbox.messages(applicant.id or 0, "pt")
    assert (told.kind, told.title) == ("AFFILIATE_APPROVED", "Agora você é afiliado")
    refused = await make_member()
    turned_down = await affiliates.apply(refused, "A blog", "", now, accepted_terms=True)
    await agents.decide_application(other, turned_down.id, False, now)
    [told] = await inbox.messages(refused.id or 0, "en")
    assert told.title == "Affiliate application not approved"
    assert (await team.overview(await brand(), await _member(applicant), now)).next_step == (
        "ASK_HOUSE"
    )


async def _member(member: Member) -> Member:
    async with session_scope() as session:
        found = await session.get(Member, member.id)
    assert found is not None
    return found


def test_the_offer_forms_terms_in_percent() -> None:
    daily = form_terms(DAILY, {"rate": "0.5", "min_active": "3", "min_valid_bet": "100"})
    assert daily == {
        "tiers": [{"minActive": 3, "minValidBet": "100", "minNetLoss": None, "rate": "0.005"}]
    }
    assert pay_terms.parse(DAILY, daily).top_rate == Decimal("0.005")
    realtime = form_terms("REALTIME_SALARY", {"rate": "0.3", "min_single_bet": "5"})
    assert realtime == {"profitRate": "0.003", "lossRate": "0.00", "minSingleBet": "5"}
    for bad in (
        {"rate": "abc"},
        {"rate": "0.001"},
        {"rate": "101"},
        {"rate": "1", "min_active": "-1"},
    ):
        with pytest.raises(AppError) as refused:
            form_terms(DAILY, bad)
        assert refused.value.code == "agent-contract-invalid-terms"
