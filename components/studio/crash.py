"""Crash's page pieces: the shared board (canvas curve drawn by assets/crash.js), the two bet
panels, the live feed, the last crash points and the member's own bets with verify links."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import reflex as rx

from components.forms import INPUT, LINK, PRIMARY, SECONDARY
from components.i18n import t
from components.studio.panels import CARD, SMALL_BUTTON
from state.site import SiteState
from state.studio.crash import CrashState
from state.studio.crash_views import FeedRow, MineRow, PastRow
from state.studio.play import PlayState
from state.studio.studio_auto import HotkeyState

MUTED = "text-sm text-slate-500 dark:text-slate-400"


def board() -> rx.Component:
    return rx.el.div(
        rx.el.div(
            rx.cond(
                CrashState.number > 0,
                SiteState.texts["crash.round"]
                .to(str)
                .replace("{number}", CrashState.number.to(str)),
                "",
            ),
            class_name="text-xs text-slate-500 dark:text-slate-400",
        ),
        rx.el.canvas(
            class_name="w-full h-48 sm:h-64",
            aria_hidden="true",
        ),
        rx.cond(
            CrashState.phase == "",
            rx.el.p(t("crash.waiting"), class_name="text-center text-sm"),
        ),
        # Written by assets/crash.js only (no React children to reconcile with it).
        rx.el.p(
            data_crash_multiplier="",
            class_name=rx.cond(
                CrashState.phase == "crashed",
                "absolute inset-0 grid place-items-center text-4xl sm:text-6xl font-black "
                "tabular-nums text-red-500 pointer-events-none",
                "absolute inset-0 grid place-items-center text-4xl sm:text-6xl font-black "
                "tabular-nums pointer-events-none",
            ),
            data_testid="crash-multiplier",
        ),
        rx.el.p(
            rx.cond(
                CrashState.phase == "crashed",
                SiteState.texts["crash.crashed"]
                .to(str)
                .replace("{multiplier}", CrashState.crash_shown),
                rx.cond(CrashState.phase == "running", t("crash.running"), ""),
            ),
            role="status",
            aria_live="polite",
            class_name="text-sm font-semibold text-center",
            data_testid="crash-phase",
            data_phase=CrashState.phase,
        ),
        data_crash_board="",
        data_phase=CrashState.phase,
        data_start=CrashState.started_ms,
        data_server=CrashState.server_ms,
        data_crash=CrashState.crash_text,
        data_betting_text=t("crash.betting"),
        data_round=CrashState.round_id,
        class_name=CARD + " relative overflow-hidden bg-slate-950 text-white",
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
            key,
            class_name=rx.cond(
                HotkeyState.hotkeys_on,
                "px-1.5 rounded border border-current font-mono text-xs opacity-80",
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
        rx.cond(
            riding,
            rx.el.button(
                t("crash.cash_out"),
                *_keys(CASH_KEYS[slot]),
                type="button",
                on_click=CrashState.cash(slot),
                class_name=PRIMARY
                + " w-full bg-emerald-600 flex items-center justify-center gap-2",
                data_testid=f"crash-cash-{slot}",
                data_hotkey=" ".join(CASH_HOTKEYS[slot]),
            ),
            rx.el.button(
                t("crash.place"),
                *_keys(BET_KEYS[slot]),
                type="button",
                on_click=CrashState.bet(slot),
                class_name=SECONDARY + " w-full flex items-center justify-center gap-2",
                data_testid=f"crash-bet-{slot}",
                data_hotkey=" ".join(BET_HOTKEYS[slot]),
            ),
        ),
        rx.el.p(shown, class_name="text-sm", data_testid=f"crash-state-{slot}"),
        class_name=CARD,
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


def _past_chip(row: PastRow) -> rx.Component:
    return rx.el.a(
        row.multiplier,
        href="/play/verify?round=" + row.round_id,
        class_name=rx.cond(
            row.high,
            "px-2 py-1 rounded-full text-xs font-bold tabular-nums bg-emerald-100 "
            "text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100",
            "px-2 py-1 rounded-full text-xs font-bold tabular-nums bg-slate-200 "
            "text-slate-800 dark:bg-slate-700 dark:text-slate-100",
        ),
    )


def past_strip() -> rx.Component:
    return rx.el.div(
        rx.el.h2(t("crash.past"), class_name="sr-only"),
        rx.foreach(CrashState.past, _past_chip),
        class_name="flex gap-2 overflow-x-auto",
        data_testid="crash-past",
    )


def _feed_row(row: FeedRow) -> rx.Component:
    return rx.el.li(
        rx.el.span(row.name, class_name="font-mono"),
        rx.el.span(row.stake, class_name="tabular-nums"),
        rx.el.span(
            row.outcome,
            class_name=rx.cond(
                row.cashed,
                "text-emerald-700 dark:text-emerald-400",
                rx.cond(row.lost, "text-red-600 dark:text-red-400", ""),
            ),
        ),
        class_name="grid grid-cols-3 gap-2 text-sm",
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
    """The round's largest bets, and how many more there are."""
    more = rx.cond(
        CrashState.feed_more != "",
        rx.el.p(CrashState.feed_more, class_name=MUTED, data_testid="crash-feed-more"),
    )
    return _listed(
        "crash.feed", CrashState.feed, _feed_row, "crash.feed_empty", more,
        aria_live="polite", data_testid="crash-feed",
    )  # fmt: skip


def _mine_row(row: MineRow) -> rx.Component:
    return rx.el.li(
        rx.el.span(row.number + " · " + row.slot),
        rx.el.span(row.stake, class_name="tabular-nums"),
        rx.el.span(row.outcome),
        rx.el.a(t("crash.verify"), href="/play/verify?round=" + row.round_id, class_name=LINK),
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
            rx.el.dd(CrashState.seed_hash, class_name="font-mono text-xs break-all"),
            rx.el.dt(t("crash.chain"), class_name="text-xs text-slate-500 dark:text-slate-400"),
            rx.el.dd(CrashState.terminal_hash, class_name="font-mono text-xs break-all"),
            rx.el.dt(t("crash.salt"), class_name="text-xs text-slate-500 dark:text-slate-400"),
            rx.el.dd(CrashState.salt, class_name="font-mono text-xs break-all"),
            class_name="space-y-1",
        ),
        class_name=CARD,
    )


def balance() -> rx.Component:
    demo = PlayState.mode == "demo"
    return rx.el.div(
        rx.el.span(
            rx.cond(demo, t("play.demo_balance"), t("play.balance")),
            class_name="text-sm text-slate-500 dark:text-slate-400",
        ),
        rx.el.span(PlayState.balance, class_name="text-lg font-bold tabular-nums"),
        rx.cond(
            demo,
            rx.el.button(
                t("play.demo_reset"),
                type="button",
                on_click=PlayState.reset_demo,
                class_name=LINK,
                data_testid="demo-reset",
            ),
        ),
        class_name="flex items-baseline gap-2 flex-wrap",
        data_testid="crash-balance",
    )
