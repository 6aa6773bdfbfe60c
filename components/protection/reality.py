"""The reality check dialog on every page (state/protection/reality.py): time played, net
result, and a forced choice between continuing and stopping."""

from __future__ import annotations

import reflex as rx

from components.dialog import dialog
from components.forms import SECONDARY, form_error
from components.i18n import t
from state.protection.reality import REALITY_DIALOG, RealityState


def _figure(label_key: str, value: rx.Var, testid: str) -> rx.Component:
    return rx.el.div(
        rx.el.dt(t(label_key)),
        rx.el.dd(value, class_name="font-mono tabular-nums", data_testid=testid),
        class_name="flex justify-between gap-4",
    )


def reality_dialog() -> rx.Component:
    return dialog(
        REALITY_DIALOG,
        rx.el.dl(
            _figure("protection.reality_played", RealityState.minutes.to(str), "reality-minutes"),
            _figure("protection.reality_net", RealityState.net, "reality-net"),
            class_name="space-y-1 my-3",
        ),
        form_error(RealityState.error),
        # Neither choice is pushed: the same look for both, stopping first.
        rx.el.div(
            rx.el.button(
                t("protection.reality_stop"),
                type="button",
                on_click=RealityState.answer(True),
                auto_focus=True,
                class_name=SECONDARY,
                data_testid="reality-dialog-stop",
            ),
            rx.el.button(
                t("protection.reality_continue"),
                type="button",
                on_click=RealityState.answer(False),
                class_name=SECONDARY,
                data_testid="reality-dialog-continue",
            ),
            class_name="grid grid-cols-2 gap-2",
        ),
        title=t("protection.reality_title"),
        show_close=False,
    )
