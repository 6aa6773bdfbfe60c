"""The page manifests (each module's PAGES, pages/registry.py): every path once, the app serves
exactly what they declare, and every path the navigation links to is a page (or a named page
still to build)."""

from __future__ import annotations

import pkgutil
from collections import Counter

import reflex as rx
from reflex.route import get_route_args

import pages
from app import routes
from app.app import app
from app.services.catalogue import navigation, rules
from components.backoffice.console import console_menu
from components.i18n import page_title
from pages.registry import all_pages
from state.accounts.auth import AuthState
from state.lottery.lottery import LotteryState


def _key(path: str) -> str:
    """Reflex's key of a page path ("/" is "index", no leading slash)."""
    return path.strip("/") or "index"


def test_every_path_is_registered_once() -> None:
    counts = Counter(page.path for page in all_pages())
    assert [path for path, count in counts.items() if count > 1] == []


def test_the_app_serves_exactly_the_registry() -> None:
    assert list(app._unevaluated_pages) == [_key(page.path) for page in all_pages()]
    for declared in all_pages():
        page = app._unevaluated_pages[_key(declared.path)]
        # A player page's tab title is in the reader's language; the console's stays English.
        title = declared.title if declared.console else page_title(declared.title)
        assert page.component is declared.build and str(page.title) == str(title)
        assert (AuthState.require_member in page.on_load) == declared.login
        assert all(load in page.on_load for load in declared.load)


def test_every_module_of_pages_declares_its_pages() -> None:
    """A page module that builds pages but declares none would be a page nobody can open."""
    declaring = {page.build.__module__ for page in all_pages()}
    modules = {
        info.name for info in pkgutil.walk_packages(pages.__path__, "pages.") if not info.ispkg
    }
    assert modules - declaring == {"pages.registry"}


def test_login_pages_gate_before_loading() -> None:
    gated = {page.path for page in all_pages() if page.login}
    assert set(routes.LOTTERY_LISTS) <= gated
    assert {"/vnlottery", "/sealottery"} <= gated  # spec 2's lower-case forms
    assert routes.LOTTERY_VERIFY not in gated  # anyone can verify a draw
    assert {routes.DEPOSIT, routes.WITHDRAW, routes.TRANSFER_FUND} <= gated
    assert routes.HOME not in gated and routes.LOGIN not in gated


def test_navigation_links_only_to_pages() -> None:
    declared = {page.path for page in all_pages()}
    linked = {
        *navigation.NAV_PATHS.values(),
        *navigation.LOTTERY_ROUTES.values(),
        navigation.GAME_LIST_CENTER_PATH,
        routes.HELP.split("#")[0],
        *(path.split("#")[0] for path in (routes.TERMS, routes.PRIVACY, routes.RESPONSIBLE)),
    }
    assert linked - declared == set(routes.NOT_BUILT)
    assert declared.isdisjoint(routes.NOT_BUILT)


def test_game_lists_show_known_game_types() -> None:
    assert set(routes.GAME_LISTS.values()) <= {*rules.GAME_TYPES, rules.HOT}
    assert routes.GAME_LISTS.keys() <= {page.path for page in all_pages()}


def test_lottery_pages_by_area() -> None:
    lottery = {page.path for page in all_pages() if page.load == (LotteryState.load,)}
    assert set(lottery) == {"/lottery", "/vnLottery", "/vnlottery", "/seaLottery", "/sealottery"}
    assert set(navigation.LOTTERY_ROUTES.values()) <= set(lottery)
    assert routes.lottery_game("TCG_LOTTO_VN", "vn-mb") == "/vnLottery?gameCode=vn-mb"
    assert routes.lottery_game("LOTT", "ssc-1m") == "/lottery?gameCode=ssc-1m"
    assert routes.lottery_verify("ssc-1m", "20261123-0001") == (
        "/lottery/verify?gameCode=ssc-1m&issue=20261123-0001"
    )


def test_parametrised_paths_and_their_builder() -> None:
    assert get_route_args(routes.SANDBOX_PAY) == {"order": "arg_single"}
    assert routes.sandbox_pay("D2611231200AB") == "/sandbox/pay/D2611231200AB"


def test_every_page_builds() -> None:
    """Each builder makes its component tree (a bad prop fails here, not only in the e2e
    site's compile)."""
    for page in all_pages():
        assert isinstance(page.build(), rx.Component), page.path


def test_the_console_menu_leads_to_console_pages_each_in_its_own_place() -> None:
    """Each console state module declares its menu entry (CONSOLE_MENU): every entry opens a
    declared console page, and no two entries share a path or a place."""
    menu = console_menu()
    console_pages = {page.path for page in all_pages() if page.console}
    assert menu and {item.path for item in menu} <= console_pages
    assert len({item.path for item in menu}) == len({item.place for item in menu}) == len(menu)
