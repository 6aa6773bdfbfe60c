"""The console's decisions with their facts, in words: the player 360 (the CPF revealed on
request and audited), the payout's confirmation, approvals read in words (a role that cannot
approve is refused on the server too), the audit log as sentences and the dashboard's
period with GGR."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from uuid import uuid4
from zoneinfo import ZoneInfo

import pytest
from sqlmodel import col, select, update

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services.backoffice import (
    approvals,
    dashboard,
    logbook,
    payments,
    player360,
    players,
    reports,
)
from app.services.brands import brands
from models import ApprovalRequest, AuditEntry, Member, PayoutAccount, WithdrawalOrder
from models.base import utcnow
from models.identity import MemberIdentity
from state.backoffice.console_audit import detail_words, sentence, target_words
from state.cashier.console_payments import approval_words
from tests.helpers.accounts import ADULT_NAME, cpf_of, make_member
from tests.helpers.backoffice import make_staff, pending_withdrawal, role_with
from tests.helpers.money import fund, lose


async def _audit_of(member_id: int, action: str) -> list[AuditEntry]:
    async with session_scope() as session:
        return list(
            (
                await session.exec(
                    select(AuditEntry).where(
                        AuditEntry.target == f"member:{member_id}", AuditEntry.action == action
                    )
                )
            ).all()
        )


async def test_revealing_a_cpf_writes_an_audit_entry_and_needs_its_permission() -> None:
    member = await make_member("BR1")
    assert member.id is not None
    support = await make_staff("support")
    shown = await player360.details(support, member.id, utcnow())
    whole = await cpf_of(member)
    assert shown.identity.cpf_masked.startswith("***.") and whole not in shown.identity.cpf_masked
    assert await _audit_of(member.id, player360.REVEAL_ACTION) == []

    revealed = await player360.reveal_cpf(support, member.id, utcnow())
    assert revealed.replace(".", "").replace("-", "") == whole
    entries = await _audit_of(member.id, player360.REVEAL_ACTION)
    assert [e.staff_name for e in entries] == [support.username]

    # A role with the 360 view but not players.identity: refused, and the refusal audited.
    viewer = await make_staff(await role_with({"players.view"}))
    with pytest.raises(AppError) as refused:
        await player360.reveal_cpf(viewer, member.id, utcnow())
    assert refused.value.code == "staff-forbidden"
    assert len(await _audit_of(member.id, player360.REVEAL_ACTION)) == 1
    async with session_scope() as session:
        denied = (
            await session.exec(
                select(AuditEntry).where(
                    AuditEntry.staff_id == viewer.id, AuditEntry.action == "denied"
                )
            )
        ).all()
    assert [d.target for d in denied] == ["players.identity"]


async def test_the_kyc_reviewer_sees_the_whole_cpf_audited_and_others_do_not() -> None:
    member = await make_member("BR1")
    assert member.id is not None
    risk = await make_staff("risk")  # kyc.decide
    assert (await player360.reveal_cpf(risk, member.id, utcnow(), purpose="kyc")).replace(
        ".", ""
    ).replace("-", "") == await cpf_of(member)
    [entry] = await _audit_of(member.id, player360.REVEAL_ACTION)
    assert json.loads(entry.detail) == {"purpose": "kyc"}
    with pytest.raises(AppError) as refused:
        await player360.reveal_cpf(await make_staff("support"), member.id, utcnow(), purpose="kyc")
    assert refused.value.code == "staff-forbidden"


async def test_the_360_view_has_vip_agent_line_risk_and_a_timeline_with_staff_actions() -> None:
    agent = await make_member("BR1", account_type=1)
    member = await make_member("BR1", upline_id=agent.id, last_login_ip="10.66.1.1")
    await make_member("BR1", last_login_ip="10.66.1.1")  # the same address
    assert member.id is not None
    await fund(member.id, "50.00")
    await lose(member.id, "7.00")
    support = await make_staff("support")
    await players.set_locked(support, member.id, True, "chargeback", utcnow())

    found = await player360.details(support, member.id, utcnow())
    assert found.identity.status == "VERIFIED" and found.identity.full_name == ADULT_NAME
    assert [u.username for u in found.agent_line] == [agent.username]
    assert found.vip_level == 0 and found.vip_name
    codes = {flag.code: flag.count for flag in found.risk}
    assert codes[player360.BLOCKED] == 0 and codes[player360.SHARED_IP] == 1
    kinds = {event.kind for event in found.timeline}
    assert {"money", "bet", "staff"} <= kinds
    lock = next(e for e in found.timeline if e.kind == "staff" and e.code == "player.lock")
    assert lock.by == support.username and lock.text == "chargeback"
    assert found.timeline == sorted(found.timeline, key=lambda e: e.at, reverse=True)


async def test_the_payout_confirmation_shows_payee_key_kyc_money_and_the_rule() -> None:
    order_no = await pending_withdrawal("40.00")
    payer = await make_staff("payments")
    review = await payments.payout_review(payer, order_no, utcnow())
    assert review.amount == Decimal("40.00") and review.payee_name == "Titular Teste"
    assert review.verified_name == ADULT_NAME and review.kyc_status == "VERIFIED"
    assert review.key_type == "EMAIL" and review.key.endswith("@example.com")
    assert review.own_cpf is None  # not a CPF key
    # Both deposit figures come from the ledger's deposit entries: funded straight into the
    # ledger (no deposit order), they still agree.
    assert review.deposits_total == review.deposited_since == Decimal("80.00")
    assert not review.needs_approval
    assert player360.PAYEE_MISMATCH in {flag.code for flag in review.risk}

    # A CPF key: the member's own, or not.
    async with write_transaction() as session:
        order = (
            await session.exec(select(WithdrawalOrder).where(WithdrawalOrder.order_no == order_no))
        ).one()
        account = await session.get(PayoutAccount, order.payout_account_id)
        identity = await session.get(MemberIdentity, order.member_id)
        assert account is not None and identity is not None
        account.pix_key_type, account.identifier = "CPF", identity.cpf
        session.add(account)
    assert (await payments.payout_review(payer, order_no, utcnow())).own_cpf is True

    # The confirmation is the payer's: a role without payments.pay reads nothing of it.
    with pytest.raises(AppError) as refused:
        await payments.payout_review(await make_staff("finance"), order_no, utcnow())
    assert refused.value.code == "staff-forbidden"


async def test_approvals_read_in_words_and_a_role_without_approve_is_refused() -> None:
    member = await make_member("BR1", username=f"ana{uuid4().hex[:6]}")
    assert member.id is not None
    maker = await make_staff("finance")
    asked = await players.adjust(
        maker, member.id, "credit", "6000.00", "prize not credited", uuid4().hex, utcnow()
    )
    assert asked.approval_id is not None
    checker = await make_staff("finance")
    mine = {e.request.id: e for e in await approvals.explained(maker, utcnow())}
    theirs = {e.request.id: e for e in await approvals.explained(checker, utcnow())}
    read = theirs[asked.approval_id]
    assert (read.maker, read.member_username, read.member_name) == (
        maker.username,
        member.username,
        ADULT_NAME,
    )
    assert read.maker_reason == "prize not credited" and read.direction == "credit"
    assert read.may_decide and not mine[asked.approval_id].may_decide
    words = approval_words(read, "pt")
    assert words == f"Creditar 6.000,00 no saldo de {ADULT_NAME} ({member.username})"

    # A role that sees approvals but may not decide them: not offered, refused if called.
    onlooker = await make_staff("risk")  # approvals.view, no approvals.decide
    seen = {e.request.id: e for e in await approvals.explained(onlooker, utcnow())}
    assert not seen[asked.approval_id].may_decide
    with pytest.raises(AppError) as refused:
        await approvals.approve(onlooker, asked.approval_id, utcnow())
    assert refused.value.code == "staff-forbidden"
    async with session_scope() as session:
        stored = await session.get(ApprovalRequest, asked.approval_id)
    assert stored is not None and stored.status == approvals.PENDING

    done = await approvals.approve(checker, asked.approval_id, utcnow())
    assert done.status == approvals.EXECUTED


async def test_a_filed_payout_carries_the_payers_reason_for_the_checker() -> None:
    order_no = await pending_withdrawal("6000.00")
    payer = await make_staff("payments")
    with pytest.raises(AppError) as unexplained:
        await payments.pay(payer, order_no, "", utcnow(), "   ")
    assert unexplained.value.code == "approval-maker-reason-required"
    filed = await payments.pay(payer, order_no, "", utcnow(), "long-time player, KYC ok")
    assert filed.approval_id is not None
    found = {e.request.id: e for e in await approvals.explained(payer, utcnow())}
    read = found[filed.approval_id]
    assert read.order_no == order_no and read.maker_reason == "long-time player, KYC ok"
    assert approval_words(read, "en").startswith(f"Pay withdrawal {order_no} of 6,000.00 to ")


async def test_the_audit_log_reads_as_sentences_with_names() -> None:
    member = await make_member("BR1")
    assert member.id is not None
    support = await make_staff("support")
    await players.set_locked(support, member.id, True, "fraud check", utcnow())
    admin = await make_staff("admin")
    found, _ = await logbook.entries(admin, "player.lock", 1, utcnow())
    entry = next(e for e in found if e.target == f"member:{member.id}")
    brand_names, player_names = await logbook.names_for([entry])
    assert brand_names[entry.merchant_id or 0].endswith("(BR1)")
    said = sentence(entry, player_names, "pt")
    assert said == f"{support.username} bloqueou: jogador {member.username} (#{member.id})"
    detail = detail_words(entry.detail, "pt")
    assert detail == "Ativo → Bloqueado · motivo: fraud check"
    assert detail_words(json.dumps({"amount": "6000.00"}), "pt") == "valor: 6.000,00"
    assert target_words("balance.adjust#7", {}, "pt") == "pedido nº 7 (Ajuste de saldo)"
    assert target_words("withdrawal.pay", {}, "pt") == "Pagamento de saque"  # a threshold
    assert detail_words(json.dumps({"direction": "credit"}), "pt") == "direção: crédito"


async def test_the_dashboards_today_is_each_brands_own_day_as_in_its_period() -> None:
    """The tiles' "today" (new players, deposits) is the brand's local day and the same
    figures as the period's "today": at 23:00 in São Paulo (02:00 UTC the next day), a
    player who joined that afternoon is one of today's."""
    staff = await make_staff("support", "BR1")
    now = datetime(2031, 6, 10, 2, tzinfo=UTC)  # 9 June, 23:00 in São Paulo
    member = await make_member("BR1")
    async with write_transaction() as session:
        await session.exec(
            update(Member)
            .where(col(Member.id) == member.id)
            .values(created_at=datetime(2031, 6, 9, 15, tzinfo=UTC))
        )
    tiles = await dashboard.summary(staff, now)
    today = await dashboard.period(staff, "today", "", "", now)
    assert today.first == today.last == date(2031, 6, 9)
    assert tiles.new_players_today == today.new_players >= 1
    assert tiles.deposits_today == today.deposits


async def test_the_dashboard_sums_one_currency_at_a_time() -> None:
    """Reais and dong are never added up: staff over every brand read the first brand's
    currency, pick another of their brands', and are refused one their brands do not hold;
    a brand's own staff have its currency only."""
    staff = await make_staff("support", None)
    reais = await dashboard.period(staff, "7d", "", "", utcnow())
    dong = await dashboard.period(staff, "7d", "", "", utcnow(), "VND")
    member = await make_member("VN1")
    assert member.id is not None
    await fund(member.id, "500000", "VND")
    await lose(member.id, "200000", "VND")

    after_reais = await dashboard.period(staff, "7d", "", "", utcnow())
    after_dong = await dashboard.period(staff, "7d", "", "", utcnow(), "VND")
    assert (after_reais.currency, after_dong.currency) == ("BRL", "VND")
    assert (after_reais.bets, after_reais.deposits) == (reais.bets, reais.deposits)
    assert after_dong.bets - dong.bets == Decimal(200000)
    assert after_dong.deposits - dong.deposits == Decimal(500000)
    today = await dashboard.summary(staff, utcnow(), "VND")
    assert today.currency == "VND" and today.new_players_today >= 1  # the member above
    with pytest.raises(AppError) as refused:
        await dashboard.period(staff, "7d", "", "", utcnow(), "XTS")  # ISO's test code
    assert refused.value.code == "report-currency-invalid"
    # The reports page sums the same way: by brand, only the brands of the currency.
    finance = await make_staff("finance", None)
    by_brand = await reports.breakdown(finance, None, 7, "brand", utcnow(), "VND")
    assert [row.key for row in by_brand] == ["VN1"]
    in_reais = await reports.breakdown(finance, None, 7, "brand", utcnow())
    assert "VN1" not in {row.key for row in in_reais}
    everywhere = await reports.scope(finance, None, "reports.view", utcnow())
    # (other tests of the session may add brands in other currencies)
    assert everywhere.currency == "BRL" and {"BRL", "VND"} <= set(everywhere.currencies)
    own = await reports.scope(await make_staff("support", "VN1"), None, "dashboard.view", utcnow())
    assert (own.currency, own.currencies, [b.code for b in own.brands]) == (
        "VND",
        ("VND",),
        ["VN1"],
    )


async def test_the_dashboard_period_counts_today_and_checks_custom_dates() -> None:
    staff = await make_staff("support")  # dashboard.view
    brand = await brands.by_code("BR1")
    today = utcnow().astimezone(ZoneInfo(brand.timezone)).date()
    before = await dashboard.period(staff, "7d", "", "", utcnow())
    assert (before.first, before.last) == (today - timedelta(days=6), today)
    assert len(before.days) == 7

    member = await make_member("BR1")
    assert member.id is not None
    await fund(member.id, "30.00")
    await lose(member.id, "12.00")
    after = await dashboard.period(staff, "today", "", "", utcnow())
    week = await dashboard.period(staff, "7d", "", "", utcnow())
    assert after.first == after.last == today
    assert week.bets - before.bets == Decimal("12.00")
    assert week.ggr - before.ggr == Decimal("12.00")
    assert week.deposits - before.deposits == Decimal("30.00")
    assert week.new_players - before.new_players == 1
    assert week.active_players - before.active_players == 1  # the member's bet
    lines = await dashboard.period_csv(await make_staff("finance"), "7d", "", "", utcnow())
    assert lines.splitlines()[0] == ",".join(reports.CSV_COLUMNS)
    assert len(lines.splitlines()) == 1 + 7  # a line a day
    assert after.bets >= Decimal("12.00")

    custom = await dashboard.period(
        staff, "custom", (today - timedelta(days=2)).isoformat(), today.isoformat(), utcnow()
    )
    assert [d.day for d in custom.days] == [today - timedelta(days=n) for n in (2, 1, 0)]
    # Beside the same number of days just before: the next three days compare with these.
    assert custom.previous is not None
    assert (custom.previous.first, custom.previous.last) == (
        today - timedelta(days=5),
        today - timedelta(days=3),
    )
    ahead = await dashboard.period(
        staff,
        "custom",
        (today + timedelta(days=1)).isoformat(),
        (today + timedelta(days=3)).isoformat(),
        utcnow(),
    )
    assert ahead.previous is not None and ahead.previous.bets == custom.bets > 0
    assert dashboard.change(ahead.bets, ahead.previous.bets) == -100
    assert dashboard.change(Decimal("112"), Decimal("100")) == 12
    assert dashboard.change(3, 0) is None
    for first, last in (("2026-13-01", "2026-12-01"), (today.isoformat(), "2020-01-01")):
        with pytest.raises(AppError):
            await dashboard.period(staff, "custom", first, last, utcnow())
    with pytest.raises(AppError) as too_long:
        await dashboard.period(
            staff, "custom", (today - timedelta(days=100)).isoformat(), today.isoformat(), utcnow()
        )
    assert too_long.value.code == "report-days-invalid"


async def test_every_code_the_console_shows_has_words_in_both_languages() -> None:
    """Statuses of members, withdrawals, deposits, identities and the audit's actions."""
    from app.core.i18n import catalog
    from models.cashier import DepositStatus, WithdrawalStatus
    from models.identity import IdentityStatus
    from models.ledger import TransactionKind

    words = catalog()
    groups = {
        "withdrawal": [s.value for s in WithdrawalStatus],
        "deposit": [s.value for s in DepositStatus],
        "kyc": [s.value for s in IdentityStatus],
        "movement": [k.value for k in TransactionKind],
        "member": ["ACTIVE", "BLOCKED"],
        "approval-kind": list(approvals.KINDS),
    }
    async with session_scope() as session:
        actions = set((await session.exec(select(AuditEntry.action).distinct())).all())
    # Other tests append their own entries ("test.*") to the shared log: not the platform's.
    groups["action"] = sorted(a for a in actions if not a.startswith("test."))
    for group, codes in groups.items():
        for code in codes:
            key = f"bo.word.{group}.{code}"
            assert key in words["en"] and key in words["pt"], key
