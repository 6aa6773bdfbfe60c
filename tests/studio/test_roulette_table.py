"""The roulette table's page state, through the site's own event processor: chips of the rack
on a split and a corner made by taps, undone, spun and paid as they lay; refusals beside the
table (state/studio/studio_games.py RouletteState)."""

from __future__ import annotations

from decimal import Decimal

from app.app import app as site
from app.core.i18n import translate
from app.services.studio.games import game
from state.cashier.wallet import WalletState
from state.studio.play import PlayState
from state.studio.studio_games import RouletteState
from tests.helpers.page_state import Tab, member_tab
from tests.helpers.seamless import funded_member

GAME = "/play/BGS_ROULETTE"
ROULETTE = RouletteState.get_full_name()


def _money(shown: str) -> Decimal:
    return Decimal(shown.replace(".", "").replace(",", "."))


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
        assert table.table_total == "6,00"
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
        assert table.table_error == translate("studio-bet-out-of-range", "pt", **limits.bounds())
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
            assert wallet.shown == play.balance  # settled: the new balance is there
            if _money(play.payout):
                assert wallet.held == play.balance_before != ""
                assert _money(wallet.shown) - _money(wallet.held) == _money(play.payout)
                break
            assert (wallet.held, play.balance_before) == ("", "")
        else:
            raise AssertionError("twenty spins on red and not one paid")
