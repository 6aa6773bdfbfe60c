"""Bonus details: the member's own BONUS and REBATE movements, by date range and page."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from app.app import app as site
from app.client import ApiError, PlatformClient
from app.routes import BONUS_DETAILS
from models.ledger import AccountKind, TransactionKind
from state.promotions.bonus import BonusState
from tests.helpers.accounts import register
from tests.helpers.money import fund, grant
from tests.helpers.page_state import member_tab
from tests.helpers.seamless import funded_member

MakeClient = Callable[..., PlatformClient]
DETAILS = "/wps/member/bonusDetails"


async def _member(make_client: MakeClient) -> tuple[PlatformClient, int]:
    client = make_client()
    await register(client)
    return client, (await client.get("/wps/member/info"))["id"]


async def test_bonus_details_lists_only_own_bonuses_and_rebates(make_client: MakeClient) -> None:
    client, member_id = await _member(make_client)
    other, _ = await _member(make_client)
    assert (await client.get(DETAILS))["total"] == 0
    await fund(member_id, "50.00")
    await grant(member_id, TransactionKind.BONUS, "20.00", AccountKind.MEMBER_BONUS)
    await grant(member_id, TransactionKind.REBATE, "3.45", AccountKind.MEMBER_CASH)
    await grant(member_id, TransactionKind.BONUS, "5.00", AccountKind.MEMBER_BONUS)
    details = await client.get(DETAILS, {"range": "today"})
    assert details["total"] == 3
    newest, rebate, first = details["items"]
    assert (newest["kind"], newest["amount"], newest["wallet"], newest["balance"]) == (
        "BONUS",
        "5.00",
        "MEMBER_BONUS",
        "25.00",
    )
    assert (rebate["kind"], rebate["amount"], rebate["wallet"], rebate["balance"]) == (
        "REBATE",
        "3.45",
        "MEMBER_CASH",
        "53.45",
    )
    assert first["reference"] == "PROMO-BONUS"
    second_page = await client.get(DETAILS, {"range": "30d", "pageSize": 2, "page": 2})
    assert [i["id"] for i in second_page["items"]] == [first["id"]]
    assert (await other.get(DETAILS, {"range": "30d"}))["total"] == 0


async def test_bonus_details_bad_range_trial_and_guest(make_client: MakeClient) -> None:
    client, _ = await _member(make_client)
    with pytest.raises(ApiError) as caught:
        await client.get(DETAILS, {"range": "90d"})
    assert (caught.value.code, caught.value.status) == ("record-range-unknown", 422)
    trial = make_client()
    await trial.start_free_play()
    with pytest.raises(ApiError) as caught:
        await trial.get(DETAILS)
    assert (caught.value.code, caught.value.status) == ("in_need_true_account", 403)
    with pytest.raises(ApiError) as caught:
        await make_client().get(DETAILS)
    assert caught.value.status == 401


async def test_the_bonus_details_page_lists_the_members_credits_in_words() -> None:
    """The page (state/promotions/bonus.py) shows each credit with its reference in words,
    where it landed and how much, newest first."""
    member = await funded_member("10.00")
    assert member.id is not None
    await grant(member.id, TransactionKind.BONUS, "20.00", AccountKind.MEMBER_BONUS)
    await grant(member.id, TransactionKind.REBATE, "3.45", AccountKind.MEMBER_CASH)
    tab = await member_tab(site, member)
    async with tab.processor:
        await tab.open(BONUS_DETAILS)
        rows = (await tab.state(BonusState)).items
    assert [(r.kind, r.amount, r.wallet) for r in rows] == [
        ("REBATE", "3.45", "MEMBER_CASH"),
        ("BONUS", "20.00", "MEMBER_BONUS"),
    ]
    assert rows[1].reference and "PROMO-" not in rows[1].reference  # in words
    assert all(r.time and r.id for r in rows)
