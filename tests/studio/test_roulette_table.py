"""The roulette table's page state, through the site's own event processor: chips of the rack
on a split and a corner made by taps, undone, spun and paid as they lay; refusals beside the
table (state/studio/studio_games.py RouletteState)."""

from __future__ import annotations

from decimal import Decimal
from types import SimpleNamespace

import pytest

from app.app import app as site
from app.core.i18n import translate
from app.services.studio import autobet, rounds, seeds
from app.services.studio.games import game, roulette
from state.cashier.wallet import WalletState
from state.studio import studio_auto, studio_views
from state.studio.play import PlayState
from state.studio.studio_auto import AutobetState
from state.studio.studio_games import RouletteState
from tests.helpers.page_state import Tab, member_tab
from tests.helpers.seamless import funded_member

GAME = "/play/BGS_ROULETTE"
ROULETTE = RouletteState.get_full_name()


def _money(shown: str) -> Decimal:
    """An amount as the page writes it (R$ 1.234,50), read back."""
    figure = shown.removeprefix("R$").strip("\xa0 ")
    return Decimal(figure.replace(".", "").replace(",", "."))


async def _send(tab: Tab, handler: str, **payload: object) -> None:
    await tab.send(f"{ROULETTE}.{handler}", GAME, **payload)


async def test_a_split_and_a_corner_of_chips_are_spun_and_paid_as_they_lie() -> None:
    tab = Tab(site)
    async with tab.processor:
        await tab.open(GAME + "?demo=1")
        table = await tab.state(RouletteState)
        assert table.chip_values == ["0,10", "1,00", "5,00", "10,00", "50,00", "100,00"]

        # A split of 1 and 5 is no split: refused beside the table, the taps forgotten.
        await _send(tab, "set_chip", index=2)  # 5,00
        await _send(tab, "set_bet_kind", kind="split")
        await _send(tab, "pick_number", number=1)
        assert (await tab.state(RouletteState)).picks == [1]
        await _send(tab, "pick_number", number=5)
        table = await tab.state(RouletteState)
        assert table.table_error == translate("studio-roulette-split", "pt")
        assert (table.picks, table.chips) == ([], {})

        await _send(tab, "pick_number", number=1)
        await _send(tab, "pick_number", number=2)
        await _send(tab, "set_chip", index=1)  # 1,00
        await _send(tab, "set_bet_kind", kind="corner")
        for _ in range(2):  # two chips on the corner 1-2-4-5, the second undone
            await _send(tab, "pick_number", number=1)
            await _send(tab, "pick_number", number=5)
        await _send(tab, "undo_chip")
        table = await tab.state(RouletteState)
        assert table.table_error == ""
        assert table.chips == {"split:1-2": "5,00", "corner:1-2-4-5": "1,00"}
        assert [bet.label for bet in table.table_bets] == ["Cavalo 1/2", "Quadrado 1/2/4/5"]
        assert table.table_total == "R$\xa06,00"  # the brand's money; the chips plain
        assert (await tab.state(PlayState)).bet == "6,00"

        for _ in range(3):
            await tab.send(f"{PlayState.get_full_name()}.place", GAME)
            play = await tab.state(PlayState)
            table = await tab.state(RouletteState)
            assert play.error == ""
            number = int(table.wheel_number)
            paid = 5 * 18 * (number in (1, 2)) + 9 * (number in (1, 2, 4, 5))
            assert _money(play.payout) == paid
            # the balance before the payout shows until the wheel stops
            before = _money(play.balance_before) if play.balance_before else _money(play.balance)
            assert _money(play.balance) - before == paid


async def test_the_table_refuses_what_the_game_would_refuse() -> None:
    tab = Tab(site)
    async with tab.processor:
        await tab.open(GAME + "?demo=1")
        await _send(tab, "add_chip", key="straight:5")  # numbers are tapped, not keyed
        await _send(tab, "pick_number", number=37)
        await _send(tab, "set_bet_kind", kind="basket")
        await _send(tab, "set_chip", index=6)
        table = await tab.state(RouletteState)
        assert (table.chips, table.bet_kind, table.chip_index) == ({}, "straight", 1)

        await _send(tab, "set_chip", index=5)  # 100,00
        limits = game("BGS_ROULETTE").spec.limits("BRL")
        for _ in range(int(limits.max_bet / 100) + 1):
            await _send(tab, "add_chip", key="red")
        table = await tab.state(RouletteState)
        assert table.chips == {"red": "2.000,00"}
        assert table.table_error == "A aposta deve ficar entre R$\xa00,50 e R$\xa02.000,00."
        await _send(tab, "clear_chips")
        table = await tab.state(RouletteState)
        assert (table.chips, table.table_total, table.table_error) == ({}, "", "")


async def test_the_headers_balance_holds_the_payout_back_for_the_reveal() -> None:
    """Real money: the round is settled at once, and the header's balance says the one before
    the payout (`held`) until the wheel stops, as the game's own line does."""
    member = await funded_member("50.00")
    tab = await member_tab(site, member)
    async with tab.processor:
        await tab.open(GAME)
        await _send(tab, "add_chip", key="red")
        for _ in range(20):
            await tab.send(f"{PlayState.get_full_name()}.place", GAME)
            play = await tab.state(PlayState)
            wallet = await tab.state(WalletState)
            assert play.balance == f"R$\xa0{wallet.shown}"  # settled: the new balance is there
            if _money(play.payout):
                assert play.balance_before == f"R$\xa0{wallet.held}" != "R$\xa0"
                assert _money(wallet.shown) - _money(wallet.held) == _money(play.payout)
                break
            assert (wallet.held, play.balance_before) == ("", "")
        else:
            raise AssertionError("twenty spins on red and not one paid")


async def test_chips_on_groups_of_numbers_lie_on_the_table_and_take_more_chips() -> None:
    tab = Tab(site)
    async with tab.processor:
        await tab.open(GAME + "?demo=1")
        await _send(tab, "set_bet_kind", kind="split")
        await _send(tab, "pick_number", number=1)
        await _send(tab, "pick_number", number=2)
        await _send(tab, "set_bet_kind", kind="line")
        await _send(tab, "pick_number", number=31)
        await _send(tab, "pick_number", number=34)
        await _send(tab, "set_bet_kind", kind="straight")
        await _send(tab, "pick_number", number=17)
        table = await tab.state(RouletteState)
        # the single number's chip is drawn on it; the split's and the line's on their lines
        assert [(s.key, s.label, s.amount) for s in table.group_chips] == [
            ("split:1-2", "Cavalo 1/2", "1,00"),
            ("line:31-32-33-34-35-36", "Linha 31/32/33/34/35/36", "1,00"),
        ]
        split = table.group_chips[0]
        assert (split.col, split.row, split.x_col, split.x_row) == (1, 2, 2, 3)

        await _send(tab, "add_chip", key="split:1-2")  # a tap on the split's chip
        for refused in ("split:2-1", "split:1-5", "straight:17", "corner:1-2"):
            await _send(tab, "add_chip", key=refused)
        table = await tab.state(RouletteState)
        assert table.chips == {
            "split:1-2": "2,00",
            "line:31-32-33-34-35-36": "1,00",
            "straight:17": "1,00",
        }
        assert table.group_chips[0].amount == "2,00"
        await _send(tab, "clear_chips")
        assert (await tab.state(RouletteState)).group_chips == []


async def test_an_autobet_raise_scales_every_chip_in_cents_and_bets_what_lies(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On a win and on a loss the stake goes up 15 %: each bet spreads it over the chips as
    they were placed (roulette.scaled), whole cents adding up to the stake debited, and the
    table shows the next bet's chips; once the run ends they are the player's. Between two
    bets the run waits for the wheel to stop, and then a moment (the result is seen)."""
    pauses: list[float] = []

    async def pause(seconds: float) -> None:
        pauses.append(seconds)

    monkeypatch.setattr(studio_auto, "asyncio", SimpleNamespace(sleep=pause))
    tab = Tab(site)
    async with tab.processor:
        await tab.open(GAME + "?demo=1")
        await _send(tab, "set_bet_kind", kind="split")
        await _send(tab, "pick_number", number=1)
        await _send(tab, "pick_number", number=2)
        await _send(tab, "set_chip", index=0)  # 0,10
        await _send(tab, "add_chip", key="red")
        await _send(tab, "set_bet_kind", kind="corner")
        await _send(tab, "pick_number", number=1)
        await _send(tab, "pick_number", number=5)
        base = {
            "split:1-2": Decimal("1.00"),
            "red": Decimal("0.10"),
            "corner:1-2-4-5": Decimal("0.10"),
        }
        assert (await tab.state(PlayState)).bet == "1,20"
        form = {
            "bets": "3",
            "onWin": autobet.INCREASE,
            "onWinPercent": "15",
            "onLoss": autobet.INCREASE,
            "onLossPercent": "15",
        }
        await tab.send(f"{AutobetState.get_full_name()}.start_autobet", GAME, form=form)
        auto = await tab.state(AutobetState)
        assert (auto.auto_played, auto.auto_refused) == (3, False), auto.auto_status
        spin = studio_views.REVEAL_SECONDS["roulette"]
        assert pauses == [studio_auto.PAUSE_SECONDS + spin] * 2

        play = await tab.state(PlayState)
        played = await rounds.recent(seeds.demo_owner(play.demo_id), "BGS_ROULETTE", 3)
        cent = Decimal("0.01")
        # 1,20, then 1,38 and 1,587 → 1,59 (half up, the currency's cent)
        assert [r.stake for r in reversed(played)] == [
            Decimal("1.20"),
            Decimal("1.38"),
            Decimal("1.59"),
        ]
        for view in played:
            lying = roulette.scaled(base, view.stake, cent)
            assert sum(lying.values()) == view.stake
            assert [c["units"] for c in view.detail["chips"]] == list(
                roulette.units_of(lying).values()
            )
        # the next bet, 1,83: 1,525 + 0,1525 + 0,1525 in cents, the split's half cent up
        table = await tab.state(RouletteState)
        assert table.chips == {"split:1-2": "1,53", "red": "0,15", "corner:1-2-4-5": "0,15"}
        assert (table.table_total, play.bet) == ("R$\xa01,83", "1,83")
        assert table.group_chips[0].amount == "1,53"

        # the run is over: a bet by hand stakes the chips as they now lie
        await tab.send(f"{PlayState.get_full_name()}.place", GAME)
        play = await tab.state(PlayState)
        assert play.error == ""
        last = (await rounds.recent(seeds.demo_owner(play.demo_id), "BGS_ROULETTE", 1))[0]
        assert last.stake == Decimal("1.83")
        assert [c["units"] for c in last.detail["chips"]] == [51, 5, 5]
