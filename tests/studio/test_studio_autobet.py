"""Autobet against the real database and the real seamless wallet: a run stops at its own stop
on loss (never past it), at the member's responsible-gambling limit, at self-exclusion and at
the balance, each with its reason; every bet is an ordinary round; a plan is checked."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from sqlmodel import select

from app.core import clock
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.i18n import translate
from app.services import exclusion, ledger
from app.services.protection import limits
from app.services.protection.limits import REALITY_CHECK_DUE
from app.services.seamless import wallet
from app.services.studio import autobet, rounds, seeds
from app.services.studio.games import GAMES
from models import Game, Member
from tests.helpers.money import cash
from tests.helpers.seamless import CURRENCY, funded_member
from tests.helpers.studio_autobet import choose_client_seed, replay, server_seed, view_of

PLINKO = "BGS_PLINKO"
DICE = "BGS_DICE"
HIGH_16 = {"rows": 16, "risk": "high"}


async def listed(code: str) -> None:
    """The wallet takes bets on catalogue games only: make sure `code` is listed."""
    async with write_transaction() as session:
        found = await session.exec(
            select(Game).where(Game.vassalage == wallet.STUDIO_VENDOR, Game.game_code == code)
        )
        if found.first() is not None:
            return
        model = (
            await session.exec(select(Game).where(Game.vassalage == wallet.STUDIO_VENDOR))
        ).first()
        assert model is not None
        data = model.model_dump(exclude={"id"})
        session.add(Game(**{**data, "game_code": code, "node_name": code, "game_name": code}))


async def member_player(code: str, amount: str) -> tuple[Member, rounds.Player]:
    await listed(code)
    member = await funded_member(amount)
    token = await wallet.open_session(
        member=member, vendor=wallet.STUDIO_VENDOR, game_code=code, currency=CURRENCY
    )
    return member, rounds.member_player(await wallet.authenticate(wallet.STUDIO_VENDOR, token))


async def run_to_the_end(
    player: rounds.Player, code: str, run: autobet.Run, params: dict[str, Any]
) -> tuple[autobet.Run, list[rounds.RoundView]]:
    played = []
    while run.running:
        view, run = await autobet.bet(player, code, run, params)
        if view is not None:
            played.append(view)
    return run, played


async def books_clean() -> None:
    async with session_scope() as session:
        assert (await ledger.audit(session)).clean


def assert_translated(run: autobet.Run) -> None:
    for lang in ("en", "pt"):
        text = translate(run.stopped, lang, **run.reason)
        assert text != run.stopped and "{" not in text


async def test_a_plinko_autobet_of_10_stops_at_its_stop_on_loss_and_never_past_it() -> None:
    member, player = await member_player(PLINKO, "100.00")
    seed = await server_seed(player.owner)
    nonce = (await seeds.current(player.owner)).next_nonce
    plan = autobet.plan(
        GAMES[PLINKO].spec.limits(CURRENCY), bets="10", stake="1.00", stop_loss="2.50"
    )

    # a client seed whose drops reach the stop on loss before the 10th bet
    def stops_on_loss(client: str) -> bool:
        expected = replay(plan, PLINKO, HIGH_16, seed, client, nonce)
        return expected.stopped == autobet.STOP_LOSS and 1 < expected.played < 10

    client = choose_client_seed(stops_on_loss)
    await seeds.set_client_seed(player.owner, client)
    expected = replay(plan, PLINKO, HIGH_16, seed, client, nonce)

    run, played = await run_to_the_end(player, PLINKO, autobet.start(plan), HIGH_16)
    assert run.stopped == autobet.STOP_LOSS and run.reason == {"amount": Decimal("2.50")}
    assert run.played == len(played) == expected.played and run.profit == expected.profit
    assert -run.profit <= Decimal("2.50") < -run.profit + run.stake  # the next bet could pass it
    assert [v.nonce for v in played] == list(range(nonce, nonce + run.played))
    assert all(v.finished and v.game_code == PLINKO and v.stake == 1 for v in played)
    assert await cash(member) == Decimal("100.00") + run.profit
    assert_translated(run)
    # a stopped run bets no more
    view, again = await autobet.bet(player, PLINKO, run, HIGH_16)
    assert view is None and again == run
    await books_clean()


@pytest.mark.usefixtures("clear_of_midnight")
async def test_an_autobet_stops_at_the_members_bets_limit_and_says_so() -> None:
    member, player = await member_player(PLINKO, "100.00")
    await limits.set_limit(member, "BETS", "DAY", "3", clock.now())
    plan = autobet.plan(GAMES[PLINKO].spec.limits(CURRENCY), bets="10", stake="1.00")
    run, played = await run_to_the_end(player, PLINKO, autobet.start(plan), HIGH_16)
    assert run.stopped == "protection-limit-reached-bets" and run.played == len(played) == 3
    assert autobet.stop(run) == run  # a stopped run keeps its reason
    assert await cash(member) == Decimal("100.00") + run.profit
    assert_translated(run)
    await books_clean()


async def test_an_autobet_stops_at_self_exclusion_and_at_the_balance() -> None:
    member, player = await member_player(DICE, "3.00")
    plan = autobet.plan(GAMES[DICE].spec.limits(CURRENCY), bets="10", stake="1.00")
    under_2 = {"target": "2.00", "direction": "under"}
    seed = await server_seed(player.owner)
    nonce = (await seeds.current(player.owner)).next_nonce
    client = choose_client_seed(
        lambda c: all(
            rounds.recompute(GAMES[DICE], seed, c, nonce + i, under_2, {})[0] == 0 for i in range(3)
        )
    )
    await seeds.set_client_seed(player.owner, client)
    run, played = await run_to_the_end(player, DICE, autobet.start(plan), under_2)
    assert run.stopped == "play-bet-over-balance" and run.played == len(played) == 3
    assert await cash(member) == 0
    assert_translated(run)

    member, player = await member_player(DICE, "10.00")
    run = autobet.start(plan)
    view, run = await autobet.bet(player, DICE, run, under_2)
    assert view is not None and run.running
    await exclusion.exclude(member, "COOLING_OFF", 7, clock.now())
    before = await cash(member)
    view, run = await autobet.bet(player, DICE, run, under_2)
    # the exclusion ends the member's game sessions: the next bet finds none
    assert view is None and run.stopped == "seamless-session-expired" and run.played == 1
    assert await cash(member) == before
    assert_translated(run)


async def test_stake_changes_on_win_and_on_loss_and_the_stop_on_profit() -> None:
    limits_brl = GAMES[DICE].spec.limits(CURRENCY)
    plan = autobet.plan(
        limits_brl,
        bets="20",
        stake="1.00",
        stop_profit="5",
        on_win="reset",
        on_loss="increase",
        on_loss_percent="100",
    )
    run = autobet.start(plan)
    run = autobet.settle(run, view_of(Decimal("1.00"), Decimal(0)))
    assert run.stake == Decimal("2.00") and run.profit == -1
    run = autobet.settle(run, view_of(Decimal("2.00"), Decimal(0)))
    assert run.stake == Decimal("4.00")
    run = autobet.settle(run, view_of(Decimal("4.00"), Decimal("8.00")))
    assert run.stake == Decimal("1.00") and run.profit == 1 and run.played == 3
    run = autobet.settle(run, view_of(Decimal("1.00"), Decimal("5.00")))
    assert autobet.next_stop(run, limits_brl).stopped == autobet.STOP_PROFIT
    # the martingale runs into the game's maximum bet: stop before it, said
    big = autobet.start(autobet.plan(limits_brl, bets="50", stake="600", on_loss="increase",
                                     on_loss_percent="100"))  # fmt: skip
    big = autobet.settle(big, view_of(Decimal("600"), Decimal(0)))
    assert autobet.next_stop(big, limits_brl).stopped == autobet.STAKE_OVER_MAX
    # In dong a raised stake stays whole (a fraction of a dong is no bet): 1,001 + 15 %.
    dong = autobet.start(autobet.plan(GAMES[DICE].spec.limits("VND"), bets="5", stake="1001",
                                      on_loss="increase", on_loss_percent="15"))  # fmt: skip
    dong = autobet.settle(dong, view_of(Decimal(1001), Decimal(0)))
    assert dong.stake == Decimal(1151)
    GAMES[DICE].spec.check_bet(dong.stake, "VND")


@pytest.mark.parametrize(
    ("fields", "code"),
    [
        ({"bets": "0"}, "autobet-bets-invalid"),
        ({"bets": "1001"}, "autobet-bets-invalid"),
        ({"bets": "ten"}, "autobet-bets-invalid"),
        ({"stake": "0.01"}, "studio-bet-out-of-range"),
        ({"stake": "abc"}, "play-bet-invalid"),
        ({"stop_loss": "-1"}, "autobet-stop-invalid"),
        ({"stop_profit": "1.001"}, "autobet-stop-invalid"),
        ({"on_win": "double"}, "autobet-change-invalid"),
        ({"on_loss": "increase", "on_loss_percent": "1001"}, "autobet-change-invalid"),
        ({"on_loss": "increase", "on_loss_percent": "NaN"}, "autobet-change-invalid"),
        ({"on_loss": "increase", "on_loss_percent": "x"}, "autobet-change-invalid"),
    ],
)
def test_a_bad_plan_is_refused_with_a_translated_reason(fields: dict[str, str], code: str) -> None:
    typed: dict[str, Any] = {"bets": "10", "stake": "1.00", **fields}
    with pytest.raises(AppError) as caught:
        autobet.plan(GAMES[DICE].spec.limits(CURRENCY), **typed)
    assert caught.value.code == code
    for lang in ("en", "pt"):
        assert "{" not in translate(code, lang, **caught.value.params)


async def test_an_autobet_stops_when_a_reality_check_falls_due() -> None:
    member, player = await member_player(PLINKO, "100.00")
    run = autobet.start(autobet.plan(GAMES[PLINKO].spec.limits(CURRENCY), bets="100", stake="1.00"))
    view, run = await autobet.bet(player, PLINKO, run, HIGH_16)  # play starts
    assert view is not None
    for _ in range(4):  # a bet every 15 minutes: continuous play, 60 minutes at the 5th
        clock.advance(15 * 60)
        view, run = await autobet.bet(player, PLINKO, run, HIGH_16)
    assert view is None and run.stopped == REALITY_CHECK_DUE and run.played == 4
    assert await cash(member) == Decimal("100.00") + run.profit
    assert_translated(run)
