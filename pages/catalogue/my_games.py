"""The member's favourites (/favorites, pages of 13) and recent games (/myGames). A guest sees
a login button (the popup opens on load); lists load once a real account is logged in."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.catalogue.game_card import game_card
from components.forms import PRIMARY, page_nav
from components.i18n import t
from components.layout import member_page
from pages.registry import Page
from state.accounts.auth import AuthState
from state.catalogue.lobby import LobbyState
from state.catalogue.my_games import MyGamesState

_GRID = "grid grid-cols-3 sm:grid-cols-4 md:grid-cols-5 lg:grid-cols-6 gap-3"


def _gated(title_key: str, content: rx.Component) -> rx.Component:
    return member_page(
        title_key,
        rx.cond(
            AuthState.is_login & ~AuthState.is_trial,
            content,
            rx.el.div(
                rx.el.p(
                    t("mygames.login_needed"), class_name="mb-3 text-slate-500 dark:text-slate-400"
                ),
                rx.cond(
                    ~AuthState.is_login,
                    rx.el.button(
                        t("header.login"),
                        on_click=AuthState.open_login,
                        type="button",
                        class_name=f"{PRIMARY} max-w-xs",
                        data_testid="my-games-login",
                    ),
                ),
            ),
        ),
    )


def _empty(key: str) -> rx.Component:
    return rx.el.p(t(key), class_name="py-10 text-center text-slate-500 dark:text-slate-400")


def _pager() -> rx.Component:
    return page_nav(
        MyGamesState.page,
        MyGamesState.pages,
        MyGamesState.load_favorites,
        keys="mygames",
        testids=("favorites-prev", "favorites-page", "favorites-next"),
        aria_label=t("mygames.favorites"),
        class_name="mt-4 flex items-center justify-center gap-3",
    )


def favorites_page() -> rx.Component:
    # A removed favourite leaves the list at once (spec 4); the next load drops it for good.
    shown = rx.foreach(
        MyGamesState.favorites,
        lambda game: rx.cond(LobbyState.favorite_ids.contains(game.id), game_card(game)),
    )
    return _gated(
        "mygames.favorites",
        rx.el.div(
            rx.cond(
                MyGamesState.favorites.length() > 0,
                rx.fragment(
                    rx.el.div(shown, class_name=_GRID, data_testid="favorite-games"),
                    rx.cond(MyGamesState.pages > 1, _pager()),
                ),
                rx.cond(MyGamesState.loaded, _empty("mygames.favorites_empty")),
            ),
            on_mount=MyGamesState.load_favorites(1),
        ),
    )


def recent_page() -> rx.Component:
    return _gated(
        "mygames.recent",
        rx.el.div(
            rx.cond(
                MyGamesState.recent.length() > 0,
                rx.el.div(
                    rx.foreach(MyGamesState.recent, game_card),
                    class_name=_GRID,
                    data_testid="recent-games",
                ),
                rx.cond(MyGamesState.loaded, _empty("mygames.recent_empty")),
            ),
            on_mount=MyGamesState.load_recent,
        ),
    )


PAGES = (
    Page(routes.FAVORITES, favorites_page, "Favourites", load=(MyGamesState.gate,), indexed=False),
    Page(routes.MY_GAMES, recent_page, "My games", load=(MyGamesState.gate,), indexed=False),
)
