"""Every game path writes one wager fact per settled bet, with its ledger movement: the
seamless wallet (the studio through it) and transfer vendors' signed round reports."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from decimal import Decimal
from typing import Any
from uuid import uuid4

import httpx
import pytest
from sqlalchemy import func
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select

from app.core.db import session_scope, write_transaction
from app.services import ledger, wager_facts
from app.services.brands import brands
from app.services.cashier import transfers
from app.services.seamless import wallet
from app.services.seamless.signing import signed_headers
from app.services.seamless.vendors import rotate_vendor_secret, vendor_secret
from app.services.studio import rounds
from models import Game, GameRound, LedgerTransaction, Member, WagerFact
from models.base import utcnow
from tests.helpers.api import platform_api
from tests.helpers.money import books_differences
from tests.helpers.seamless import call, funded_member, player_session, studio_game

pytestmark = pytest.mark.engines  # see the Makefile: runs on SQLite and on PostgreSQL

D = Decimal
BGS = wallet.STUDIO_VENDOR
SPORTS_VENDOR = "SBO"


async def _facts(vendor: str, round_ref: str) -> list[WagerFact]:
    async with session_scope() as session:
        rows = await session.exec(
            select(WagerFact)
            .where(WagerFact.vendor == vendor, WagerFact.round_ref == round_ref)
            .order_by(col(WagerFact.id))
        )
        return list(rows.all())


def _figures(facts: list[WagerFact]) -> list[tuple[str, Decimal, Decimal, Decimal, Decimal]]:
    return [(f.kind, f.bet, f.valid_bet, f.win, f.net) for f in facts]


async def _ledger_kinds(reference: str) -> list[str]:
    async with session_scope() as session:
        rows = await session.exec(
            select(LedgerTransaction.kind)
            .where(LedgerTransaction.reference == reference)
            .order_by(col(LedgerTransaction.id))
        )
        return list(rows.all())


# ---- seamless wallet and studio -------------------------------------------------------------


async def test_a_settled_round_writes_one_fact_and_repeats_write_none() -> None:
    member = await funded_member("100.00")
    game = await studio_game()
    player = await player_session(member, game)
    round_id = uuid4().hex
    bet = call(round_id, "10.00", game.game_code)
    await wallet.debit(BGS, player.session_token, bet)
    assert await _facts(BGS, round_id) == []  # an open round has no fact yet
    win = call(round_id, "25.50", game.game_code)
    await wallet.credit(BGS, player.session_token, win)
    await wallet.credit(BGS, player.session_token, win)  # a repeat
    await wallet.debit(BGS, player.session_token, bet)
    facts = await _facts(BGS, round_id)
    assert _figures(facts) == [("SETTLED", D("10.00"), D("10.00"), D("25.50"), D("15.50"))]
    [fact] = facts
    assert (fact.member_id, fact.brand_id, fact.game_code, fact.category, fact.currency) == (
        member.id,
        member.merchant_id,
        game.game_code,
        game.game_type,
        "BRL",
    )


async def test_a_lost_one_step_round_and_a_late_win_write_their_facts() -> None:
    member = await funded_member("50.00")
    game = await studio_game()
    player = await player_session(member, game)
    round_id = uuid4().hex
    answer = await wallet.bet_win(
        BGS,
        player.session_token,
        call(round_id, "5.00", game.game_code),
        call(round_id, "0", game.game_code),
    )
    assert answer.status == "OK"
    await wallet.credit(BGS, player.session_token, call(round_id, "0", game.game_code))
    await wallet.credit(BGS, player.session_token, call(round_id, "2.00", game.game_code))
    assert _figures(await _facts(BGS, round_id)) == [
        ("SETTLED", D("5.00"), D("5.00"), D("0.00"), D("-5.00")),
        ("CORRECTION", D("0.00"), D("0.00"), D("2.00"), D("2.00")),
    ]


async def test_refused_and_unfunded_calls_write_no_fact() -> None:
    member = await funded_member("5.00")
    game = await studio_game()
    player = await player_session(member, game)
    round_id = uuid4().hex
    poor = await wallet.bet_win(
        BGS,
        player.session_token,
        call(round_id, "50.00", game.game_code),
        call(round_id, "80.00", game.game_code),
    )
    assert poor.status == "INSUFFICIENT_FUNDS"
    orphan = await wallet.credit(BGS, player.session_token, call(uuid4().hex, "3.00", "X"))
    assert orphan.status == "REFUSED"
    assert await _facts(BGS, round_id) == []


async def test_a_rollback_writes_the_correcting_fact() -> None:
    member = await funded_member("100.00")
    game = await studio_game()
    player = await player_session(member, game)
    settled, unsettled = uuid4().hex, uuid4().hex
    bet = call(settled, "20.00", game.game_code)
    await wallet.bet_win(BGS, player.session_token, bet, call(settled, "5.00", game.game_code))
    rollback = call(settled, "0", game.game_code, rollback_of=bet.transaction_id)
    # A paid round's bet is not rolled back (its win stays paid), so its fact stands alone.
    refused = await wallet.rollback(BGS, player.session_token, rollback)
    assert refused.status == "REFUSED"
    facts = await _facts(BGS, settled)
    assert _figures(facts) == [("SETTLED", D("20.00"), D("20.00"), D("5.00"), D("-15.00"))]
    async with session_scope() as session:
        game_round = (
            await session.exec(select(GameRound).where(GameRound.round_id == settled))
        ).one()
    # The facts of a round sum to its final figures.
    assert sum((f.bet for f in facts), D(0)) == game_round.bet_total
    assert sum((f.win for f in facts), D(0)) == game_round.win_total
    assert sum((f.valid_bet for f in facts), D(0)) == game_round.bet_total

    open_bet = call(unsettled, "7.00", game.game_code)
    await wallet.debit(BGS, player.session_token, open_bet)
    await wallet.rollback(
        BGS,
        player.session_token,
        call(unsettled, "0", game.game_code, rollback_of=open_bet.transaction_id),
    )
    assert _figures(await _facts(BGS, unsettled)) == [
        ("VOIDED", D("0.00"), D("0.00"), D("0.00"), D("0.00"))
    ]


async def test_a_fact_that_cannot_be_written_takes_the_money_call_back_with_it() -> None:
    member = await funded_member("30.00")
    game = await studio_game()
    player = await player_session(member, game)
    round_id = uuid4().hex
    await wallet.debit(BGS, player.session_token, call(round_id, "10.00", game.game_code))
    async with write_transaction() as session:  # the round's settled fact, already taken
        await wager_facts.record(
            session,
            [
                wager_facts.Fact(
                    member_id=member.id or 0,
                    brand_id=member.merchant_id,
                    vendor=BGS,
                    game_code=game.game_code,
                    category=game.game_type,
                    currency="BRL",
                    round_ref=round_id,
                    bet=D("1.00"),
                    valid_bet=D("1.00"),
                    win=D("0.00"),
                    settled_at=utcnow(),
                )
            ],
        )
    with pytest.raises(IntegrityError):
        await wallet.credit(BGS, player.session_token, call(round_id, "12.00", game.game_code))
    assert await _ledger_kinds(round_id) == ["BET"]  # the WIN was rolled back with the fact
    assert len(await _facts(BGS, round_id)) == 1


async def test_a_studio_round_writes_one_fact_with_its_betwin() -> None:
    member = await funded_member("20.00")
    token = await wallet.open_session(
        member=member, vendor=BGS, game_code="BGS_DICE", currency="BRL"
    )
    player = rounds.member_player(await wallet.authenticate(BGS, token))
    played = await rounds.play(
        player, "BGS_DICE", "2.00", {"target": "50.00", "direction": "under"}
    )
    facts = await _facts(BGS, played.round_id)
    assert _figures(facts) == [
        ("SETTLED", D("2.00"), D("2.00"), played.payout, played.payout - D("2.00"))
    ]
    assert facts[0].category == "INHOUSE"


# ---- transfer vendors' round reports --------------------------------------------------------


@pytest.fixture
async def vendor_client() -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=platform_api(), client=("192.0.2.60", 50000))
    async with httpx.AsyncClient(transport=transport, base_url="http://localhost") as client:
        yield client


@pytest.fixture(scope="module")
async def sports_secret() -> str:
    """The sports vendor's first credential (transfer vendors get one from vendor-secret)."""
    return await rotate_vendor_secret(SPORTS_VENDOR)


async def _report(
    client: httpx.AsyncClient,
    rounds_: list[dict[str, Any]],
    *,
    secret: str,
    vendor: str = SPORTS_VENDOR,
) -> httpx.Response:
    raw = json.dumps({"rounds": rounds_}).encode()
    headers = signed_headers(secret, raw)
    return await client.post(
        f"/vendor/{vendor}/reports/rounds",
        content=raw,
        headers={"Content-Type": "application/json", "Language": "pt", **headers},
    )


async def _sports_game() -> str:
    async with session_scope() as session:
        game = (
            await session.exec(
                select(Game).where(Game.vassalage == SPORTS_VENDOR).order_by(col(Game.id))
            )
        ).first()
    assert game is not None
    return game.game_code


async def _in_vendor_wallet(member: Member, amount: str) -> None:
    await transfers.transfer(
        await brands.for_request("BR1", None),
        member,
        vendor=SPORTS_VENDOR,
        direction="IN",
        amount=amount,
        request_id=uuid4().hex,
    )


async def _vendor_balance(member: Member) -> Decimal:
    assert member.id is not None
    async with session_scope() as session:
        held = await ledger.member_vendor_wallets(
            session, merchant_id=member.merchant_id, member_id=member.id, currency="BRL"
        )
    return held.get(SPORTS_VENDOR, D("0.00"))


def _round(member: Member, game_code: str, **fields: Any) -> dict[str, Any]:
    return {
        "roundId": uuid4().hex,
        "memberId": member.id,
        "gameCode": game_code,
        "bet": "10.00",
        "win": "0",
        "status": "SETTLED",
        **fields,
    }


async def test_a_round_report_moves_the_vendor_wallet_and_writes_facts_once(
    vendor_client: httpx.AsyncClient, sports_secret: str
) -> None:
    member = await funded_member("100.00")
    await _in_vendor_wallet(member, "60.00")
    game_code = await _sports_game()
    won = _round(member, game_code, bet="10.00", win="18.00")
    lost = _round(member, game_code, bet="20.00")
    answer = await _report(vendor_client, [won, lost], secret=sports_secret)
    assert answer.status_code == 200, answer.text
    assert answer.json()["value"] == {"recorded": 2, "replayed": 0}
    again = await _report(vendor_client, [lost, won], secret=sports_secret)
    assert again.json()["value"] == {"recorded": 0, "replayed": 2}
    assert await _vendor_balance(member) == D("48.00")  # 60 - 10 + 18 - 20
    assert _figures(await _facts(SPORTS_VENDOR, won["roundId"])) == [
        ("SETTLED", D("10.00"), D("10.00"), D("18.00"), D("8.00"))
    ]
    [fact] = await _facts(SPORTS_VENDOR, lost["roundId"])
    assert (fact.category, fact.member_id, fact.net) == ("SPORTS", member.id, D("-20.00"))
    assert await _ledger_kinds(won["roundId"]) == ["BET", "WIN"]
    assert await _ledger_kinds(lost["roundId"]) == ["BET"]

    voided = await _report(vendor_client, [{**won, "status": "VOIDED"}], secret=sports_secret)
    assert voided.json()["value"] == {"recorded": 1, "replayed": 0}
    assert await _vendor_balance(member) == D("40.00")  # the bet back, the win taken back
    assert _figures(await _facts(SPORTS_VENDOR, won["roundId"])) == [
        ("SETTLED", D("10.00"), D("10.00"), D("18.00"), D("8.00")),
        ("VOIDED", D("-10.00"), D("-10.00"), D("-18.00"), D("-8.00")),
    ]
    async with session_scope() as session:
        differences = await books_differences(session)
    assert differences == ()


async def test_a_bad_round_refuses_the_whole_report_and_changes_nothing(
    vendor_client: httpx.AsyncClient, sports_secret: str
) -> None:
    member = await funded_member("100.00")
    await _in_vendor_wallet(member, "30.00")
    game_code = await _sports_game()
    good = _round(member, game_code)
    settled = _round(member, game_code)
    assert (await _report(vendor_client, [settled], secret=sports_secret)).status_code == 200
    cases = [
        (_round(member, game_code, memberId=10**9), 404, "vendor-round-unknown-member"),
        (_round(member, "NOPE"), 404, "vendor-round-unknown-game"),
        (_round(member, game_code, bet="0"), 422, "vendor-round-invalid-amount"),
        (_round(member, game_code, bet="1.001"), 422, "vendor-round-invalid-amount"),
        (_round(member, game_code, bet="dez"), 422, "vendor-round-invalid-amount"),
        (_round(member, game_code, bet="1e1"), 422, "vendor-round-invalid-amount"),
        (_round(member, game_code, win="١٠"), 422, "vendor-round-invalid-amount"),
        (_round(member, game_code, bet="500.00"), 409, "vendor-round-insufficient"),
        ({**settled, "win": "99.00"}, 409, "vendor-round-conflict"),
        (_round(member, game_code, status="PAID"), 422, "vendor-report-invalid"),
    ]
    for bad, status, code in cases:
        answer = await _report(vendor_client, [good, bad], secret=sports_secret)
        body = answer.json()
        assert (answer.status_code, body["code"]) == (status, code), bad
        assert body["message"] and body["message"] != code  # translated (pt)
        assert await _facts(SPORTS_VENDOR, good["roundId"]) == []
        assert await _ledger_kinds(good["roundId"]) == []
    assert await _vendor_balance(member) == D("20.00")
    twice = await _report(vendor_client, [good, good], secret=sports_secret)
    assert twice.json()["code"] == "vendor-round-repeated"


async def test_round_reports_are_signed_and_for_transfer_vendors_only(
    vendor_client: httpx.AsyncClient, sports_secret: str
) -> None:
    member = await funded_member("10.00")
    game_code = await _sports_game()
    forged = await _report(vendor_client, [_round(member, game_code)], secret="not-the-secret")
    assert (forged.status_code, forged.json()["code"]) == (401, "seamless-bad-signature")
    seamless = await _report(
        vendor_client, [_round(member, game_code)], secret=await vendor_secret(BGS), vendor=BGS
    )
    assert (seamless.status_code, seamless.json()["code"]) == (409, "vendor-report-not-transfer")
    async with session_scope() as session:
        count = (
            await session.exec(
                select(func.count(col(WagerFact.id))).where(WagerFact.member_id == member.id)
            )
        ).one()
    assert count == 0


async def test_racing_copies_of_a_settling_call_write_one_fact() -> None:
    member = await funded_member("100.00")
    game = await studio_game()
    player = await player_session(member, game)
    round_id = uuid4().hex
    bet, win = call(round_id, "5.00", game.game_code), call(round_id, "9.00", game.game_code)
    answers = await asyncio.gather(
        *(wallet.bet_win(BGS, player.session_token, bet, win) for _ in range(10))
    )
    assert {a.status for a in answers} == {"OK"}
    assert sum(not a.replay for a in answers) == 1
    assert len(await _facts(BGS, round_id)) == 1


async def test_racing_copies_of_a_report_write_each_round_once(
    vendor_client: httpx.AsyncClient, sports_secret: str
) -> None:
    member = await funded_member("100.00")
    await _in_vendor_wallet(member, "50.00")
    game_code = await _sports_game()
    report = [_round(member, game_code, bet="5.00", win="7.00") for _ in range(3)]
    answers = await asyncio.gather(
        *(_report(vendor_client, report, secret=sports_secret) for _ in range(6))
    )
    values = [answer.json()["value"] for answer in answers]
    assert sorted(v["recorded"] for v in values) == [0, 0, 0, 0, 0, 3]
    assert all(v["recorded"] + v["replayed"] == 3 for v in values)
    for reported in report:
        assert len(await _facts(SPORTS_VENDOR, reported["roundId"])) == 1
    assert await _vendor_balance(member) == D("56.00")
