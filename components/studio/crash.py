"""Crash's page pieces: the shared board (canvas curve drawn by assets/crash.js), the two bet
panels, the live feed, the last crash points and the member's own bets with verify links."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import reflex as rx

from components.forms import INPUT, PRIMARY, SECONDARY, TAP_LINK, refusal_remedy
from components.i18n import t
from components.studio.auto import key_label
from components.studio.panels import CARD, SMALL_BUTTON
from state.site import SiteState
from state.studio.crash import CrashState
from state.studio.crash_views import MineRow
from state.studio.studio_auto import HotkeyState

MUTED = "text-sm text-slate-500 dark:text-slate-400"
# The night sky the curve flies in, in both themes (a card's light background would hide the
# white multiplier). On a phone it is lower and tighter, so that the curve, the stake and the
# bet or cash-out button show together on a 360 x 740 screen above the tab bar.
BOARD = (
    "group relative overflow-hidden rounded-2xl p-3 sm:p-4 shadow space-y-2 sm:space-y-3 "
    "min-w-0 bg-slate-950 text-white"
)


def _live(part: str, **props: Any) -> dict[str, Any]:
    """An element assets/crash.js fills from the live socket's messages (no React children
    to reconcile with it)."""
    return {"data_crash_live": part, **props}


def board() -> rx.Component:
    """The round's curve, multiplier and phase. assets/crash.js sets data-phase, data-round,
    data-start and data-crash on it from each message of the live socket."""
    return rx.el.div(
        # The round's number and the last crash points on one row, above the curve.
        rx.el.div(
            rx.el.div(**_live("label", class_name="shrink-0 text-xs text-slate-400")),
            past_strip(),
            class_name="flex items-center gap-3 min-h-6",
        ),
        rx.el.canvas(
            class_name="w-full h-40 sm:h-64",
            aria_hidden="true",
        ),
        rx.el.p(
            data_crash_multiplier="",
            # The betting phase's countdown is a sentence: smaller, to hold on a phone's line.
            class_name="absolute inset-0 grid place-items-center px-3 text-center text-4xl "
            "sm:text-6xl group-data-[phase=betting]:text-xl "
            "sm:group-data-[phase=betting]:text-4xl font-black tabular-nums pointer-events-none "
            "group-data-[phase=crashed]:text-red-500",
            data_testid="crash-multiplier",
        ),
        # The live socket's answer to a bet or cash-out, written by assets/crash.js the moment
        # it comes (the page's state then shows the bets as stored): over the curve, where the
        # eye is, so that it moves neither the curve nor the buttons.
        rx.el.p(
            role="status",
            class_name="empty:hidden absolute inset-x-3 bottom-12 mx-auto w-fit max-w-full "
            "rounded-full px-3 py-1 text-sm font-semibold text-center text-white bg-emerald-700 "
            "data-[ok=false]:bg-red-700 pointer-events-none",
            data_crash_live="answer",
            data_testid="crash-answer",
        ),
        rx.el.p(
            **_live(
                "status",
                role="status",
                aria_live="polite",
                class_name="text-sm font-semibold text-center min-h-5",
                data_testid="crash-phase",
            )
        ),
        data_crash_board="",
        data_betting_text=t("crash.betting"),
        data_queued_text=t("crash.queued"),
        class_name=BOARD,
        data_testid="crash-board",
    )


# The hotkeys (assets/studio-hotkeys.js): Space is bet 1's button, whichever it shows (bet, or
# cash out while it rides), S and D halve and double bet 1, C cashes out every bet in play.
HOTKEYS = (
    ("Space", "crash.hotkeys.bet"),
    ("S", "crash.hotkeys.half"),
    ("D", "crash.hotkeys.double"),
    ("C", "crash.hotkeys.cashout"),
)
BET_HOTKEYS = {"1": ("bet",), "2": ()}
CASH_HOTKEYS = {"1": ("bet", "cashout"), "2": ("cashout",)}
BET_KEYS = {"1": ("Space",), "2": ()}
CASH_KEYS = {"1": ("Space", "C"), "2": ("C",)}


def _keys(keys: tuple[str, ...]) -> list[rx.Component]:
    """The keys that press a button, shown on it (dimmed while hotkeys are off)."""
    return [
        rx.el.kbd(
            key_label(key),
            class_name=rx.cond(
                HotkeyState.hotkeys_on,
                "px-1.5 rounded border border-current font-mono text-xs pointer-coarse:hidden",
                "hidden",
            ),
            data_testid="crash-key",
        )
        for key in keys
    ]


def _step(slot: str, factor: str, label: str, name_key: str, action: str) -> rx.Component:
    """½ or 2× beside a bet's stake; bet 1's answer to S and D."""
    return rx.el.button(
        label,
        type="button",
        on_click=CrashState.stake_step(slot, factor),
        aria_label=t(name_key),
        class_name=SMALL_BUTTON,
        data_hotkey=action if slot == "1" else "",
        data_testid=f"crash-{action}-{slot}",
    )


def _slot_button(
    slot: str,
    label: str,
    keys: tuple[str, ...],
    script: str,
    answered: rx.EventHandler,
    look: str,
    name: str,
    hotkeys: tuple[str, ...],
) -> rx.Component:
    """A bet's button (bet, or cash out): on the live socket when the page has one
    (assets/crash.js `script`), else through the page's state (`answered` says which)."""
    return rx.el.button(
        t(label),
        *_keys(keys),
        type="button",
        on_click=rx.call_script(
            f"window.{script} ? window.{script}('{slot}') : '{slot}:'", callback=answered
        ),
        class_name=PRIMARY + look + " items-center justify-center gap-2",
        data_crash_action=name,
        data_testid=f"crash-{name}-{slot}",
        data_hotkey=" ".join(hotkeys),
    )


QUEUED_BUTTON = (
    SECONDARY + " hidden group-data-[queued=true]:flex items-center justify-center gap-2"
)


def _slot_panel(slot: str) -> rx.Component:
    stake = getattr(CrashState, f"stake_{slot}")
    auto = getattr(CrashState, f"auto_{slot}")
    shown = getattr(CrashState, f"state_{slot}")
    riding = getattr(CrashState, f"riding_{slot}")
    return rx.el.div(
        rx.el.p(
            SiteState.texts["crash.bet_slot"].to(str).replace("{slot}", slot),
            class_name="text-sm font-semibold",
        ),
        rx.el.div(
            rx.el.label(t("play.bet"), html_for=f"crash-stake-{slot}", class_name="block text-xs"),
            rx.el.div(
                _step(slot, "0.5", "½", "play.bet_half", "half"),
                rx.el.input(
                    id=f"crash-stake-{slot}",
                    value=stake,
                    on_change=lambda value: CrashState.set_stake(slot, value),
                    input_mode="decimal",
                    auto_complete="off",
                    class_name=INPUT + " text-center tabular-nums",
                    data_testid=f"crash-stake-{slot}",
                ),
                _step(slot, "2", "2×", "play.bet_double", "double"),
                class_name="flex gap-2",
            ),
            class_name="space-y-1",
        ),
        rx.el.div(
            rx.el.label(t("crash.auto"), html_for=f"crash-auto-{slot}", class_name="block text-xs"),
            rx.el.input(
                id=f"crash-auto-{slot}",
                value=auto,
                placeholder=t("crash.auto_hint"),
                on_change=lambda value: CrashState.set_auto(slot, value),
                input_mode="decimal",
                auto_complete="off",
                class_name=INPUT + " tabular-nums",
                data_testid=f"crash-auto-{slot}",
            ),
            class_name="space-y-1",
        ),
        # Both buttons are always there: the panel's data-riding shows one. The page's state
        # sets it, and assets/crash.js sets it too the moment the live socket takes the bet
        # or its cash-out, before the page's state follows (seconds, in a busy round).
        _slot_button(
            slot,
            "crash.cash_out",
            CASH_KEYS[slot],
            "appCrashCash",
            CrashState.cash_answered,
            " w-full bg-emerald-600 hidden group-data-[riding=true]:flex",
            "cash",
            CASH_HOTKEYS[slot],
        ),
        _slot_button(
            slot,
            "crash.place",
            BET_KEYS[slot],
            "appCrashBet",
            CrashState.bet_answered,
            " flex group-data-[riding=true]:hidden group-data-[queued=true]:hidden",
            "bet",
            BET_HOTKEYS[slot],
        ),
        # A bet asked for between rounds waits for the next one (assets/crash.js); until then
        # its button takes it back.
        rx.el.button(
            t("crash.unqueue"),
            *_keys(BET_KEYS[slot]),
            type="button",
            on_click=rx.call_script(f"window.appCrashUnqueue && window.appCrashUnqueue('{slot}')"),
            class_name=QUEUED_BUTTON,
            data_hotkey=" ".join(BET_HOTKEYS[slot]),
            data_testid=f"crash-unqueue-{slot}",
        ),
        rx.el.p(shown, class_name="text-sm", data_testid=f"crash-state-{slot}"),
        class_name=CARD + " group",
        data_crash_slot=slot,
        data_riding=rx.cond(riding, "true", "false"),
    )


def bet_panels() -> rx.Component:
    return rx.el.div(
        rx.el.div(_slot_panel("1"), _slot_panel("2"), class_name="grid gap-3 sm:grid-cols-2"),
        rx.el.p(
            t("crash.auto_help"),
            class_name="text-xs text-slate-500 dark:text-slate-400",
            data_testid="crash-help",
        ),
        class_name="space-y-2",
    )


def messages() -> rx.Component:
    return rx.el.div(
        rx.cond(
            CrashState.error != "",
            rx.el.p(
                CrashState.error,
                role="alert",
                class_name="text-red-600 dark:text-red-400 font-medium",
                data_testid="crash-error",
            ),
        ),
        refusal_remedy(CrashState.error, CrashState.error_link),
        rx.cond(
            CrashState.notice != "",
            rx.el.p(
                CrashState.notice,
                role="status",
                class_name="text-emerald-700 dark:text-emerald-300 font-medium",
                data_testid="crash-notice",
            ),
        ),
    )


PAST_CHIP = (
    "px-2 py-1 rounded-full text-xs font-bold tabular-nums bg-slate-200 text-slate-800 "
    "dark:bg-slate-700 dark:text-slate-100 data-[high=true]:bg-emerald-100 "
    "data-[high=true]:text-emerald-800 dark:data-[high=true]:bg-emerald-900 "
    "dark:data-[high=true]:text-emerald-100"
)
OUTCOME = (
    "data-[kind=cashed]:text-emerald-700 dark:data-[kind=cashed]:text-emerald-400 "
    "data-[kind=lost]:text-red-600 dark:data-[kind=lost]:text-red-400"
)


def live_shapes() -> rx.Component:
    """The shapes assets/crash.js copies for each crash point and each line of the feed."""
    return rx.el.div(
        rx.el.a(data_shape="past", class_name=PAST_CHIP),
        rx.el.ul(
            rx.el.li(
                rx.el.span(data_field="name", class_name="font-mono"),
                rx.el.span(data_field="stake", class_name="tabular-nums"),
                rx.el.span(data_field="outcome", class_name=OUTCOME),
                data_shape="feed",
                class_name="grid grid-cols-3 gap-2 text-sm",
            )
        ),
        **_live("shapes", hidden=True),
    )


def past_strip() -> rx.Component:
    return rx.el.div(
        rx.el.h2(t("crash.past"), class_name="sr-only"),
        rx.el.div(**_live("past", class_name="flex gap-2")),
        class_name="min-w-0 overflow-x-auto",
        data_testid="crash-past",
    )


def _listed(
    title: str,
    rows: rx.Var,
    row: Callable[[Any], rx.Component],
    empty: str,
    *after: rx.Component,
    **props: Any,
) -> rx.Component:
    """A card with a heading and its rows, or a line saying there are none."""
    return rx.el.section(
        rx.el.h2(t(title), class_name="font-semibold"),
        rx.cond(
            rows.length() > 0,
            rx.el.ul(rx.foreach(rows, row), class_name="space-y-1"),
            rx.el.p(t(empty), class_name=MUTED),
        ),
        *after,
        class_name=CARD,
        **props,
    )


def feed() -> rx.Component:
    """The round's largest bets, and how many more there are (or that there are none)."""
    return rx.el.section(
        rx.el.h2(t("crash.feed"), class_name="font-semibold"),
        rx.el.ul(**_live("feed", class_name="space-y-1")),
        # Until the live socket's first message the line says it is connecting (shown from
        # the attribute, which assets/crash.js drops as it writes the first note).
        rx.el.p(
            **_live(
                "note",
                class_name=f"{MUTED} empty:before:content-[attr(data-waiting)]",
                data_testid="crash-feed-more",
                data_waiting=t("crash.feed_connecting"),
            )
        ),
        class_name=CARD,
        aria_live="polite",
        data_testid="crash-feed",
    )


def _mine_row(row: MineRow) -> rx.Component:
    return rx.el.li(
        rx.el.span(row.number + " · " + row.slot),
        rx.el.span(row.stake, class_name="tabular-nums"),
        rx.el.span(row.outcome),
        rx.el.a(t("crash.verify"), href="/play/verify?round=" + row.round_id, class_name=TAP_LINK),
        class_name="grid grid-cols-2 sm:grid-cols-4 gap-2 text-sm",
    )


def mine() -> rx.Component:
    return _listed(
        "crash.mine", CrashState.mine, _mine_row, "crash.mine_empty", data_testid="crash-mine"
    )


def fairness_box() -> rx.Component:
    return rx.el.details(
        rx.el.summary(t("crash.rules_title"), class_name="cursor-pointer font-semibold"),
        rx.el.p(
            SiteState.texts["crash.rules"].to(str).replace("{rtp}", CrashState.rtp),
            class_name="text-sm",
            data_testid="crash-rules",
        ),
        rx.el.dl(
            rx.el.dt(t("crash.hash"), class_name="text-xs text-slate-500 dark:text-slate-400"),
            rx.el.dd(**_live("seed", class_name="font-mono text-xs break-all")),
            rx.el.dt(t("crash.chain"), class_name="text-xs text-slate-500 dark:text-slate-400"),
            rx.el.dd(CrashState.terminal_hash, class_name="font-mono text-xs break-all"),
            rx.el.dt(t("crash.salt"), class_name="text-xs text-slate-500 dark:text-slate-400"),
            rx.el.dd(CrashState.salt, class_name="font-mono text-xs break-all"),
            class_name="space-y-1",
        ),
        class_name=CARD,
    )
