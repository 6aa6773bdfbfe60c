"""The live lobby's hosts strip and its tables' chat dialog (/live), and the PvP room
picker (/pvp). Each keeps its place while it loads (a strip of the same height), so the game
list below does not move; with nothing to show (no provider answered), it leaves."""

from __future__ import annotations

import reflex as rx

from components.dialog import dialog
from components.forms import INPUT, PRIMARY, SECONDARY
from components.i18n import amount, t
from components.media import image
from components.side_menu import CS_WINDOW
from components.style import FOCUS, SCROLL_HINT
from state.catalogue.live_rooms import TABLE_CHAT_DIALOG, LiveHostsState, PvpRoomsState
from state.catalogue.lobby import LobbyState
from state.site import SiteState

_HOST = "w-56 h-40 shrink-0 rounded-xl p-3 bg-slate-100 dark:bg-slate-800 flex flex-col gap-2"
_BONE = "w-56 h-40 shrink-0 rounded-xl bg-slate-200 dark:bg-slate-800 motion-safe:animate-pulse"
_ROOM_BONE = "h-48 rounded-xl bg-slate-200 dark:bg-slate-800 motion-safe:animate-pulse"
_SMALL_BUTTON = (
    "inline-flex items-center gap-1 h-9 rounded-lg px-2 text-sm font-medium "
    f"bg-white dark:bg-slate-700 hover:ring-2 hover:ring-amber-400 {FOCUS}"
)
# window.open that says when the browser blocked it (assets/client-alerts.js).
_OPEN_WINDOW = rx.vars.FunctionStringVar.create("window.__openWindow")


def _avatar(host: rx.Var) -> rx.Component:
    ring = rx.cond(host.online, "ring-2 ring-emerald-500", "ring-2 ring-slate-400")
    return rx.cond(
        host.avatar != "",
        image(
            host.avatar,
            "",
            56,
            56,
            loading="lazy",
            class_name="size-14 shrink-0 rounded-full object-cover bg-slate-300 " + ring,
        ),
        rx.el.span(
            host.name.to(str)[0:1],
            aria_hidden="true",
            class_name=(
                "grid place-items-center size-14 shrink-0 rounded-full text-xl font-bold "
                "bg-amber-400 text-slate-900 " + ring
            ),
        ),
    )


def _table(table: rx.Var) -> rx.Component:
    """A host's table: its name opens it (the lobby's play); the chat button its chat room."""
    return rx.el.li(
        rx.el.button(
            rx.icon("play", size=14, aria_hidden="true"),
            rx.el.span(table.name, class_name="truncate"),
            on_click=LobbyState.play(table, False),
            type="button",
            class_name=f"{_SMALL_BUTTON} min-w-0 flex-1",
            data_testid="host-table-" + table.id.to(str),
        ),
        rx.el.button(
            rx.icon("message-circle", size=16, aria_hidden="true"),
            rx.el.span(t("live.chat"), class_name="sr-only sm:not-sr-only"),
            on_click=LiveHostsState.open_chat(table.vendor, table.code),
            type="button",
            aria_label=t("live.chat_label").replace("{table}", table.name.to(str)),
            title=t("live.chat_label").replace("{table}", table.name.to(str)),
            # Its phone label is `sr-only` (absolute): positioned here, inside the hosts'
            # scrolling strip, not at the far end of the page, which it widened to 5,600 px.
            class_name=f"{_SMALL_BUTTON} relative",
            data_testid="host-chat-" + table.id.to(str),
        ),
        class_name="flex gap-1.5",
    )


def _host(host: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.div(
            _avatar(host),
            rx.el.div(
                rx.el.h3(host.name, class_name="font-semibold truncate"),
                rx.el.p(
                    host.vendor_name,
                    class_name="text-xs text-slate-600 dark:text-slate-400 truncate",
                ),
                rx.el.p(
                    rx.el.span(
                        aria_hidden="true",
                        class_name=rx.cond(
                            host.online,
                            "size-2 rounded-full bg-emerald-500",
                            "size-2 rounded-full bg-slate-400",
                        ),
                    ),
                    rx.cond(host.online, t("live.online"), t("live.away")),
                    class_name="flex items-center gap-1.5 text-xs",
                ),
                class_name="min-w-0",
            ),
            class_name="flex items-center gap-3",
        ),
        rx.el.ul(
            rx.foreach(host.tables, _table),
            aria_label=t("live.host_tables").replace("{name}", host.name.to(str)),
            class_name="flex flex-col gap-1.5 overflow-y-auto",
        ),
        class_name=_HOST,
        data_testid="live-host",
    )


def _loading(
    head: str, bones: list[str], row: str, label_key: str, class_name: str
) -> rx.Component:
    """A list's placeholder while it loads: a heading-sized bar over a row of bones, announced
    to screen readers by `label_key`."""
    return rx.el.div(
        rx.el.div(class_name=head),
        rx.el.div(*[rx.el.div(class_name=bone) for bone in bones], class_name=row),
        role="status",
        aria_label=t(label_key),
        class_name=class_name,
    )


def live_hosts() -> rx.Component:
    """/live: the vendors' hosts in one scrolling row (a placeholder row while they load)."""
    title = rx.el.h2(t("live.hosts"), id="live-hosts-title", class_name="text-lg font-semibold")
    return rx.cond(
        LiveHostsState.loaded,
        rx.cond(
            LiveHostsState.hosts.length() > 0,
            rx.el.section(
                title,
                rx.el.ul(
                    rx.foreach(LiveHostsState.hosts, _host),
                    class_name=f"flex gap-3 overflow-x-auto pb-2 {SCROLL_HINT}",
                ),
                aria_labelledby="live-hosts-title",
                class_name="mb-4 space-y-2",
                data_testid="live-hosts",
            ),
        ),
        _loading(
            "h-7 w-40 rounded bg-slate-200 dark:bg-slate-800",
            [_BONE] * 5,
            "flex gap-3 overflow-hidden pb-2",
            "live.hosts_loading",
            "mb-4 space-y-2",
        ),
    )


def table_chat_dialog() -> rx.Component:
    """A live table's chat room, run by its provider, in the spec's chat-room popup."""
    table = LiveHostsState.chat_table
    return dialog(
        TABLE_CHAT_DIALOG,
        rx.el.iframe(
            src=LiveHostsState.chat_url,
            title=t("live.chat_frame").replace("{table}", table),
            class_name="block w-full h-[min(36rem,65vh)] rounded-lg border-0 bg-slate-900",
            data_testid="table-chat-frame",
        ),
        rx.el.button(
            rx.icon("external-link", size=16, aria_hidden="true"),
            t("live.chat_window"),
            on_click=rx.call_function(
                _OPEN_WINDOW.call(LiveHostsState.chat_url, "_blank", CS_WINDOW)
            ),
            type="button",
            class_name=f"{SECONDARY} mt-3 inline-flex items-center justify-center gap-2",
            data_testid="table-chat-window",
        ),
        title=t("live.chat_title").replace("{table}", table),
    )


def _choice(choice: rx.Var) -> rx.Component:
    return rx.el.option(choice.name, value=choice.code)


def _picker(label_key: str, test_id: str, choices: rx.Var, **props: object) -> rx.Component:
    """A labelled list (the label beside, not around it: the list's name is the label's)."""
    return rx.el.div(
        rx.el.label(t(label_key), html_for=test_id, class_name="block text-sm font-medium mb-1"),
        rx.el.select(
            rx.foreach(choices, _choice),
            id=test_id,
            class_name=INPUT,
            data_testid=test_id,
            **props,
        ),
        class_name="flex-1 min-w-48",
    )


def _room(room: rx.Var) -> rx.Component:
    level = SiteState.texts.get("games.room." + room.level, room.level).to(str)
    return rx.el.li(
        rx.el.h3(level, class_name="text-lg font-semibold"),
        rx.el.dl(
            rx.el.div(
                rx.el.dt(t("pvp.min_bet"), class_name="text-slate-600 dark:text-slate-400"),
                rx.el.dd(amount(room.min_bet), class_name="font-medium tabular-nums"),
                class_name="flex justify-between gap-2",
            ),
            rx.el.div(
                rx.el.dt(t("pvp.min_balance"), class_name="text-slate-600 dark:text-slate-400"),
                rx.el.dd(amount(room.min_balance), class_name="font-medium tabular-nums"),
                class_name="flex justify-between gap-2",
            ),
            class_name="text-sm space-y-1",
        ),
        rx.el.p(
            t("pvp.seats").replace("{seats}", room.seats.to_string()),
            class_name="text-xs text-slate-600 dark:text-slate-400",
        ),
        rx.el.button(
            t("pvp.enter"),
            on_click=PvpRoomsState.enter_room(PvpRoomsState.game_id, room.level),
            type="button",
            aria_label=t("pvp.enter_label").replace("{level}", level),
            class_name=f"{PRIMARY} mt-auto",
            data_testid="pvp-room-" + room.level.to(str),
        ),
        class_name="flex flex-col gap-2 h-48 rounded-xl p-3 bg-slate-100 dark:bg-slate-800",
    )


def pvp_rooms() -> rx.Component:
    """/pvp: pick a provider and one of its games, then a room level to sit at."""
    return rx.el.section(
        rx.el.h2(t("pvp.rooms"), id="pvp-rooms-title", class_name="text-lg font-semibold"),
        rx.el.p(t("pvp.rooms_intro"), class_name="text-sm text-slate-600 dark:text-slate-400"),
        rx.cond(
            PvpRoomsState.loaded,
            rx.fragment(
                rx.el.div(
                    _picker(
                        "pvp.vendor",
                        "pvp-vendor",
                        PvpRoomsState.vendors,
                        value=PvpRoomsState.vendor,
                        on_change=PvpRoomsState.pick_vendor,
                    ),
                    _picker(
                        "pvp.game",
                        "pvp-game",
                        PvpRoomsState.games,
                        value=PvpRoomsState.game_id,
                        on_change=PvpRoomsState.pick_game,
                    ),
                    class_name="flex flex-wrap gap-3",
                ),
                rx.el.ul(
                    rx.foreach(PvpRoomsState.rooms, _room),
                    class_name="grid grid-cols-2 md:grid-cols-4 gap-3",
                    data_testid="pvp-room-list",
                ),
            ),
            _loading(
                "h-[4.25rem]",
                [_ROOM_BONE] * 4,
                "grid grid-cols-2 md:grid-cols-4 gap-3",
                "pvp.loading",
                "space-y-2",
            ),
        ),
        aria_labelledby="pvp-rooms-title",
        class_name="mb-6 space-y-2",
        data_testid="pvp-rooms",
    )
