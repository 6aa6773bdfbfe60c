"""Studio rounds: validate, take a nonce, stake, compute the outcome, pay, and verify later.

Money moves only through a wallet port: a member's through the seamless wallet
(`studio_wallet()`, so the studio is one more vendor to the platform), a demo player's through
`DemoWallet`, a virtual balance in Redis that never touches the ledger. The order of a round:

1. check the game, the player's choices, the bet limits and the balance (no money, no nonce);
2. under the seed pair's row lock take the next nonce and record the round (PENDING);
3. compute the outcome from `fairness.floats(server seed, client seed, nonce)`;
4. one-step games stake and pay in one wallet call (`bet_win`: the debit, then the credit, in
   one transaction; a zero credit settles a lost round); a refused stake marks the round
   REFUSED, nothing moved. Two-step games (video poker) debit at the deal and credit at the
   draw; a failure after that debit rolls the stake back.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Awaitable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import update
from sqlmodel import col, select

from app.core import clock, fairness
from app.core.cache import get_redis
from app.core.db import session_scope, single_writes, write_transaction
from app.core.errors import AppError
from app.services import amounts, bet_limits
from app.services.brands import brands
from app.services.currencies import limit_scale
from app.services.identity import onboarding
from app.services.seamless.port import PlayerSession, WalletAnswer, WalletCall, WalletPort
from app.services.seamless.studio_port import studio_wallet
from app.services.studio import seeds
from app.services.studio.games import GAMES, GameSpec, StudioGame, game
from app.services.studio.seeds import Owner
from models import Member
from models.studio import RoundStatus, StudioRound, StudioSeedPair

DEMO_START = Decimal("1000.00")
DEMO_TTL_SECONDS = 7 * 24 * 3600
OK = "OK"
INSUFFICIENT_FUNDS = "INSUFFICIENT_FUNDS"


# ---- players and their wallets ---------------------------------------------------------------


class DemoWallet:
    """A virtual balance per demo id and currency (the brand's), in Redis as whole cents; it
    never touches the ledger. It starts at DEMO_START reais scaled to the currency, as bet
    limits are, so a dong brand's demo holds as many minimum bets as a real brand's."""

    def __init__(self, currency: str = "BRL") -> None:
        self.currency = currency.upper()

    def _key(self, demo_id: str) -> str:
        return f"studio-demo:{self.currency}:{demo_id}"

    async def _start(self, demo_id: str) -> None:
        start = DEMO_START * limit_scale(self.currency)
        await get_redis().set(self._key(demo_id), int(start * 100), nx=True, ex=DEMO_TTL_SECONDS)

    def _answer(self, status: str, cents: int, transaction_id: str) -> WalletAnswer:
        return WalletAnswer(status, Decimal(cents) / 100, self.currency, transaction_id, False)

    async def balance(self, demo_id: str) -> WalletAnswer:
        await self._start(demo_id)
        value = await get_redis().get(self._key(demo_id))
        return self._answer(OK, int(value or 0), "")

    async def debit(self, demo_id: str, call: WalletCall) -> WalletAnswer:
        await self._start(demo_id)
        redis = get_redis()
        cents = int(call.amount * 100)
        left = await redis.decrby(self._key(demo_id), cents)
        if left < 0:
            left = await redis.incrby(self._key(demo_id), cents)
            return self._answer(INSUFFICIENT_FUNDS, left, call.transaction_id)
        return self._answer(OK, left, call.transaction_id)

    async def credit(self, demo_id: str, call: WalletCall) -> WalletAnswer:
        await self._start(demo_id)
        left = await get_redis().incrby(self._key(demo_id), int(call.amount * 100))
        return self._answer(OK, left, call.transaction_id)

    async def rollback(self, demo_id: str, call: WalletCall) -> WalletAnswer:
        return await self.credit(demo_id, call)

    async def bet_win(self, demo_id: str, bet: WalletCall, win: WalletCall) -> WalletAnswer:
        debited = await self.debit(demo_id, bet)
        return debited if debited.status != OK else await self.credit(demo_id, win)

    async def reset(self, demo_id: str) -> WalletAnswer:
        """Back to the starting demo balance (the demo player ran out)."""
        await get_redis().delete(self._key(demo_id))
        return await self.balance(demo_id)


@dataclass(frozen=True)
class Player:
    """Who plays a round and through which wallet; `token` is the wallet's key for them
    (the seamless session token, or the demo id). `known_balance` is one the wallet gave
    moments ago (the game client's guard reads it), which spares asking again."""

    owner: Owner
    currency: str
    token: str
    merchant_id: int | None = None
    known_balance: Decimal | None = None
    wallet: Any = field(default=None, compare=False)
    symbol: str = ""  # the brand's currency symbol, when the door knows it (the site's pages)

    @property
    def port(self) -> WalletPort | DemoWallet:
        if self.wallet is not None:
            return self.wallet  # type: ignore[no-any-return]
        return DemoWallet(self.currency) if self.owner.demo else studio_wallet()


def member_player(session: PlayerSession) -> Player:
    return Player(
        owner=seeds.member_owner(session.member_id),
        currency=session.currency,
        token=session.session_token,
        merchant_id=session.merchant_id,
        known_balance=session.balance,
    )


def demo_player(demo_id: str, currency: str = "BRL") -> Player:
    return Player(owner=seeds.demo_owner(demo_id), currency=currency, token=demo_id)


async def symbol_of(player: Player, merchant_id: int | None = None) -> str:
    """The currency symbol the player's brand writes its money with: the one the door gave,
    else that of the brand `merchant_id` or the player's session's (read only then); "" for
    none."""
    merchant_id = merchant_id if merchant_id is not None else player.merchant_id
    if player.symbol or merchant_id is None:
        return player.symbol
    with contextlib.suppress(AppError):
        return (await brands.by_id(merchant_id)).currency_symbol
    return ""


async def check_stake(
    spec: GameSpec, stake: Decimal, player: Player, merchant_id: int | None = None
) -> None:
    """`GameSpec.check_bet` in the player's currency; a refusal writes the limits in the
    money of the player's brand (R$ 1,00; `symbol_of`), which is read only then."""
    limits = spec.limits(player.currency)
    if not limits.within(stake):
        limits = spec.limits(player.currency, await symbol_of(player, merchant_id))
    limits.check(stake)


async def balance(player: Player) -> Decimal:
    """The player's balance now; an ended wallet session is an error (401)."""
    return (await player.port.balance(player.token)).balance


# ---- views ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class RoundView:
    round_id: str
    game_code: str
    nonce: int
    client_seed: str
    server_seed_hash: str
    stake: Decimal
    multiplier: Decimal
    payout: Decimal
    quoted: Decimal | None
    params: dict[str, Any]
    detail: dict[str, Any]
    finished: bool
    status: str
    balance: Decimal | None
    created_at: datetime

    @property
    def won(self) -> bool:
        """A win is a profit: a round paying the stake or less gives money back, no win
        (the page's words and colours, the history and autobet's on-win change agree)."""
        return self.payout > self.stake


def _view(
    row: StudioRound,
    seed_hash: str,
    balance_now: Decimal | None = None,
    quoted: Decimal | None = None,
) -> RoundView:
    return RoundView(
        round_id=row.round_id,
        game_code=row.game_code,
        nonce=row.nonce,
        client_seed=row.client_seed,
        server_seed_hash=seed_hash,
        stake=row.stake,
        multiplier=row.multiplier,
        payout=row.payout,
        quoted=quoted,
        params=row.params,
        detail=row.detail,
        finished=row.status == RoundStatus.SETTLED,
        status=row.status,
        balance=balance_now,
        created_at=row.created_at,
    )


# ---- input ----------------------------------------------------------------------------------


def parse_bet(value: object) -> Decimal:
    """A stake as typed: dot or comma decimals, at most two decimal places, above zero."""
    return amounts.parse_amount(value, "play-bet-invalid", status=400)


def readable_bet(value: object) -> Decimal | None:
    """A stake field's value as an amount; None when it does not read as one."""
    try:
        return parse_bet(value)
    except AppError:
        return None


def _json(value: dict[str, Any]) -> dict[str, Any]:
    """The shape a dict has after a trip through a JSON column (tuples become lists)."""
    loaded: dict[str, Any] = json.loads(json.dumps(value, default=str))
    return loaded


# ---- playing --------------------------------------------------------------------------------


def _call(
    row: StudioRound, kind: str, amount: Decimal, rollback_of: str | None = None
) -> WalletCall:
    return WalletCall(
        transaction_id=f"studio:{row.round_id}:{kind}",
        round_id=row.round_id,
        game_code=row.game_code,
        amount=amount,
        rollback_of=rollback_of,
    )


async def _save(row: StudioRound, **changes: Any) -> StudioRound:
    """Write the changes of a round in one statement, standing alone (autocommit on
    PostgreSQL); `row` is this process's copy."""
    async with single_writes() as session:
        await session.exec(
            update(StudioRound).where(col(StudioRound.id) == row.id).values(**changes)
        )
    for name, value in changes.items():
        setattr(row, name, value)
    return row


async def _undo(player: Player, row: StudioRound) -> None:
    """Something failed after the stake was debited: give it back, mark the round."""
    await player.port.rollback(
        player.token, _call(row, "rollback", row.stake, rollback_of=f"studio:{row.round_id}:bet")
    )
    await _save(row, status=RoundStatus.ROLLED_BACK, settled_at=clock.now())


async def _save_settled(
    row: StudioRound, multiplier: Decimal, payout: Decimal, detail: dict[str, Any]
) -> StudioRound:
    return await _save(
        row,
        multiplier=multiplier,
        payout=payout,
        detail=_json(detail),
        step_state={},
        status=RoundStatus.SETTLED,
        settled_at=clock.now(),
    )


async def _settle(
    player: Player,
    studio_game: StudioGame,
    row: StudioRound,
    multiplier: Decimal,
    detail: dict[str, Any],
) -> tuple[StudioRound, Decimal]:
    """The payout of a two-step round, as its own credit."""
    payout = studio_game.spec.payout(row.stake, multiplier)
    answer = await player.port.credit(player.token, _call(row, "win", payout))
    if answer.status != OK:
        raise AppError("play-wallet-refused", 409)
    return await _save_settled(row, multiplier, payout, detail), answer.balance


async def _staked(
    player: Player,
    row: StudioRound,
    wallet_call: Awaitable[WalletAnswer],
    win: WalletCall | None = None,
) -> WalletAnswer:
    """The wallet's answer to the call that takes the stake (and, with `win`, pays it). A
    failed call or a refused stake marks the round REFUSED, nothing moved; a payout refused
    after its stake went gives the stake back."""
    try:
        answer = await wallet_call
    except AppError:
        await _save(row, status=RoundStatus.REFUSED, settled_at=clock.now())
        raise
    if answer.status == OK:
        return answer
    if win is not None and answer.transaction_id == win.transaction_id:
        await _undo(player, row)
        raise AppError("play-wallet-refused", 409)
    await _save(row, status=RoundStatus.REFUSED, settled_at=clock.now())
    raise await stake_refusal(answer, player, row.stake)


async def stake_refusal(answer: WalletAnswer, player: Player, stake: Decimal) -> AppError:
    """Why the wallet refused a stake, as the player is told it (every Original, Crash too):
    the balance; their own limit, break, exclusion or identity still to verify (said plainly,
    the identity with the way to verify it); a grant's maximum bet that appeared since the
    check before the round (raised with its amount); else the wallet's plain refusal."""
    if answer.status == INSUFFICIENT_FUNDS:
        return AppError("play-bet-over-balance", 400)
    if answer.reason.startswith(("protection-", "identity-")):
        return AppError(answer.reason, 403)
    if answer.reason == "bonus-max-bet" and player.owner.member_id is not None:
        await bet_limits.check_max_bet(
            player.owner.member_id, stake, clock.now(), player.merchant_id
        )
    return AppError("play-wallet-refused", 409)


async def _may_bet_at_all(player: Player) -> None:
    """A member who may not bet yet hears why (identity not verified: AppError
    identity-pending), not that the balance is short (a pending account cannot deposit)."""
    if player.owner.member_id is None:
        return
    async with session_scope() as session:
        member = await session.get(Member, player.owner.member_id)
        if member is not None:
            await onboarding.require_verified(session, member)


async def play(player: Player, game_code: str, bet: object, params: dict[str, Any]) -> RoundView:
    """Play one round (or deal the first step of a two-step game)."""
    studio_game = game(game_code)
    stake = parse_bet(bet)
    await check_stake(studio_game.spec, stake, player)
    checked = studio_game.check(params)
    quoted = studio_game.quoted_multiplier(checked)
    known = player.known_balance
    if stake > (known if known is not None else await balance(player)):
        await _may_bet_at_all(player)
        raise AppError("play-bet-over-balance", 400)
    async with write_transaction() as session:
        if player.owner.member_id is not None:
            # an open bonus's maximum bet, said before any nonce or money moves (the wallet
            # refuses it again under the cash lock); in the round's own transaction
            await bet_limits.check_max_bet_in(
                session, player.owner.member_id, stake, clock.now(), player.merchant_id
            )
        pair = await seeds.locked_pair(session, player.owner, create=True)
        assert pair.id is not None
        if studio_game.spec.two_step:
            waiting = await session.exec(
                select(StudioRound.id).where(
                    StudioRound.owner == player.owner.key,
                    StudioRound.game_code == game_code,
                    col(StudioRound.status).in_([RoundStatus.OPEN, RoundStatus.PENDING]),
                )
            )
            if waiting.first() is not None:
                raise AppError("play-round-open", 409)
        nonce = pair.next_nonce
        pair.next_nonce = nonce + 1
        session.add(pair)
        row = StudioRound(
            round_id=f"{pair.id}-{nonce}",
            owner=player.owner.key,
            member_id=player.owner.member_id,
            merchant_id=player.merchant_id,
            demo=player.owner.demo,
            game_code=game_code,
            currency=player.currency,
            seed_pair_id=pair.id,
            client_seed=pair.client_seed,
            nonce=nonce,
            params=_json(checked),
            stake=stake,
        )
        session.add(row)
        await session.flush()
        rng = fairness.floats(seeds.server_seed(pair), row.client_seed, nonce)
        seed_hash = pair.server_seed_hash
    if studio_game.spec.two_step:
        row, balance_now = await _deal(player, studio_game, row, rng, checked)
    else:
        row, balance_now = await _play_one_step(player, studio_game, row, rng, checked)
    return _view(row, seed_hash, balance_now, quoted)


async def _play_one_step(
    player: Player,
    studio_game: StudioGame,
    row: StudioRound,
    rng: Iterator[float],
    checked: dict[str, Any],
) -> tuple[StudioRound, Decimal]:
    """Stake and payout in one wallet call; the outcome is known before any money moves."""
    try:
        outcome = studio_game.play(rng, checked)
        if not outcome.finished:
            raise RuntimeError(f"{studio_game.spec.code} is a one-step game but left a step")
    except Exception as exc:
        await _save(row, status=RoundStatus.REFUSED, settled_at=clock.now())
        raise AppError("play-round-failed", 500) from exc
    bet = _call(row, "bet", row.stake)
    win = _call(row, "win", studio_game.spec.payout(row.stake, outcome.multiplier))
    answer = await _staked(player, row, player.port.bet_win(player.token, bet, win), win)
    return await _save_settled(row, outcome.multiplier, win.amount, outcome.detail), answer.balance


async def _deal(
    player: Player,
    studio_game: StudioGame,
    row: StudioRound,
    rng: Iterator[float],
    checked: dict[str, Any],
) -> tuple[StudioRound, Decimal]:
    """The first step of a two-step round: the stake, then the deal (the draw pays)."""
    bet = _call(row, "bet", row.stake)
    debited = await _staked(player, row, player.port.debit(player.token, bet))
    try:
        outcome = studio_game.play(rng, checked)
        if outcome.finished:
            return await _settle(player, studio_game, row, outcome.multiplier, outcome.detail)
        dealt = await _save(
            row,
            detail=_json(outcome.detail),
            step_state=_json(outcome.state),
            status=RoundStatus.OPEN,
        )
    except Exception as exc:
        await _undo(player, row)
        if isinstance(exc, AppError):
            raise
        raise AppError("play-round-failed", 500) from exc
    return dealt, debited.balance


async def _owned_round(owner: Owner, round_id: str, game_code: str | None) -> StudioRound:
    """The owner's round (of that game, when one is named); anyone else's is unknown."""
    query = select(StudioRound).where(
        StudioRound.round_id == round_id, StudioRound.owner == owner.key
    )
    if game_code is not None:
        query = query.where(StudioRound.game_code == game_code)
    async with session_scope() as session:
        row = (await session.exec(query)).first()
    if row is None:
        raise AppError("play-round-unknown", 404)
    return row


async def finish(
    player: Player, round_id: str, choice: dict[str, Any], *, game_code: str | None = None
) -> RoundView:
    """The second step of a two-step round (video poker: hold, then draw), then the payout.
    `game_code` limits it to rounds of that game (a game session plays one game)."""
    row = await _owned_round(player.owner, str(round_id), game_code)
    studio_game = game(row.game_code)
    async with write_transaction() as session:
        locked = (
            await session.exec(
                select(StudioRound).where(StudioRound.id == row.id).with_for_update()
            )
        ).one()
        if locked.status != RoundStatus.OPEN:
            raise AppError("play-round-finished", 409)
        pair = await session.get(StudioSeedPair, locked.seed_pair_id)
        assert pair is not None
        rng = fairness.floats(seeds.server_seed(pair), locked.client_seed, locked.nonce)
        outcome = studio_game.finish(rng, locked.params, locked.step_state, choice)
        locked.choice = _json(choice)
        locked.status = RoundStatus.PENDING  # a second draw of the same round is refused
        session.add(locked)
        seed_hash = pair.server_seed_hash
    try:
        settled, balance_now = await _settle(
            player, studio_game, locked, outcome.multiplier, outcome.detail
        )
    except Exception as exc:
        await _undo(player, locked)
        if isinstance(exc, AppError):
            raise
        raise AppError("play-round-failed", 500) from exc
    return _view(settled, seed_hash, balance_now)


async def open_round(owner: Owner, game_code: str) -> RoundView | None:
    """A dealt two-step round waiting for its draw (the page comes back to it on reload)."""
    async with session_scope() as session:
        row = (
            await session.exec(
                select(StudioRound).where(
                    StudioRound.owner == owner.key,
                    StudioRound.game_code == game_code,
                    StudioRound.status == RoundStatus.OPEN,
                )
            )
        ).first()
        if row is None:
            return None
        pair = await session.get(StudioSeedPair, row.seed_pair_id)
    assert pair is not None
    return _view(row, pair.server_seed_hash)


async def recent(owner: Owner, game_code: str | None = None, limit: int = 10) -> list[RoundView]:
    """The owner's last settled rounds, newest first."""
    query = (
        select(StudioRound, StudioSeedPair.server_seed_hash)
        .join(StudioSeedPair, col(StudioSeedPair.id) == StudioRound.seed_pair_id)
        .where(StudioRound.owner == owner.key, StudioRound.status == RoundStatus.SETTLED)
        .order_by(col(StudioRound.id).desc())
        .limit(limit)
    )
    if game_code is not None:
        query = query.where(StudioRound.game_code == game_code)
    async with session_scope() as session:
        rows: Sequence[tuple[StudioRound, str]] = (await session.exec(query)).all()
    return [_view(row, seed_hash) for row, seed_hash in rows]


# ---- verifying ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Verification:
    round: RoundView
    choice: dict[str, Any]
    server_seed: str | None  # None until the pair is rotated: only the hash is known then
    hash_matches: bool | None
    multiplier: Decimal | None  # recomputed
    detail: dict[str, Any] | None  # recomputed
    matches: bool | None  # None while the seed is not revealed


def recompute(
    studio_game: StudioGame,
    server_seed: str,
    client_seed: str,
    nonce: int,
    params: dict[str, Any],
    choice: dict[str, Any],
) -> tuple[Decimal, dict[str, Any]]:
    """The outcome as a pure function of the seeds, the nonce and the player's choices."""
    outcome = studio_game.play(fairness.floats(server_seed, client_seed, nonce), params)
    if not outcome.finished:
        rng = fairness.floats(server_seed, client_seed, nonce)
        outcome = studio_game.finish(rng, params, _json(outcome.state), choice)
    return outcome.multiplier, _json(outcome.detail)


async def verify(owner: Owner, round_id: str, *, game_code: str | None = None) -> Verification:
    """Recompute a settled round of the owner's (of that game, when one is named) from the
    revealed seed and compare."""
    row = await _owned_round(owner, str(round_id), game_code)
    if row.status != RoundStatus.SETTLED or row.game_code not in GAMES:
        raise AppError("play-round-not-settled", 409)
    async with session_scope() as session:
        pair = await session.get(StudioSeedPair, row.seed_pair_id)
    assert pair is not None
    view = _view(row, pair.server_seed_hash)
    if pair.server_seed is None:
        return Verification(view, row.choice, None, None, None, None, None)
    multiplier, detail = recompute(
        game(row.game_code), pair.server_seed, row.client_seed, row.nonce, row.params, row.choice
    )
    hash_matches = fairness.seed_hash(pair.server_seed) == pair.server_seed_hash
    matches = hash_matches and multiplier == row.multiplier and detail == row.detail
    return Verification(
        view, row.choice, pair.server_seed, hash_matches, multiplier, detail, matches
    )
