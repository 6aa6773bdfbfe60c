"""The operator closes an investigation: the payout arrived after all, or it is refunded."""

from __future__ import annotations

from collections.abc import Callable

from app.client import PlatformClient
from tests.cashier.test_withdrawals import (
    _audit_is_clean,
    _confirm,
    _error,
    _operator,
    _pay,
    _player,
    _wallets,
    _withdraw,
)
from tests.helpers.images import small_png

MakeClient = Callable[..., PlatformClient]


def _close(operator: PlatformClient, order_no: str, outcome: str, note: str = ""):  # type: ignore[no-untyped-def]
    return operator.post(
        f"/wps/operator/withdrawals/{order_no}/investigation", {"outcome": outcome, "note": note}
    )


async def _investigated(make_client: MakeClient) -> tuple[PlatformClient, PlatformClient, str]:
    """A member whose 300.00 withdrawal was paid in two parts, both reported not received."""
    player = await _player(make_client)
    order_no = (await _withdraw(player, "300.00"))["orderNo"]
    operator = await _operator(make_client)
    await _pay(operator, order_no, 1, "100.00")
    await _pay(operator, order_no, 2, "200.00")
    proof = ("proof.png", small_png(), "image/png")
    reported = await _confirm(player.client, order_no, "NOT_RECEIVED", proof)
    assert reported["status"] == "INVESTIGATING"
    return player.client, operator, order_no


async def test_not_paid_refunds_to_the_balance_once(make_client: MakeClient) -> None:
    client, operator, order_no = await _investigated(make_client)
    assert (await _wallets(client))["MAIN"] == "200.00"
    closed = await _close(operator, order_no, "not_paid", "bank returned the PIX")
    assert (closed["status"], closed["paidAmount"], closed["releasedAmount"]) == (
        "REFUNDED",
        "0.00",
        "300.00",
    )
    assert [p["receipt"] for p in closed["payouts"]] == ["REFUNDED", "REFUNDED"]
    assert {p["resolution"] for p in closed["payouts"]} == {"NOT_PAID"}
    assert (await _wallets(client))["MAIN"] == "500.00"
    # Closing again moves nothing.
    again = await _error(_close(operator, order_no, "NOT_PAID"))
    assert (again.status, again.code) == (409, "investigation-none-open")
    assert (await _wallets(client))["MAIN"] == "500.00"
    message = (await client.get("/wps/member/messages"))[0]
    assert message["kind"] == "WITHDRAWAL_REFUNDED" and order_no in message["body"]
    assert "300,00" in message["body"]  # the reader's (PT) way, as every inbox amount
    seen = await client.get(f"/wps/payment/withdraw/orders/{order_no}")
    assert seen["status"] == "REFUNDED"
    record = await client.get("/wps/member/transactions?type=withdraw&range=today")
    refunds = [i["amount"] for i in record["items"] if i["kind"] == "WITHDRAWAL_RELEASE"]
    assert sorted(refunds) == ["100.00", "200.00"]  # one refund per part
    await _audit_is_clean()


async def test_received_confirms_without_moving_money(make_client: MakeClient) -> None:
    client, operator, order_no = await _investigated(make_client)
    closed = await _close(operator, order_no, "RECEIVED")
    assert closed["status"] == "RECEIVED" and closed["paidAmount"] == "300.00"
    assert {p["resolution"] for p in closed["payouts"]} == {"RECEIVED"}
    assert (await _wallets(client))["MAIN"] == "200.00"
    message = (await client.get("/wps/member/messages"))[0]
    assert message["kind"] == "WITHDRAWAL_RECEIPT_CONFIRMED"
    await _audit_is_clean()


async def test_close_refusals(make_client: MakeClient) -> None:
    client, operator, order_no = await _investigated(make_client)
    bad = await _error(_close(operator, order_no, "MAYBE"))
    assert (bad.status, bad.code) == (422, "investigation-outcome-invalid")
    member = await _error(_close(client, order_no, "NOT_PAID"))
    assert (member.status, member.code) == (403, "operator-only")
    unknown = await _error(_close(operator, "W000000000000NOPE", "NOT_PAID"))
    assert (unknown.status, unknown.code) == (404, "withdrawal-order-unknown")
    other_brand = await _operator(make_client, "BR2")
    foreign = await _error(_close(other_brand, order_no, "NOT_PAID"))
    assert foreign.status == 404
    assert (await _wallets(client))["MAIN"] == "200.00"
    await _audit_is_clean()
