"""The account record: the member's own movements, filtered and paginated."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest
from sqlmodel import select

from app import routes
from app.app import app as site
from app.client import ApiError, PlatformClient
from app.core.db import session_scope
from app.core.i18n import translate
from app.services import records
from app.services.cashier import deposits
from app.services.cashier.providers import SandboxProvider
from app.services.catalogue import games
from app.services.lottery import bets
from app.services.lottery import entries as lottery_entries
from app.services.lottery.games import GAMES as LOTTERY_GAMES
from models import Game
from state.cashier.records import RecordsState
from tests.helpers.accounts import make_member, register
from tests.helpers.api import platform_api
from tests.helpers.lottery import open_issue
from tests.helpers.lottery import player as lottery_player
from tests.helpers.lottery import request as lottery_request
from tests.helpers.money import fund, play
from tests.helpers.page_state import member_tab

MakeClient = Callable[..., PlatformClient]


async def _deposit(client: PlatformClient, amount: str) -> str:
    order = await client.post("/wps/payment/deposit", {"channel": "PIX", "amount": amount})
    stored = await deposits.order_by_number(order["orderNo"])
    await SandboxProvider().settle(stored, True, transport=httpx.ASGITransport(app=platform_api()))
    return order["orderNo"]


async def test_record_lists_own_movements_with_filters_and_pages(make_client: MakeClient) -> None:
    client, other = make_client(), make_client()
    await register(client)
    await register(other)
    numbers = [await _deposit(client, f"{10 + n}.00") for n in range(3)]
    record = await client.get("/wps/member/transactions?range=today")
    assert record["total"] == 3
    newest = record["items"][0]
    assert newest["kind"] == "DEPOSIT" and newest["reference"] == numbers[-1]
    assert newest["amount"] == "12.00" and newest["balance"] == "33.00"
    page_two = await client.get("/wps/member/transactions?range=30d&pageSize=2&page=2")
    assert [i["reference"] for i in page_two["items"]] == [numbers[0]]
    assert (await client.get("/wps/member/transactions?type=game"))["total"] == 0
    assert (await other.get("/wps/member/transactions?range=30d"))["total"] == 0


@pytest.mark.parametrize(
    ("query", "code"),
    [("range=90d", "record-range-unknown"), ("type=lottery", "record-type-unknown")],
)
async def test_record_bad_filters(make_client: MakeClient, query: str, code: str) -> None:
    client = make_client()
    await register(client)
    with pytest.raises(ApiError) as caught:
        await client.get(f"/wps/member/transactions?{query}")
    assert caught.value.code == code and caught.value.status == 422


async def _vendor_game() -> tuple[str, str, str]:
    async with session_scope() as session:
        game = (
            await session.exec(
                select(Game).where(Game.vassalage == "PG", Game.is_game == "GAME").limit(1)
            )
        ).one()
    return game.vassalage, game.game_code, game.game_name


def _name_lookups(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many games each read of the record's game names asked for, one entry a read."""
    lookups: list[int] = []
    names_of = games.names_of

    async def counted(played: Any, language: str) -> dict[tuple[str, str], str]:
        lookups.append(len(played))
        return await names_of(played, language)

    monkeypatch.setattr(records.games, "names_of", counted)
    return lookups


async def test_a_lottery_bet_is_named_by_its_game_and_keeps_its_draw(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 35: a lottery bet's row names its game as the lottery lobby does, in the
    reader's language, with its draw as the second line, like a game's round; its games are
    read with the page's others, at once."""
    member = await lottery_player("100.00")
    issue, now = await open_issue("ssc-1m")
    await bets.place_bet(
        member, issue.issue_no, lottery_request("ssc.position", {"options": ["1:5"]}), now
    )
    lookups = _name_lookups(monkeypatch)
    tab = await member_tab(site, member)
    async with tab.processor:
        await tab.open(routes.TRANSACTION_HISTORY)
        rows = (await tab.state(RecordsState)).items
    assert lookups == [1]
    name = lottery_entries.name(LOTTERY_GAMES["ssc-1m"], "pt")
    assert [(row.kind, row.reference, row.round) for row in rows if row.kind == "BET"] == [
        ("BET", name, f"Concurso {issue.issue_no}")
    ]
    assert name != lottery_entries.name(LOTTERY_GAMES["ssc-1m"], "en")  # translated
    found = await records.account_record(member_id=member.id or 0, timezone="UTC", language="en")
    (bet,) = [item for item in found.items if item.kind == "BET"]
    assert bet.game == lottery_entries.name(LOTTERY_GAMES["ssc-1m"], "en")
    assert records.round_words(bet.kind, bet.reference, "en") == f"Draw {issue.issue_no}"


async def test_a_game_round_is_named_by_its_game_and_keeps_its_round(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 35: the statement names the game of a round as the lobby does (an Original's
    name in the reader's language), its round kept as a second line; the page's games are
    read at once, not row by row."""
    member = await make_member()
    assert member.id is not None
    await fund(member.id, "100.00")
    vendor, code, name = await _vendor_game()
    dice = await play(member.id, "2.00", "BGS", "BGS_DICE", won="3.00")
    slot = await play(member.id, "1.00", vendor, code)
    gone = await play(member.id, "1.00", vendor, "NO_SUCH_GAME")
    lookups = _name_lookups(monkeypatch)
    tab = await member_tab(site, member)
    async with tab.processor:
        await tab.open(routes.TRANSACTION_HISTORY)
        rows = (await tab.state(RecordsState)).items
    assert lookups == [3]  # one read for the page's three games
    shown = [(row.kind, row.reference, row.round) for row in rows if row.kind in ("BET", "WIN")]
    assert shown == [
        ("BET", translate("record.ref.round", "pt", round=gone), ""),
        ("BET", name, translate("record.ref.round", "pt", round=slot)),
        ("WIN", "Dados", f"Rodada {dice}"),
        ("BET", "Dados", f"Rodada {dice}"),
    ]
    found = await records.account_record(member_id=member.id, timezone="UTC", language="en")
    assert "Dice" in {item.game for item in found.items}
    plain = await records.account_record(member_id=member.id, timezone="UTC")
    assert {item.game for item in plain.items} == {""}  # the API's record asks for none
