"""The site's floating parts and notices belong to their moment (issue 35): the side rail's
panels close on Escape, on an outside tap, on the next page and at login, and a rail hidden by
hand stays hidden; the withdraw
page's "requested" notice goes at a reload, a payout or another language; the member centre
is grouped, not one row of pills."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from reflex.state import State

import app.app  # noqa: F401 (registers every state)
from components.member_nav import GROUPS, ITEMS
from state import follow
from state.cashier.withdraw import OrderRow, WithdrawState
from state.site import SiteState
from state.studio.play import PlayState
from state.ui import SIDE_MENU_CLOSED, UiState


async def _tab() -> State:
    return State(_reflex_internal_init=True)  # type: ignore[call-arg]


async def _run(state: Any, handler: str, **kwargs: Any) -> Any:
    result = type(state).event_handlers[handler].fn(state, **kwargs)
    return await result if hasattr(result, "__await__") else result


async def test_escape_closes_a_panel() -> None:
    ui = await (await _tab()).get_state(UiState)
    await _run(ui, "toggle_panel", name="cs")
    assert ui.floating_open
    await _run(ui, "close_on_escape", key="Enter")
    assert ui.side_panel == "cs"  # another key changes nothing
    await _run(ui, "close_on_escape", key="Escape")
    assert (ui.side_panel, ui.floating_open) == ("", False)


async def test_the_rail_is_hidden_and_shown_again_by_hand() -> None:
    ui = await (await _tab()).get_state(UiState)
    await _run(ui, "toggle_panel", name="cs")
    await _run(ui, "toggle_side_menu")
    assert (ui.side_menu_choice, ui.side_panel) == (SIDE_MENU_CLOSED, "")
    await _run(ui, "toggle_side_menu")
    assert ui.side_menu_choice == ""


async def test_an_outside_tap_closes_but_a_rail_hidden_by_hand_stays_hidden() -> None:
    ui = await (await _tab()).get_state(UiState)
    ui.side_menu_choice = SIDE_MENU_CLOSED
    ui.member_nav_open = True
    await _run(ui, "close_floating")
    assert ui.side_menu_choice == SIDE_MENU_CLOSED
    assert not ui.member_nav_open


def test_login_closes_what_floats() -> None:
    assert UiState.close_floating in follow.AFTER_LOGIN


async def test_the_withdraw_notice_does_not_outlive_its_moment() -> None:
    root = await _tab()
    withdraw = await root.get_state(WithdrawState)
    withdraw.notice, withdraw.error, withdraw.error_at = (
        "Saque W1 solicitado.",
        "x",
        "withdraw-form",
    )
    await _run(withdraw, "load")  # a reload (nobody logged in: nothing more is read)
    assert (withdraw.notice, withdraw.error, withdraw.error_at) == ("", "", "")
    (await root.get_state(SiteState)).loaded_path = "/withdraw"
    withdraw.notice = "Saque W1 solicitado."
    await _run(withdraw, "relabel")  # another language: the notice was in the one before
    assert withdraw.notice == ""
    assert WithdrawState.relabel in follow.AFTER_LANGUAGE
    assert follow.balance_followers("/withdraw") == [WithdrawState.follow_balance]
    # Only the tab's own page reads the money again; a game page shows the header's read
    # (`follow.SHOW_BALANCE`) and reads nothing of its own; the lobby nothing.
    assert follow.balance_followers("/play/BGS_CRASH") == []
    assert [page for page, _ in follow.SHOW_BALANCE if follow.shows(page, "/play/BGS_CRASH")]
    assert follow.balance_followers("/") == []
    assert not [page for page, _ in follow.SHOW_BALANCE if follow.shows(page, "/")]


async def test_a_game_page_shows_the_headers_read_unless_it_is_not_its_sessions() -> None:
    """A round paid on the live socket moves a thousand tabs' money at once: a real play page
    of the member shows what the header's watch read, with no event and no read of its own;
    another member's session or another currency reads its own (and stops a wrong login)."""
    root = await _tab()
    play = await root.get_state(PlayState)
    play.mode, play._session_member, play.currency = "real", 7, "BRL"
    money = follow.Money(7, "BRL", Decimal("12.5"))
    assert await follow.show_balance_on(root, "/play/BGS_DICE", money) == []
    assert play.balance == "R$\xa012,50"  # the brand's money (issue 35)
    for other in (follow.Money(8, "BRL", Decimal(1)), follow.Money(7, "USD", Decimal(1))):
        shown = await follow.show_balance_on(root, "/play/BGS_DICE", other)
        assert shown == [PlayState.follow_balance]
    assert await follow.show_balance_on(root, "/", money) == []
    play.mode = "demo"  # fun money: the wallet's does not show there
    assert (
        await follow.show_balance_on(root, "/play/BGS_DICE", follow.Money(7, "BRL", Decimal(3)))
        == []
    )
    assert play.balance == "R$\xa012,50"  # the brand's money (issue 35)


async def test_the_notice_stays_while_its_order_waits_and_goes_once_it_moved_on() -> None:
    root = await _tab()
    (await root.get_state(SiteState)).loaded_path = "/withdraw"
    withdraw = await root.get_state(WithdrawState)
    withdraw.notice, withdraw._notice_order = "Saque W1 solicitado.", "W1"
    withdraw.orders = [OrderRow(order_no="W1", status="PENDING")]
    withdraw._notice_status = "PENDING"
    # Nobody is logged in here, so the re-read keeps the rows: the order's status decides.
    await _run(withdraw, "follow_balance")  # the request's own balance change
    assert withdraw.notice == "Saque W1 solicitado."
    withdraw.orders = [OrderRow(order_no="W1", status="PAID")]
    await _run(withdraw, "follow_balance")  # paid out
    assert withdraw.notice == ""


def test_the_member_centre_is_grouped_with_every_page_once() -> None:
    assert 4 <= len(GROUPS) <= 6
    assert all(len(items) <= 5 for _, items in GROUPS)
    paths = [href for _, href, _ in ITEMS]
    assert len(paths) == len(set(paths)) == 20
