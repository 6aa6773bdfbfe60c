"""Inbox messages write their money in the member's brand's digits: a withdrawal refused on
VN1 reads "500,000" dong (no fraction of a dong), on BR1 "150,00" reais."""

from __future__ import annotations

from app.core.db import write_transaction
from app.services import inbox
from models.cashier import MessageKind
from tests.helpers.accounts import make_member


async def _rejected(brand: str, amount: str, language: str) -> str:
    member = await make_member(brand)
    assert member.id is not None
    async with write_transaction() as session:
        await inbox.post_message(
            session,
            member.id,
            MessageKind.WITHDRAWAL_REJECTED,
            {"orderNo": "W1", "amount": amount},
        )
    [message] = await inbox.messages(member.id, language)
    return message.body


async def test_a_message_in_dong_has_no_fraction_of_a_dong() -> None:
    body = await _rejected("VN1", "500000.00", "en")
    assert "500,000" in body and "500,000.00" not in body


async def test_a_message_in_reais_keeps_its_cents() -> None:
    assert "150,00" in await _rejected("BR1", "150.00", "pt")
