"""Four-eyes by construction, tried every way round: split amounts (the day's sums per maker
and per member), a checker the maker created or changed (or that made the maker), the
maker's own browser, the /wps operator API, and the decisions that always need a second
person (a lottery void, a typed official result: console and CLI; channel limits are in
test_channels_console.py). A refusal changes nothing."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable
from datetime import timedelta
from decimal import Decimal
from uuid import uuid4

import pytest
from sqlmodel import select

from app import cli
from app.client import ApiError, PlatformClient
from app.core.cache import close_redis
from app.core.db import dispose_engine, session_scope, write_transaction
from app.core.errors import AppError
from app.services.backoffice import approvals, audit, lottery, payments, players
from app.services.backoffice import staff as staff_service
from app.services.backoffice.staff import Staff
from app.services.lottery import issues
from models import ApprovalRequest, AuditEntry, WithdrawalOrder
from models.base import utcnow
from models.lottery import IssueStatus, ResultSource
from tests.helpers.accounts import PASSWORD, make_member
from tests.helpers.backoffice import (
    STAFF_PASSWORD,
    code_at,
    enrol,
    log_in,
    make_staff,
    make_staff_account,
    merchant_id,
    new_name,
    pending_withdrawal,
)
from tests.helpers.lottery import new_day
from tests.helpers.money import cash

MARK_SIX = "3 9 14 22 31 40 7"


async def _threshold(kind: str, amount: str) -> None:
    admin = await make_staff("admin", None)
    await approvals.set_threshold(admin, await merchant_id("BR1"), kind, Decimal(amount), utcnow())


async def _credit(staff: Staff, member_id: int, amount: str, **when: object) -> players.Adjusted:
    now = utcnow() + timedelta(**when)  # type: ignore[arg-type]
    return await players.adjust(staff, member_id, "credit", amount, "goodwill", uuid4().hex, now)


async def _status(request_id: int) -> str:
    async with session_scope() as session:
        found = await session.get(ApprovalRequest, request_id)
    assert found is not None
    return found.status


async def _made_by(maker: Staff, role: str, brand: str | None) -> Staff:
    """A staff account the maker creates in the console (audited), logged in on its own
    browser with the enrolment's secret."""
    invitation = await staff_service.create_staff(maker, new_name(), role, brand, utcnow())
    secret = await enrol(invitation)
    return (await log_in(invitation.username, secret))[0]


async def test_split_credits_count_toward_the_day_per_maker_and_per_member() -> None:
    await _threshold("balance.adjust", "1000.00")
    finance = await make_staff("finance")
    member = await make_member("BR1")
    assert member.id is not None
    five = [await _credit(finance, member.id, "1000.00") for _ in range(5)]
    assert five[0].transaction_id is not None and five[0].approval_id is None
    assert all(c.transaction_id is None and c.approval_id is not None for c in five[1:])
    assert await cash(member) == Decimal("1000.00")

    # The member's day is full whoever credits; the maker's day is full whoever is credited.
    other_maker = await make_staff("finance")
    assert (await _credit(other_maker, member.id, "0.01")).approval_id is not None
    another = await make_member("BR1")
    assert another.id is not None
    assert (await _credit(finance, another.id, "0.01")).approval_id is not None
    assert (await _credit(other_maker, another.id, "999.99")).transaction_id is not None
    # A new local day starts new sums.
    assert (await _credit(finance, member.id, "1000.00", days=1)).transaction_id is not None
    assert await cash(member) == Decimal("2000.00")


async def test_split_payouts_of_one_order_need_approval_once_the_day_passes_the_threshold() -> None:
    await _threshold("withdrawal.pay", "2500.00")
    staff = await make_staff("payments")
    order_no = await pending_withdrawal("5000.00")
    first = await payments.pay(staff, order_no, "1000.00", utcnow())
    second = await payments.pay(staff, order_no, "1000.00", utcnow())
    assert first.approval_id is None and second.approval_id is None
    third = await payments.pay(staff, order_no, "1000.00", utcnow(), "the member's balance")
    assert third.approval_id is not None and third.status is None
    async with session_scope() as session:
        order = (
            await session.exec(select(WithdrawalOrder).where(WithdrawalOrder.order_no == order_no))
        ).one()
    assert order.paid_amount == Decimal("2000.00")


async def test_a_checker_made_or_changed_by_the_maker_cannot_approve() -> None:
    await _threshold("balance.adjust", "1000.00")
    admin = await make_staff("admin", None)
    member = await make_member("BR1")
    assert member.id is not None
    asked = await _credit(admin, member.id, "20000.00")
    assert asked.approval_id is not None

    second = await _made_by(admin, "admin", None)  # the finding: a second account of his own
    third = await _made_by(second, "finance", "BR1")  # and one that account made
    for checker in (second, third):
        with pytest.raises(AppError) as linked:
            await approvals.approve(checker, asked.approval_id, utcnow())
        assert linked.value.code == "approval-linked-staff"
    # The other way round: the account he made asks, he approves.
    theirs = await _credit(second, member.id, "3000.00")
    assert theirs.approval_id is not None
    with pytest.raises(AppError) as linked:
        await approvals.approve(admin, theirs.approval_id, utcnow())
    assert linked.value.code == "approval-linked-staff"

    # Changed: an account the maker locked and unlocked.
    name, secret = await make_staff_account("finance", "BR1")
    changed, _ = await log_in(name, secret)
    await staff_service.set_locked(admin, changed.id, True, utcnow())
    await staff_service.set_locked(admin, changed.id, False, utcnow())
    changed, _ = await log_in(name, secret, step=1)
    with pytest.raises(AppError) as linked:
        await approvals.approve(changed, asked.approval_id, utcnow())
    assert linked.value.code == "approval-linked-staff"
    assert await _status(asked.approval_id) == approvals.PENDING
    assert await cash(member) == Decimal("0.00")

    independent = await make_staff("finance")
    approved = await approvals.approve(independent, asked.approval_id, utcnow())
    assert approved.status == approvals.EXECUTED
    assert await cash(member) == Decimal("20000.00")


async def test_a_staff_entry_naming_the_account_by_id_links_it_too() -> None:
    """`staff.*` entries may name their account as `staff:<id>` (the enrolment steps)."""
    await _threshold("balance.adjust", "1000.00")
    maker = await make_staff("admin", None)
    checker = await make_staff("finance")
    async with write_transaction() as session:
        await audit.append(
            session, maker.actor, "staff.invite", now=utcnow(), target=f"staff:{checker.id}"
        )
    member = await make_member("BR1")
    assert member.id is not None
    asked = await _credit(maker, member.id, "1500.00")
    assert asked.approval_id is not None
    with pytest.raises(AppError) as linked:
        await approvals.approve(checker, asked.approval_id, utcnow())
    assert linked.value.code == "approval-linked-staff"


async def test_the_makers_browser_cannot_approve() -> None:
    await _threshold("balance.adjust", "1000.00")
    maker_name, maker_secret = await make_staff_account("finance", "BR1")
    maker, browser = await log_in(maker_name, maker_secret)
    member = await make_member("BR1")
    assert member.id is not None
    asked = await _credit(maker, member.id, "1500.00")
    assert asked.approval_id is not None

    name, secret = await make_staff_account("finance", "BR1")
    same_browser, _ = await log_in(name, secret, browser=browser)
    with pytest.raises(AppError) as refused:
        await approvals.approve(same_browser, asked.approval_id, utcnow())
    assert refused.value.code == "approval-same-browser"
    assert await _status(asked.approval_id) == approvals.PENDING
    assert await cash(member) == Decimal("0.00")

    elsewhere, _ = await log_in(name, secret, step=1)
    assert (await approvals.approve(elsewhere, asked.approval_id, utcnow())).status == "EXECUTED"
    assert await cash(member) == Decimal("1500.00")


async def test_the_operator_api_pays_only_what_one_person_may_and_is_audited(
    make_client: Callable[..., PlatformClient],
) -> None:
    await _threshold("withdrawal.pay", "5000.00")
    operator = await make_member("BR1", account_type=99)
    client = make_client(merchant="BR1")
    await client.login(operator.username, PASSWORD)
    large = await pending_withdrawal("5101.20")
    with pytest.raises(ApiError) as refused:
        await client.post(
            f"/wps/operator/withdrawals/{large}/payouts", {"partNo": 1, "amount": "5101.20"}
        )
    assert refused.value.status == 409 and refused.value.body["code"] == "approval-console-only"

    small = await pending_withdrawal("100.00")
    paid = await client.post(
        f"/wps/operator/withdrawals/{small}/payouts", {"partNo": 1, "amount": "100.00"}
    )
    assert paid["paidAmount"] == "100.00"
    async with session_scope() as session:
        unpaid = (
            await session.exec(select(WithdrawalOrder).where(WithdrawalOrder.order_no == large))
        ).one()
        [entry] = (
            await session.exec(
                select(AuditEntry).where(
                    AuditEntry.action == "withdrawal.pay", AuditEntry.target == small
                )
            )
        ).all()
    assert unpaid.paid_amount == Decimal("0.00")
    assert entry.staff_name == f"operator:{operator.username}"
    assert json.loads(entry.detail)["amount"] == "100.00"


async def _official_closed_issue() -> tuple[str, int]:
    day = new_day()
    await issues.create_issues(day, timedelta(days=7), ["lhc-hk"])
    first = (await issues.upcoming("lhc-hk", day, 1))[0]
    await issues.advance(first.close_at)
    assert first.id is not None
    return first.issue_no, first.id


async def test_a_typed_result_needs_a_second_staff_member_in_the_console() -> None:
    issue_no, issue_id = await _official_closed_issue()
    maker = await make_staff("admin", None)
    with pytest.raises(AppError) as invalid:
        await lottery.enter_result(maker, issue_id, "1 2 3", "feed down", utcnow())
    assert invalid.value.code == "lottery-result-invalid"
    asked = await lottery.enter_result(maker, issue_id, MARK_SIX, "feed down", utcnow())
    assert (await issues.find("lhc-hk", issue_no)).result is None
    with pytest.raises(AppError) as own:
        await approvals.approve(maker, asked, utcnow())
    assert own.value.code == "approval-own-request"

    checker = await make_staff("admin", None)
    approved = await approvals.approve(checker, asked, utcnow())
    assert approved.status == approvals.EXECUTED, approved.result
    drawn = await issues.find("lhc-hk", issue_no)
    assert drawn.status == IssueStatus.DRAWN and drawn.result_source == ResultSource.MANUAL
    assert drawn.result == [3, 9, 14, 22, 31, 40, 7]
    async with session_scope() as session:
        [entry] = (
            await session.exec(
                select(AuditEntry).where(
                    AuditEntry.action == "lottery.result",
                    AuditEntry.target == f"lhc-hk:{issue_no}",
                )
            )
        ).all()
    assert entry.staff_id == checker.id and json.loads(entry.detail)["approval"] == asked


async def _cli_world() -> tuple[str, tuple[str, str], tuple[str, str]]:
    """An official issue waiting for its result and two all-brand admins (this loop's
    connections let go at the end: the CLI runs its own)."""
    try:
        issue_no, _ = await _official_closed_issue()
        return (
            issue_no,
            await make_staff_account("admin", None),
            await make_staff_account("admin", None),
        )
    finally:
        await dispose_engine()
        await close_redis()


async def _found(issue_no: str) -> tuple[str, list[int] | None]:
    try:
        issue = await issues.find("lhc-hk", issue_no)
        return issue.status, issue.result
    finally:
        await dispose_engine()
        await close_redis()


def test_the_cli_types_a_result_that_a_second_staff_member_confirms(
    engine_released: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    issue_no, (maker, maker_secret), (checker, checker_secret) = asyncio.run(_cli_world())
    monkeypatch.setenv("STAFF_PASSWORD", STAFF_PASSWORD)
    monkeypatch.setenv("STAFF_CODE", code_at(maker_secret))
    typed = [
        "lottery-result",
        "lhc-hk",
        issue_no,
        MARK_SIX,
        "--reason",
        "feed down",
        "--staff",
        maker,
    ]
    assert cli.main(typed) == 0
    found = re.search(r"request #(\d+)", capsys.readouterr().out)
    assert found is not None
    request_id = found.group(1)
    assert asyncio.run(_found(issue_no)) == (IssueStatus.CLOSED, None)

    monkeypatch.setenv("STAFF_CODE", code_at(maker_secret, 1))
    assert cli.main(["approvals", "approve", request_id, "--staff", maker]) == 1
    assert "Another staff member must approve" in capsys.readouterr().err
    assert asyncio.run(_found(issue_no)) == (IssueStatus.CLOSED, None)

    monkeypatch.setenv("STAFF_CODE", code_at(checker_secret))
    assert cli.main(["approvals", "approve", request_id, "--staff", checker]) == 0
    assert "EXECUTED" in capsys.readouterr().out
    assert asyncio.run(_found(issue_no)) == (IssueStatus.DRAWN, [3, 9, 14, 22, 31, 40, 7])
