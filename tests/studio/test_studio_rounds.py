"""Studio rounds against the real database and the real seamless wallet: money moves only
through the wallet, nonces never repeat, bad input moves nothing, seeds rotate and verify."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Iterator
from dataclasses import replace
from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest
from sqlalchemy import func
from sqlmodel import col, select

from app.core import fairness
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services.seamless import wallet
from app.services.seamless.wallet import WalletCall
from app.services.studio import rounds, seeds
from app.services.studio.games import GAMES, GameSpec, OneStep, Outcome
from models import Game, Member
from models.base import utcnow
from models.games import GameRound, GameSession
from models.studio import RoundStatus, StudioRound
from tests.helpers.money import books_differences, cash, entry_count
from tests.helpers.seamless import CURRENCY, funded_member

DICE = "BGS_DICE"
UNDER_50 = {"target": "50.00", "direction": "under"}


async def ensure_catalogue_game(code: str) -> None:
    """The wallet only takes bets on games of the catalogue: make sure `code` is listed."""
    async with write_transaction() as session:
        found = (
            await session.exec(
                select(Game).where(Game.vassalage == wallet.STUDIO_VENDOR, Game.game_code == code)
            )
        ).first()
        if found is not None:
            return
        model = (
            await session.exec(select(Game).where(Game.vassalage == wallet.STUDIO_VENDOR))
        ).first()
        assert model is not None
        data = model.model_dump(exclude={"id"})
        session.add(Game(**{**data, "game_code": code, "node_name": code, "game_name": code}))


async def member_session(amount: str = "100.00") -> tuple[Member, wallet.PlayerSession]:
    await ensure_catalogue_game(DICE)
    member = await funded_member(amount)
    token = await wallet.open_session(
        member=member, vendor=wallet.STUDIO_VENDOR, game_code=DICE, currency=CURRENCY
    )
    return member, await wallet.authenticate(wallet.STUDIO_VENDOR, token)


async def wallet_round(round_id: str) -> GameRound | None:
    """The wallet's summary of a studio round, if any money call reached it."""
    async with session_scope() as session:
        return (
            await session.exec(
                select(GameRound).where(
                    GameRound.vendor == wallet.STUDIO_VENDOR, GameRound.round_id == round_id
                )
            )
        ).first()


async def settled_rounds(owner: seeds.Owner) -> int:
    async with session_scope() as session:
        return (
            await session.exec(
                select(func.count(col(StudioRound.id))).where(
                    StudioRound.owner == owner.key, StudioRound.status == RoundStatus.SETTLED
                )
            )
        ).one()


async def test_a_round_settles_through_the_ledger_and_the_nonce_moves_on() -> None:
    member, session = await member_session("100.00")
    player = rounds.member_player(session)
    before_seed = await seeds.current(player.owner)
    played = [await rounds.play(player, DICE, "2.50", UNDER_50) for _ in range(5)]
    assert [r.nonce for r in played] == list(
        range(before_seed.next_nonce, before_seed.next_nonce + 5)
    )
    assert all(r.finished and r.status == RoundStatus.SETTLED for r in played)
    assert all(r.server_seed_hash == before_seed.server_seed_hash for r in played)
    assert all(r.quoted == Decimal("1.9800") for r in played)
    paid = sum((r.payout for r in played), Decimal(0))
    assert all(r.payout in (Decimal("0.00"), Decimal("4.95")) for r in played)
    expected = Decimal("100.00") - 5 * Decimal("2.50") + paid
    assert await cash(member) == expected == played[-1].balance
    assert (await seeds.current(player.owner)).next_nonce == before_seed.next_nonce + 5
    async with session_scope() as db:
        assert await books_differences(db) == ()


async def test_bad_input_gives_a_clear_error_and_moves_no_money() -> None:
    member, session = await member_session("10.00")
    player = rounds.member_player(session)
    entries = await entry_count()
    nonce = (await seeds.current(player.owner)).next_nonce
    cases: list[tuple[str, object, dict[str, Any], str]] = [
        (DICE, "20.00", UNDER_50, "play-bet-over-balance"),
        (DICE, "5000", UNDER_50, "studio-bet-out-of-range"),
        (DICE, "0.01", UNDER_50, "studio-bet-out-of-range"),
        (DICE, "abc", UNDER_50, "play-bet-invalid"),
        (DICE, "-1", UNDER_50, "play-bet-invalid"),
        (DICE, "1.005", UNDER_50, "play-bet-invalid"),
        (DICE, "NaN", UNDER_50, "play-bet-invalid"),
        (DICE, "1E+40", UNDER_50, "play-bet-invalid"),  # too large to quantize
        ("BGS_NO_SUCH_GAME", "1.00", UNDER_50, "studio-unknown-game"),
        (DICE, "1.00", {"target": "99.50", "direction": "under"}, "studio-dice-target"),
        (DICE, "1.00", {"target": "50", "direction": "sideways"}, "studio-dice-direction"),
    ]
    for code, bet, params, key in cases:
        with pytest.raises(AppError) as caught:
            await rounds.play(player, code, bet, params)
        assert caught.value.code == key, (code, bet, params)
    assert await cash(member) == Decimal("10.00")
    assert await entry_count() == entries
    assert (await seeds.current(player.owner)).next_nonce == nonce


async def test_replayed_launch_token_and_expired_session_are_refused() -> None:
    await ensure_catalogue_game(DICE)
    member = await funded_member("10.00")
    token = await wallet.open_session(
        member=member, vendor=wallet.STUDIO_VENDOR, game_code=DICE, currency=CURRENCY
    )
    session = await wallet.authenticate(wallet.STUDIO_VENDOR, token)
    with pytest.raises(AppError) as replayed:
        await wallet.authenticate(wallet.STUDIO_VENDOR, token)
    assert replayed.value.status == 401
    async with write_transaction() as db:
        stored = (
            await db.exec(select(GameSession).where(GameSession.member_id == member.id))
        ).one()
        stored.expires_at = utcnow() - timedelta(seconds=1)
        db.add(stored)
    player = rounds.member_player(session)
    entries = await entry_count()
    with pytest.raises(AppError) as expired:
        await rounds.play(player, DICE, "1.00", UNDER_50)
    assert expired.value.code == "seamless-session-expired"
    forged = replace(player, token="not-a-session")
    with pytest.raises(AppError) as unknown:
        await rounds.play(forged, DICE, "1.00", UNDER_50)
    assert unknown.value.status == 401
    assert await cash(member) == Decimal("10.00")
    assert await entry_count() == entries
    assert await settled_rounds(player.owner) == 0


async def test_rotation_reveals_the_old_seed_and_verify_recomputes_the_round() -> None:
    _, session = await member_session("50.00")
    player = rounds.member_player(session)
    committed = await seeds.current(player.owner)
    played = await rounds.play(player, DICE, "1.00", {"target": "30.00", "direction": "over"})
    pending = await rounds.verify(player.owner, played.round_id)
    assert pending.server_seed is None and pending.matches is None
    assert pending.round.server_seed_hash == committed.server_seed_hash

    revealed, fresh = await seeds.rotate(player.owner)
    assert fairness.seed_hash(revealed.server_seed) == committed.server_seed_hash
    assert revealed.rounds == committed.next_nonce + 1
    assert fresh.server_seed_hash != committed.server_seed_hash
    assert fresh.client_seed == committed.client_seed

    checked = await rounds.verify(player.owner, played.round_id)
    assert checked.server_seed == revealed.server_seed
    assert checked.hash_matches and checked.matches
    assert checked.multiplier == played.multiplier and checked.detail == played.detail
    roll = Decimal(played.detail["roll"])
    assert played.detail["won"] == (roll >= Decimal(30))

    # Anyone holding the revealed seed gets the same roll (a stream of floats, one per roll).
    first = next(fairness.floats(revealed.server_seed, played.client_seed, played.nonce))
    assert Decimal(min(int(first * 10_000), 9_999)) / 100 == roll


async def test_client_seed_is_validated_and_used_for_the_next_rounds() -> None:
    _, session = await member_session("20.00")
    player = rounds.member_player(session)
    for bad in ("", "with space", "x" * 33, "semi;colon", "a:b"):
        with pytest.raises(AppError) as caught:
            await seeds.set_client_seed(player.owner, bad)
        assert caught.value.code == "play-client-seed-invalid"
    view = await seeds.set_client_seed(player.owner, "my-own_seed42")
    assert view.client_seed == "my-own_seed42"
    played = await rounds.play(player, DICE, "1.00", UNDER_50)
    assert played.client_seed == "my-own_seed42"


async def test_tampered_and_foreign_round_ids_are_refused() -> None:
    _, mine = await member_session("20.00")
    _, theirs = await member_session("20.00")
    me, them = rounds.member_player(mine), rounds.member_player(theirs)
    played = await rounds.play(them, DICE, "1.00", UNDER_50)
    for round_id in (played.round_id, played.round_id + "0", "1-1' OR 1=1", "", "x" * 500):
        with pytest.raises(AppError) as caught:
            await rounds.verify(me.owner, round_id)
        assert caught.value.code == "play-round-unknown"
        assert caught.value.status == 404
    assert (await rounds.verify(them.owner, played.round_id)).round.round_id == played.round_id


@pytest.mark.engines
async def test_concurrent_rounds_of_one_member_never_share_a_nonce() -> None:
    member, session = await member_session("100.00")
    player = rounds.member_player(session)
    played = await asyncio.gather(*(rounds.play(player, DICE, "1.00", UNDER_50) for _ in range(8)))
    nonces = [r.nonce for r in played]
    assert len(set(nonces)) == 8
    paid = sum((r.payout for r in played), Decimal(0))
    assert await cash(member) == Decimal("100.00") - Decimal("8.00") + paid
    async with session_scope() as db:
        assert await books_differences(db) == ()


async def test_demo_play_never_touches_the_ledger() -> None:
    await ensure_catalogue_game(DICE)
    player = rounds.demo_player(secrets.token_urlsafe(16))
    entries = await entry_count()
    assert await rounds.balance(player) == rounds.DEMO_START
    played = [await rounds.play(player, DICE, "10.00", UNDER_50) for _ in range(4)]
    paid = sum((r.payout for r in played), Decimal(0))
    assert await rounds.balance(player) == rounds.DEMO_START - Decimal("40.00") + paid
    assert await entry_count() == entries
    spent = await rounds.balance(player) - Decimal("5.00")
    await rounds.DemoWallet().debit(player.token, WalletCall("drain", "drain", DICE, spent))
    with pytest.raises(AppError) as caught:
        await rounds.play(player, DICE, "10.00", UNDER_50)
    assert caught.value.code == "play-bet-over-balance"
    assert await rounds.balance(player) == Decimal("5.00")
    await seeds.rotate(player.owner)
    assert (await rounds.verify(player.owner, played[0].round_id)).matches
    with pytest.raises(AppError):
        rounds.demo_player("short")


class _Broken(OneStep):
    """A game whose outcome cannot be computed."""

    spec = GameSpec(
        code="BGS_TEST_BROKEN",
        sub_category="AC",
        rtp=Decimal("99.00"),
        min_bet=Decimal("0.10"),
        max_bet=Decimal(100),
        max_win_multiplier=Decimal(10),
    )

    def paytable(self) -> list[dict[str, str]]:
        return []

    def check(self, params: dict[str, Any]) -> dict[str, Any]:
        return {}

    def play(self, rng: Iterator[float], params: dict[str, Any]) -> Outcome:
        raise RuntimeError("the outcome could not be computed")


class _BrokenDeal(_Broken):
    """A two-step game whose deal fails after the stake was taken."""

    spec = replace(_Broken.spec, code="BGS_TEST_BROKEN_DEAL", two_step=True)


async def _broken_round(game: _Broken, monkeypatch: pytest.MonkeyPatch) -> StudioRound:
    """Play `game` for 3.00 out of 10.00: the round fails, the money is whole again."""
    monkeypatch.setitem(GAMES, game.spec.code, game)
    await ensure_catalogue_game(game.spec.code)
    member = await funded_member("10.00")
    token = await wallet.open_session(
        member=member, vendor=wallet.STUDIO_VENDOR, game_code=game.spec.code, currency=CURRENCY
    )
    player = rounds.member_player(await wallet.authenticate(wallet.STUDIO_VENDOR, token))
    with pytest.raises(AppError) as caught:
        await rounds.play(player, game.spec.code, "3.00", {})
    assert caught.value.code == "play-round-failed"
    assert await cash(member) == Decimal("10.00")
    async with session_scope() as db:
        assert await books_differences(db) == ()
        return (
            await db.exec(select(StudioRound).where(StudioRound.owner == player.owner.key))
        ).one()


async def test_a_one_step_outcome_that_fails_moves_no_money(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    row = await _broken_round(_Broken(), monkeypatch)
    assert row.status == RoundStatus.REFUSED
    assert await wallet_round(row.round_id) is None  # the wallet never saw a stake


async def test_a_deal_that_fails_after_the_stake_rolls_it_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    row = await _broken_round(_BrokenDeal(), monkeypatch)
    assert row.status == RoundStatus.ROLLED_BACK
    found = await wallet_round(row.round_id)
    assert found is not None and found.status == "ROLLED_BACK"


class _PayoutRefused(wallet.InProcessWallet):
    """A wallet that takes the stake of a one-step round, then refuses its payout."""

    async def bet_win(
        self, session_token: str, bet: WalletCall, win: WalletCall
    ) -> wallet.WalletAnswer:
        await self.debit(session_token, bet)
        answer = await self.balance(session_token)
        return replace(answer, status="REFUSED", transaction_id=win.transaction_id)


async def test_a_payout_refused_after_its_stake_gives_the_stake_back() -> None:
    member, session = await member_session("10.00")
    player = replace(rounds.member_player(session), wallet=_PayoutRefused())
    with pytest.raises(AppError) as caught:
        await rounds.play(player, DICE, "4.00", UNDER_50)
    assert caught.value.code == "play-wallet-refused"
    assert await cash(member) == Decimal("10.00")
    async with session_scope() as db:
        row = (
            await db.exec(select(StudioRound).where(StudioRound.owner == player.owner.key))
        ).one()
        assert await books_differences(db) == ()
    assert row.status == RoundStatus.ROLLED_BACK


async def test_video_poker_debits_at_the_deal_and_credits_at_the_draw() -> None:
    poker = "BGS_POKER_JACKS"
    await ensure_catalogue_game(poker)
    member = await funded_member("20.00")
    token = await wallet.open_session(
        member=member, vendor=wallet.STUDIO_VENDOR, game_code=poker, currency=CURRENCY
    )
    player = rounds.member_player(await wallet.authenticate(wallet.STUDIO_VENDOR, token))
    dealt = await rounds.play(player, poker, "2.00", {})
    assert not dealt.finished and dealt.status == RoundStatus.OPEN
    assert len(dealt.detail["cards"]) == 5
    assert await cash(member) == Decimal("18.00")
    assert (await rounds.open_round(player.owner, poker)) is not None
    with pytest.raises(AppError) as twice:
        await rounds.play(player, poker, "2.00", {})
    assert twice.value.code == "play-round-open"
    with pytest.raises(AppError) as early:
        await seeds.rotate(player.owner)  # would reveal the cards still to come
    assert early.value.code == "play-rotate-open-round"
    with pytest.raises(AppError):
        await rounds.finish(player, dealt.round_id, {"hold": [7]})
    drawn = await rounds.finish(player, dealt.round_id, {"hold": [0, 2]})
    assert drawn.finished and drawn.detail["cards"][0] == dealt.detail["cards"][0]
    assert await cash(member) == Decimal("18.00") + drawn.payout
    with pytest.raises(AppError) as again:
        await rounds.finish(player, dealt.round_id, {"hold": []})
    assert again.value.code == "play-round-finished"
    await seeds.rotate(player.owner)
    checked = await rounds.verify(player.owner, dealt.round_id)
    assert checked.matches and checked.detail == drawn.detail
    async with session_scope() as db:
        assert await books_differences(db) == ()


def test_bets_are_read_as_typed_in_either_language() -> None:
    assert rounds.parse_bet("1,50") == Decimal("1.50")
    assert rounds.parse_bet(" 2.5 ") == Decimal("2.50")
    # The one amount parser of every money input: thousands dots before a decimal comma.
    assert rounds.parse_bet("1.234,5") == Decimal("1234.50")
    for bad in ("1,2,3", "1e3x", "", "0", "Infinity", "0.001"):
        with pytest.raises(AppError) as caught:
            rounds.parse_bet(bad)
        assert caught.value.code == "play-bet-invalid"
