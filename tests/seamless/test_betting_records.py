"""Betting record and profit and loss: they agree with the ledger, and are private."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from uuid import uuid4

import pytest

from app.client import ApiError, PlatformClient
from app.core.db import session_scope
from app.services import ledger
from app.services.accounts import sessions
from app.services.seamless import wallet
from models import Member
from models.ledger import TransactionKind
from tests.helpers.money import books_differences
from tests.helpers.seamless import call, funded_member, player_session, studio_game

BGS = wallet.STUDIO_VENDOR
GAME_KINDS = (TransactionKind.BET, TransactionKind.WIN, TransactionKind.ROLLBACK)


async def _client(make_client: Callable[..., PlatformClient], member: Member) -> PlatformClient:
    client = make_client(language="EN")
    client.token = await sessions.open_session(member, "203.0.113.10", "pytest", "WEB")
    return client


async def _ledger_game_net(member_id: int) -> Decimal:
    """The member's cash change over all their game movements, read from the ledger."""
    async with session_scope() as session:
        found = await ledger.member_movements(
            session, member_id=member_id, kinds=GAME_KINDS, page_size=100
        )
    return sum((c.amount for m in found.items for c in m.changes), Decimal("0.00"))


async def _play_some_rounds(member: Member) -> list[str]:
    game = await studio_game()
    player = await player_session(member, game)
    rounds = [uuid4().hex for _ in range(4)]
    plays = [("10.00", "0"), ("5.00", "12.50"), ("2.50", "2.50"), ("7.00", None)]
    for round_id, (bet, win) in zip(rounds, plays, strict=True):
        await wallet.debit(BGS, player.session_token, call(round_id, bet, game.game_code))
        if win is not None:
            await wallet.credit(BGS, player.session_token, call(round_id, win, game.game_code))
    # The last bet is cancelled by the vendor: it counts for nothing.
    last_bet = call(rounds[3], "3.00", game.game_code)
    await wallet.debit(BGS, player.session_token, last_bet)
    await wallet.rollback(
        BGS,
        player.session_token,
        call(rounds[3], "0", game.game_code, rollback_of=last_bet.transaction_id),
    )
    return rounds


async def test_betting_record_and_profit_agree_with_the_ledger(
    make_client: Callable[..., PlatformClient],
) -> None:
    member = await funded_member("100.00")
    rounds = await _play_some_rounds(member)
    client = await _client(make_client, member)

    record = await client.get("/wps/relay/ODSFE2_bettingRecord", {"range": "30d"})
    assert record["total"] == 4 and [i["roundId"] for i in record["items"]] == rounds[::-1]
    newest = record["items"][0]
    assert (newest["bet"], newest["win"], newest["status"]) == ("7.00", "0.00", "ROLLED_BACK")
    won = record["items"][2]
    assert (won["bet"], won["win"], won["profit"]) == ("5.00", "12.50", "7.50")
    assert won["verifyUrl"] == f"/play/verify?round={rounds[1]}"
    assert won["vendor"] == BGS and won["gameName"] and won["gameType"]
    net = await _ledger_game_net(member.id or 0)
    assert net == Decimal("-9.50")
    assert Decimal(record["totals"]["profit"]) == net
    assert sum(Decimal(i["profit"]) for i in record["items"]) == net

    report = await client.get("/wps/relay/ODSFE2_profitAndLoss", {"range": "30d"})
    assert Decimal(report["totals"]["profit"]) == net
    assert sum(Decimal(d["profit"]) for d in report["days"]) == net
    assert sum(Decimal(c["profit"]) for c in report["categories"]) == net
    assert report["totals"]["rounds"] == 4 and report["totals"]["bet"] == "24.50"

    page = await client.get(
        "/wps/relay/ODSFE2_bettingRecord", {"range": "today", "page": 2, "pageSize": 3}
    )
    assert page["total"] == 4 and [i["roundId"] for i in page["items"]] == [rounds[0]]
    category = won["gameType"]
    same = await client.get("/wps/relay/ODSFE2_bettingRecord", {"category": category})
    assert same["total"] == 4
    other = "LIVE" if category != "LIVE" else "RNG"
    assert (await client.get("/wps/relay/ODSFE2_bettingRecord", {"category": other}))["total"] == 0

    detail = await client.get(
        "/wps/relay/ODSFE2_bettingRecordDetail", {"vendor": BGS, "roundId": rounds[3]}
    )
    assert [(c["kind"], c["amount"]) for c in detail["calls"]] == [
        ("DEBIT", "7.00"),
        ("DEBIT", "3.00"),
        ("ROLLBACK", "3.00"),
    ]
    async with session_scope() as session:
        assert await books_differences(session) == ()


async def test_member_b_cannot_see_member_a_rounds(
    make_client: Callable[..., PlatformClient],
) -> None:
    alice = await funded_member("50.00")
    rounds = await _play_some_rounds(alice)
    bob = await funded_member("50.00")
    client = await _client(make_client, bob)
    record = await client.get("/wps/relay/ODSFE2_bettingRecord", {"range": "30d"})
    assert record["total"] == 0 and record["items"] == []
    report = await client.get("/wps/relay/ODSFE2_profitAndLoss", {"range": "30d"})
    assert report["totals"]["rounds"] == 0
    with pytest.raises(ApiError) as hidden:
        await client.get(
            "/wps/relay/ODSFE2_bettingRecordDetail", {"vendor": BGS, "roundId": rounds[0]}
        )
    assert (hidden.value.status, hidden.value.code) == (404, "betting-round-not-found")


async def test_bad_filters_and_guests_are_refused(
    make_client: Callable[..., PlatformClient],
) -> None:
    member = await funded_member("0")
    client = await _client(make_client, member)
    with pytest.raises(ApiError) as category:
        await client.get("/wps/relay/ODSFE2_bettingRecord", {"category": "NOPE"})
    assert category.value.code == "betting-category-unknown"
    with pytest.raises(ApiError) as period:
        await client.get("/wps/relay/ODSFE2_profitAndLoss", {"range": "1y"})
    assert period.value.code == "record-range-unknown"
    with pytest.raises(ApiError) as guest:
        await make_client().get("/wps/relay/ODSFE2_bettingRecord")
    assert guest.value.status == 401
