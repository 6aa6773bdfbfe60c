"""The console's pages: registered from the page manifests, each (but the login and the
enrolment) gated by the staff login, none running the member site's loaders."""

from __future__ import annotations

from app import routes
from app.app import CONSOLE_ON_LOAD, ON_LOAD, app
from pages.registry import all_pages
from state.accounts.auth import AuthState
from state.backoffice.console import ConsoleState


def _key(path: str) -> str:
    return path.strip("/") or "index"


def test_console_pages_are_gated_by_the_staff_login_only() -> None:
    console = [page for page in all_pages() if page.console]
    assert {r.path for r in console} == {
        routes.ADMIN, routes.ADMIN_LOGIN, routes.ADMIN_ENROL, routes.ADMIN_ACCOUNT,
        routes.ADMIN_PLAYERS, routes.ADMIN_PAYMENTS,
        routes.ADMIN_PLATFORM, routes.ADMIN_STAFF, routes.ADMIN_AUDIT, routes.ADMIN_REPORTS,
        routes.ADMIN_POINTS,
        routes.ADMIN_KYC,
        routes.ADMIN_CONTENT, routes.ADMIN_LOTTERY, routes.ADMIN_CHANNELS,
        routes.ADMIN_AGENTS, routes.ADMIN_INVESTIGATIONS, routes.ADMIN_PROMOTIONS,
        routes.ADMIN_SUPPORT, routes.ADMIN_APPLICATIONS, routes.ADMIN_CHAT,
        routes.ADMIN_VIP, routes.ADMIN_GAMES, routes.ADMIN_TRANSFER_REVIEWS,
    }  # fmt: skip
    for route in console:
        assert route.path.startswith(routes.ADMIN) and not route.login
        on_load = app._unevaluated_pages[_key(route.path)].on_load
        assert (ConsoleState.gate in on_load) == (route.path not in routes.CONSOLE_PUBLIC)
        assert AuthState.require_member not in on_load
        member_loaders = [loader for loader in ON_LOAD if loader not in CONSOLE_ON_LOAD]
        assert not any(loader in on_load for loader in member_loaders)
    for page in all_pages():
        if not page.console:
            assert ConsoleState.gate not in app._unevaluated_pages[_key(page.path)].on_load
