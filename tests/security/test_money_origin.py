"""Money keeps its origin (issue 32): team transfers were a way round the withdrawal rules.

On a brand with Brazil's profile (BR1) every transfer door refuses and nothing moves. On a
brand where transfers are on (BR2) the money received carries the sender's wagering still
owed: the finding's 300.00 unwagered deposit, passed to a downline, cannot be withdrawn
until it is wagered; daily limits refuse; a fan-out and a round trip are held for the risk
team, whose decision moves the money and is audited."""

from __future__ import annotations

import secrets
from decimal import Decimal
from typing import Any
from uuid import uuid4

import pytest
from sqlmodel import col, func, select

from app.client import ApiError, PlatformClient
from app.core.config import get_settings
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.security import hash_password
from app.services.backoffice import transfer_reviews
from app.services.brands import brands
from app.services.cashier import team_transfers
from app.services.cashier.transfers import member_wallet
from models import AuditEntry, LedgerTransaction, Member, MemberMessage, MemberTransfer
from models.base import utcnow
from models.cashier import MessageKind
from models.ledger import TransactionKind
from tests.helpers.accounts import session_client
from tests.helpers.agents import PASSWORD, downline, top_agent
from tests.helpers.backoffice import make_staff, role_with
from tests.helpers.money import fund, wager

PAY = "pay 4242 secret"
OPEN = "BR2"  # no jurisdiction profile: transfers between members are on


async def _payable(member: Member) -> Member:
    """The member with a payment password and a payee name (a payout account may follow)."""
    async with write_transaction() as session:
        found = await session.get(Member, member.id)
        assert found is not None
        found.payment_password_hash = await hash_password(PAY)
        found.payee_name = "Maria da Silva"
        session.add(found)
        return found


async def _client(member: Member, merchant: str) -> PlatformClient:
    address = f"198.23.{secrets.randbelow(250)}.{secrets.randbelow(250) + 1}"
    return await session_client(member, merchant, address)


async def _refused(call: Any, status: int) -> dict[str, Any]:
    with pytest.raises(ApiError) as caught:
        await call
    assert caught.value.status == status, caught.value
    return caught.value.body


async def _cash(member: Member) -> Decimal:
    return (await member_wallet(await brands.by_id(member.merchant_id), member.id or 0)).cash


def _down(member: Member, amount: str) -> dict[str, Any]:
    return {
        "downlineId": member.id,
        "amount": amount,
        "paymentPassword": PAY,
        "requestId": uuid4().hex,
    }


def _up(amount: str) -> dict[str, Any]:
    return {"amount": amount, "paymentPassword": PAY, "requestId": uuid4().hex}


async def test_on_a_brazil_brand_every_transfer_door_refuses_and_nothing_moves() -> None:
    agent = await _payable(await top_agent())
    player = await _payable(await downline(agent, as_agent=False))
    await fund(agent.id or 0, "300.00")
    await fund(player.id or 0, "50.00")
    down = await _refused(
        (await _client(agent, "BR1")).post("/wps/agent/transfer/downline", _down(player, "300")),
        403,
    )
    assert down["code"] == "member-transfers-off" and down["message"]
    up = await _refused(
        (await _client(player, "BR1")).post("/wps/member/transfer/upline", _up("50")), 403
    )
    assert up["code"] == "member-transfers-off"
    with pytest.raises(AppError) as form:  # the agent centre's transfer form does not open
        await team_transfers.recipient(await brands.by_code("BR1"), agent, player.id or 0)
    assert form.value.code == "member-transfers-off"
    assert not team_transfers.transfers_allowed(await brands.by_code("BR1"))
    assert (await _cash(agent), await _cash(player)) == (Decimal("300.00"), Decimal("50.00"))
    async with session_scope() as session:
        moved = (
            await session.exec(
                select(func.count()).where(
                    col(LedgerTransaction.member_id).in_([agent.id, player.id]),
                    LedgerTransaction.kind == TransactionKind.TRANSFER,
                )
            )
        ).one()
        rows = (
            await session.exec(select(func.count()).where(MemberTransfer.sender_id == agent.id))
        ).one()
    assert (moved, rows) == (0, 0)


async def test_an_unwagered_deposit_passed_on_is_not_withdrawn_until_wagered() -> None:
    """The finding: the agent's 300.00 deposit, never wagered, sent to its downline, which
    withdrew it at once. Now the wagering owed travels with the money."""
    agent = await _payable(await top_agent(OPEN))
    player = await _payable(await downline(agent, as_agent=False, code=OPEN))
    await fund(agent.id or 0, "300.00")
    # The receiver's own play before the transfer pays its own deposit, not what arrives.
    await fund(player.id or 0, "20.00")
    for _ in range(10):  # 200.00 wagered: ten times its own deposit
        await wager(player.id or 0, "20.00")
    sent = await (await _client(agent, OPEN)).post(
        "/wps/agent/transfer/downline", _down(player, "300.00")
    )
    assert await _cash(player) == Decimal("320.00")
    client = await _client(player, OPEN)
    account = await client.post(
        "/wps/member/payoutAccounts",
        {
            "type": "BANK",
            "bankCode": "001",
            "branch": "1234",
            "accountNumber": "12345-6",
            "holderName": "Maria da Silva",
            "password": PASSWORD,
        },
    )
    payload = {"amount": "300.00", "payoutAccountId": account["id"], "paymentPassword": PAY}
    refused = await _refused(client.post("/wps/payment/withdraw", payload, sealed=True), 409)
    assert refused["code"] == "withdrawal-turnover-not-met" and refused["message"]
    assert "300" in refused["message"]  # the wagering left: what arrived, not less
    assert await _cash(player) == Decimal("320.00")
    await wager(player.id or 0, "299.00")
    still = await _refused(client.post("/wps/payment/withdraw", payload, sealed=True), 409)
    assert still["code"] == "withdrawal-turnover-not-met"
    await wager(player.id or 0, "1.00")
    order = await client.post("/wps/payment/withdraw", payload, sealed=True)
    assert Decimal(str(order["amount"])) == Decimal("300.00")
    assert await _cash(player) == Decimal("20.00") and sent["held"] is False


async def test_daily_limits_per_sender_and_per_receiver_refuse(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(get_settings(), "transfer_daily_send_count", 2)
    monkeypatch.setattr(get_settings(), "transfer_daily_receive_amount", Decimal("25.00"))
    agent = await _payable(await top_agent(OPEN))
    first, second = [
        await _payable(await downline(agent, as_agent=False, code=OPEN)) for _ in range(2)
    ]
    await fund(agent.id or 0, "100.00")
    client = await _client(agent, OPEN)
    await client.post("/wps/agent/transfer/downline", _down(first, "20.00"))
    received = await _refused(
        client.post("/wps/agent/transfer/downline", _down(first, "10.00")), 429
    )
    assert received["code"] == "transfer-daily-receive-limit" and received["message"]
    await client.post("/wps/agent/transfer/downline", _down(second, "5.00"))
    sent = await _refused(client.post("/wps/agent/transfer/downline", _down(second, "1.00")), 429)
    assert sent["code"] == "transfer-daily-send-limit"
    assert (await _cash(agent), await _cash(first), await _cash(second)) == (
        Decimal("75.00"),
        Decimal("20.00"),
        Decimal("5.00"),
    )


async def test_a_fan_out_and_a_round_trip_wait_in_the_staff_review_queue(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(get_settings(), "transfer_fan_out_receivers", 2)
    agent = await _payable(await top_agent(OPEN))
    players = [await _payable(await downline(agent, as_agent=False, code=OPEN)) for _ in range(3)]
    await fund(agent.id or 0, "100.00")
    client = await _client(agent, OPEN)
    answers = [
        await client.post("/wps/agent/transfer/downline", _down(p, "10.00")) for p in players
    ]
    assert [a["held"] for a in answers] == [False, False, True]  # the third receiver today
    assert await _cash(players[2]) == Decimal("0.00") and await _cash(agent) == Decimal("70.00")
    back = await (await _client(players[0], OPEN)).post("/wps/member/transfer/upline", _up("4"))
    assert back["held"]  # A → B → A within the window
    assert await _cash(players[0]) == Decimal("6.00")

    outsider = await make_staff(await role_with({"transfers.view"}), OPEN)
    risk = await make_staff(await role_with({"transfers.view", "transfers.review"}), OPEN)
    other_brand = await make_staff(await role_with({"transfers.view", "transfers.review"}))
    found = {row.flag: row for row in await transfer_reviews.queue(risk, utcnow())}
    assert {"FAN_OUT", "ROUND_TRIP"} <= set(found)
    fan_out, round_trip = found["FAN_OUT"], found["ROUND_TRIP"]
    assert (fan_out.receiver, fan_out.amount) == (players[2].username, Decimal("10.00"))
    assert (round_trip.sender, round_trip.amount) == (players[0].username, Decimal("4.00"))
    assert fan_out.id not in {row.id for row in await transfer_reviews.queue(other_brand, utcnow())}

    with pytest.raises(AppError) as forbidden:
        await transfer_reviews.decide(outsider, fan_out.id, "RELEASE", "looks fine", utcnow())
    assert forbidden.value.code == "staff-forbidden"
    with pytest.raises(AppError) as elsewhere:
        await transfer_reviews.decide(other_brand, fan_out.id, "RELEASE", "ok", utcnow())
    assert elsewhere.value.code == "transfer-review-unknown"
    with pytest.raises(AppError) as no_note:
        await transfer_reviews.decide(risk, fan_out.id, "RELEASE", "  ", utcnow())
    assert no_note.value.code == "staff-reason-required"
    assert await _cash(players[2]) == Decimal("0.00")

    await transfer_reviews.decide(risk, fan_out.id, "RELEASE", "a team payout", utcnow())
    await transfer_reviews.decide(risk, round_trip.id, "return", "money cycling", utcnow())
    assert await _cash(players[2]) == Decimal("10.00")
    assert await _cash(players[0]) == Decimal("10.00")
    assert await _cash(agent) == Decimal("70.00")
    with pytest.raises(AppError) as again:
        await transfer_reviews.decide(risk, fan_out.id, "RETURN", "changed my mind", utcnow())
    assert again.value.code == "transfer-review-decided"
    assert {fan_out.id, round_trip.id}.isdisjoint(
        {row.id for row in await transfer_reviews.queue(risk, utcnow())}
    )
    async with session_scope() as session:
        entries = (
            await session.exec(
                select(AuditEntry.action, AuditEntry.target).where(
                    col(AuditEntry.target).in_([str(fan_out.id), str(round_trip.id)]),
                    col(AuditEntry.action).startswith("transfer.review."),
                )
            )
        ).all()
        told = (
            await session.exec(
                select(func.count()).where(
                    MemberMessage.member_id == players[0].id,
                    MemberMessage.kind == MessageKind.AGENT_TRANSFER_RETURNED,
                )
            )
        ).one()
    assert told == 1  # the sender of the returned transfer is told
    assert sorted(entries) == sorted(
        [
            ("transfer.review.release", str(fan_out.id)),
            ("transfer.review.return", str(round_trip.id)),
        ]
    )
