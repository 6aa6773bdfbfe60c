"""Game list pages (/rng, /live, /fish, /pvp, /inHouse, /hot, /sports, /esports, /cockfight,
lottery): provider filter, search as you type, pages of 50 (/live with its hosts, /pvp with
its room picker); and /seamless, the providers."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.catalogue.game_card import game_grid
from components.catalogue.live_rooms import live_hosts, pvp_rooms, table_chat_dialog
from components.forms import INPUT, SECONDARY
from components.i18n import local_count, t
from components.layout import layout
from components.link import page_link
from components.media import image
from components.style import FOCUS
from pages.registry import Page
from state.catalogue.game_popup import GamePopupState
from state.catalogue.lobby import LobbyState
from state.catalogue.providers import ProvidersState
from state.site import SiteState

_CHIP = f"whitespace-nowrap rounded-full px-3 py-1.5 text-sm {FOCUS}"
_CHIP_ON = f"{_CHIP} bg-amber-400 text-slate-900"
_CHIP_OFF = f"{_CHIP} bg-slate-200 dark:bg-slate-800"
# a provider tile's box before the list arrives: the same size, so nothing moves
_BONE = "h-[7.25rem] rounded-xl bg-slate-200 dark:bg-slate-800 motion-safe:animate-pulse"


def _vendor_chip(vendor: rx.Var) -> rx.Component:
    chosen = LobbyState.vendor == vendor.code
    return rx.el.button(
        vendor.name,
        on_click=LobbyState.pick_vendor(vendor.code),
        type="button",
        aria_pressed=chosen,
        class_name=rx.cond(chosen, _CHIP_ON, _CHIP_OFF),
        data_testid="vendor-" + vendor.code.to(str),
    )


def _sub_category_chip(item: rx.Var) -> rx.Component:
    chosen = LobbyState.sub_category == item.code
    return rx.el.button(
        item.title,
        on_click=LobbyState.pick_sub_category(item.code),
        type="button",
        aria_pressed=chosen,
        class_name=rx.cond(chosen, _CHIP_ON, _CHIP_OFF),
        data_testid="sub-" + item.code.lower(),
    )


def game_list_page() -> rx.Component:
    slots = LobbyState.list_type == "RNG"
    return layout(
        rx.el.h1(
            SiteState.texts.get("nav." + LobbyState.list_type, LobbyState.list_type),
            class_name="text-2xl font-bold",
        ),
        # Spec 9: the slots page says "nearly 10,000 games"; the line keeps its height.
        rx.el.p(
            rx.cond(slots, t("lobby.slots_label"), ""),
            class_name="min-h-5 text-sm text-slate-500 dark:text-slate-400 mb-3",
            data_testid="list-label",
        ),
        # A list the brand's market forbids (animal fights) says so rather than list nothing.
        rx.cond(
            LobbyState.not_offered,
            rx.el.p(
                t("animal-fights-not-offered"),
                role="status",
                class_name="py-10 text-center text-slate-600 dark:text-slate-300",
                data_testid="list-not-offered",
            ),
            rx.fragment(
                rx.debounce_input(
                    rx.el.input(
                        type="search",
                        placeholder=t("lobby.search"),
                        aria_label=t("lobby.search"),
                        value=LobbyState.search,
                        on_change=LobbyState.set_search,
                        class_name=f"{INPUT} mb-3",
                        data_testid="game-search",
                    ),
                    debounce_timeout=300,
                ),
                rx.cond(
                    slots & (LobbyState.sub_categories.length() > 0),
                    rx.el.div(
                        rx.foreach(LobbyState.sub_categories, _sub_category_chip),
                        role="group",
                        aria_label=t("lobby.sub_categories"),
                        class_name="flex gap-2 overflow-x-auto pb-2 mb-1",
                        data_testid="sub-categories",
                    ),
                ),
                rx.el.div(
                    rx.foreach(LobbyState.vendors, _vendor_chip),
                    role="group",
                    aria_label=t("lobby.providers"),
                    class_name="flex gap-2 overflow-x-auto pb-2 mb-3",
                ),
                # The live lobby's hosts (with their tables' chat rooms), the PvP room picker.
                rx.match(
                    LobbyState.list_type,
                    ("LIVE", rx.fragment(live_hosts(), table_chat_dialog())),
                    ("PVP", pvp_rooms()),
                    rx.fragment(),
                ),
                rx.el.p(
                    t("lobby.count")
                    .replace("{shown}", local_count(LobbyState.items.length()))
                    .replace("{total}", local_count(LobbyState.total)),
                    class_name="text-sm text-slate-500 dark:text-slate-400 mb-2",
                    data_testid="game-count",
                ),
                rx.cond(
                    LobbyState.items.length() > 0,
                    game_grid(LobbyState.items),
                    rx.el.p(
                        t("lobby.empty"),
                        class_name="py-10 text-center text-slate-500 dark:text-slate-400",
                    ),
                ),
                rx.cond(
                    LobbyState.page < LobbyState.pages,
                    rx.el.button(
                        t("lobby.more"),
                        on_click=LobbyState.more,
                        class_name=f"{SECONDARY} mt-4",
                        data_testid="game-more",
                    ),
                ),
            ),
        ),
    )


def _provider_tile(provider: rx.Var) -> rx.Component:
    body = rx.fragment(
        image(
            provider.icon,
            rx.cond(provider.cover, "", provider.name),  # a cover: the name is written below
            48,
            48,
            fallback=provider.fallback,
            class_name=rx.cond(
                provider.cover, "size-12 rounded-lg object-cover", "size-12 object-contain"
            ),
        ),
        rx.el.span(provider.name, class_name="text-sm font-medium text-center line-clamp-1"),
        rx.el.span(
            rx.cond(provider.maintenance, t("providers.maintenance"), ""),
            class_name="min-h-4 text-xs text-amber-700 dark:text-amber-400",
        ),
    )
    tile = (
        "flex flex-col items-center gap-1 h-[7.25rem] rounded-xl p-3 bg-slate-100 "
        f"dark:bg-slate-800 hover:ring-2 hover:ring-amber-400 {FOCUS}"
    )
    return rx.cond(
        provider.popup,
        rx.el.button(
            body,
            type="button",
            on_click=GamePopupState.open_vendor(provider.vassalage, provider.name),
            class_name=tile,
            data_testid="provider-" + provider.vassalage,
        ),
        page_link(
            body, href=provider.path, class_name=tile, data_testid="provider-" + provider.vassalage
        ),
    )


def _provider_section(section: rx.Var) -> rx.Component:
    return rx.el.section(
        rx.el.h2(
            SiteState.texts.get("nav." + section.nav_type, section.title),
            class_name="text-lg font-semibold mb-2",
        ),
        rx.el.div(
            rx.foreach(section.providers, _provider_tile),
            class_name="grid grid-cols-3 sm:grid-cols-4 lg:grid-cols-6 gap-3",
        ),
        class_name="mb-6",
        data_testid="providers-" + section.nav_type,
    )


def providers_page() -> rx.Component:
    return layout(
        rx.el.h1(t("providers.title"), class_name="text-2xl font-bold"),
        rx.el.p(t("providers.intro"), class_name="text-sm text-slate-500 dark:text-slate-400 mb-4"),
        rx.cond(
            ProvidersState.loaded,
            rx.cond(
                ProvidersState.sections.length() > 0,
                rx.foreach(ProvidersState.sections, _provider_section),
                rx.el.p(
                    t("providers.empty"),
                    class_name="py-10 text-center text-slate-500 dark:text-slate-400",
                ),
            ),
            rx.el.div(
                *[rx.el.div(class_name=_BONE) for _ in range(6)],
                class_name="grid grid-cols-3 sm:grid-cols-4 lg:grid-cols-6 gap-3",
                role="status",
                aria_label=t("providers.loading"),
            ),
        ),
    )


PAGES = (
    *(
        Page(path, game_list_page, "Games", load=(LobbyState.load_list,))
        for path in routes.GAME_LISTS
    ),
    Page(
        routes.GAME_LIST_CENTER,
        game_list_page,
        "Games",
        load=(LobbyState.load_center,),
        indexed=False,
    ),
    Page(routes.U9W_ENTRY, game_list_page, "Sports", load=(LobbyState.load_u9w,)),
    Page(routes.SEAMLESS, providers_page, "Game providers", load=(ProvidersState.load,)),
)
