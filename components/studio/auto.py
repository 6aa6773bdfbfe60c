"""Autobet and hotkeys, on every studio game page: the autobet form (number of bets, stops,
stake changes; the stake and the game's choices are those of the bet form above), the run's
progress and why it stopped; the hotkeys listed with their switch."""

from __future__ import annotations

import reflex as rx

from components.forms import INPUT, PRIMARY, SECONDARY
from components.i18n import t
from components.studio.panels import CARD
from components.style import FOCUS
from state.studio.studio_auto import HOTKEYS_ON, AutobetState, HotkeyState

LOAD_HOTKEYS = rx.call_script(
    "window.appStudioHotkeys || document.head.appendChild("
    "Object.assign(document.createElement('script'), {src: '/studio-hotkeys.js'}))"
)
HOTKEYS = (
    ("Space", "play.hotkeys.bet"),
    ("S", "play.hotkeys.half"),
    ("D", "play.hotkeys.double"),
)
KEY_NAMES = {"Space": "play.key.space"}  # keys with a name in the reader's words


def _field(label_key: str, name: str, value: rx.Var, test_id: str, **props: object) -> rx.Component:
    html_id = f"autobet-{name}"
    return rx.el.div(
        rx.el.label(t(label_key), html_for=html_id, class_name="block text-xs font-medium"),
        rx.el.input(
            id=html_id,
            name=name,
            default_value=value,
            auto_complete="off",
            class_name=INPUT + " tabular-nums",
            data_testid=test_id,
            **props,
        ),
        # The fields of a row line up at the bottom when a label wraps on a phone.
        class_name="min-w-0 flex flex-col justify-end gap-1",
    )


def _change(label_key: str, name: str, mode: rx.Var, percent: rx.Var, test_id: str) -> rx.Component:
    return rx.el.div(
        rx.el.label(
            t(label_key), html_for=f"autobet-{name}", class_name="block text-xs font-medium"
        ),
        rx.el.div(
            rx.el.select(
                rx.el.option(t("play.autobet.reset"), value="reset"),
                rx.el.option(t("play.autobet.increase"), value="increase"),
                id=f"autobet-{name}",
                name=name,
                default_value=mode,
                class_name=INPUT,
                data_testid=f"{test_id}-mode",
            ),
            rx.el.input(
                name=name + "Percent",
                default_value=percent,
                input_mode="decimal",
                auto_complete="off",
                placeholder="%",
                aria_label=t("play.autobet.percent"),
                class_name=INPUT + " tabular-nums",
                data_testid=f"{test_id}-percent",
            ),
            class_name="grid grid-cols-[minmax(0,1fr)_5.5rem] gap-2",
        ),
        class_name="min-w-0 space-y-1",
    )


def autobet_panel() -> rx.Component:
    return rx.el.details(
        rx.el.summary(
            t("play.autobet"),
            class_name=f"cursor-pointer font-semibold rounded {FOCUS}",
            data_testid="autobet-toggle",
        ),
        rx.el.form(
            rx.el.p(
                t("play.autobet.help"), class_name="text-xs text-slate-500 dark:text-slate-400"
            ),
            rx.el.div(
                _field(
                    "play.autobet.bets",
                    "bets",
                    AutobetState.auto_bets,
                    "autobet-bets",
                    input_mode="numeric",
                ),
                _field(
                    "play.autobet.stop_profit",
                    "stopProfit",
                    AutobetState.auto_stop_profit,
                    "autobet-stop-profit",
                    input_mode="decimal",
                ),
                _field(
                    "play.autobet.stop_loss",
                    "stopLoss",
                    AutobetState.auto_stop_loss,
                    "autobet-stop-loss",
                    input_mode="decimal",
                ),
                class_name="grid grid-cols-3 gap-2",
            ),
            _change(
                "play.autobet.on_win",
                "onWin",
                AutobetState.auto_on_win,
                AutobetState.auto_on_win_percent,
                "autobet-on-win",
            ),
            _change(
                "play.autobet.on_loss",
                "onLoss",
                AutobetState.auto_on_loss,
                AutobetState.auto_on_loss_percent,
                "autobet-on-loss",
            ),
            rx.cond(
                AutobetState.auto_running,
                rx.el.button(
                    t("play.autobet.stop"),
                    type="button",
                    on_click=AutobetState.stop_autobet,
                    class_name=SECONDARY,
                    data_testid="autobet-stop",
                ),
                rx.el.button(
                    t("play.autobet.start"),
                    type="submit",
                    class_name=PRIMARY,
                    data_testid="autobet-start",
                ),
            ),
            rx.el.p(
                t("play.autobet.progress")
                .replace("{count}", AutobetState.auto_played.to_string())
                .replace("{profit}", AutobetState.auto_profit),
                class_name=rx.cond(
                    AutobetState.auto_profit != "", "text-sm tabular-nums", "hidden"
                ),
                data_testid="autobet-progress",
                data_running=rx.cond(AutobetState.auto_running, "1", "0"),
                data_played=AutobetState.auto_played.to_string(),
            ),
            rx.el.p(
                AutobetState.auto_status,
                role="status",
                class_name=rx.cond(
                    AutobetState.auto_refused,
                    "text-sm font-medium text-red-600 dark:text-red-400",
                    "text-sm font-medium text-slate-600 dark:text-slate-300",
                ),
                data_testid="autobet-status",
            ),
            on_submit=AutobetState.start_autobet,
            class_name="space-y-2 mt-3",
        ),
        on_mount=AutobetState.forget_autobet,
        class_name=CARD,
        data_testid="autobet-panel",
    )


def key_label(key: str) -> rx.Var[str] | str:
    """A key as its keycap reads: a named key in the reader's words ("Espaço"), else itself."""
    return t(KEY_NAMES[key]) if key in KEY_NAMES else key


def kbd(key: str) -> rx.Component:
    """A key as the hotkey list and the buttons show it."""
    return rx.el.kbd(
        key_label(key),
        class_name=(
            "px-1.5 py-0.5 rounded border border-slate-300 dark:border-slate-600 font-mono text-xs"
        ),
    )


def hotkeys_panel(keys: tuple[tuple[str, str], ...] = HOTKEYS) -> rx.Component:
    """The hotkeys switch and the game's keys (every Original's by default)."""
    return rx.el.div(
        rx.el.label(
            rx.el.input(
                type="checkbox",
                checked=HotkeyState.hotkeys_on,
                on_change=HotkeyState.set_hotkeys,
                class_name="size-5 accent-amber-500",
                data_testid="hotkeys-switch",
            ),
            t("play.hotkeys"),
            class_name="flex items-center gap-2 font-semibold min-h-11",
        ),
        rx.el.ul(
            *[rx.el.li(kbd(key), " " + t(text), class_name="text-sm") for key, text in keys],
            class_name=rx.cond(
                HotkeyState.hotkeys_on,
                "grid grid-cols-2 gap-1",
                "grid grid-cols-2 gap-1 opacity-50",
            ),
        ),
        on_mount=LOAD_HOTKEYS,
        # A touch screen has no keys to press: no hotkeys to offer.
        class_name=f"{CARD} pointer-coarse:hidden",
        data_testid="hotkeys-panel",
    )


def hotkeys_flag() -> rx.Var[str]:
    """The page root's `data-hotkeys`: the script acts only while it says on."""
    return rx.cond(HotkeyState.hotkeys_on, HOTKEYS_ON, "off")
