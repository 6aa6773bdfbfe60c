"""The console's payment channels page: per brand, each channel's limits, fee, order and
on/off switch."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.backoffice.console import (
    BUTTON,
    DANGER,
    INPUT,
    QUIET,
    allowed,
    brand_picker,
    card,
    frame,
    label,
    messages,
)
from components.i18n import t
from pages.registry import Page
from state.cashier.console_channels import ChannelLine, ChannelsState
from state.site import SiteState

SMALL = INPUT + " w-28"


def _field(name: str, label_key: str, value: rx.Var) -> rx.Component:
    return label(
        t(label_key),
        rx.el.input(
            name=name, default_value=value, input_mode="decimal", class_name=SMALL,
        ),
    )  # fmt: skip


def _channel(row: ChannelLine) -> rx.Component:
    name = SiteState.texts.get("cashier.channel." + row.code, row.code).to(str)
    return rx.el.div(
        rx.el.div(
            # The channel as players know it (the cashier's name), its code and provider beside.
            rx.el.span(name, class_name="font-semibold"),
            rx.el.span(
                rx.cond(name == row.code, row.provider, row.code + " · " + row.provider),
                class_name="text-xs text-slate-600 dark:text-slate-400",
            ),
            rx.el.span(
                rx.cond(row.enabled, t("bo-on"), t("bo-off")),
                data_testid="channel-state",
                class_name=rx.cond(
                    row.enabled,
                    "text-xs font-semibold text-emerald-700 dark:text-emerald-400",
                    "text-xs font-semibold text-red-600 dark:text-red-400",
                ),
            ),
            class_name="flex items-baseline gap-3 mb-2",
        ),
        allowed(
            "channels.manage",
            rx.el.div(
                rx.el.form(
                    rx.el.input(type="hidden", name="id", value=row.id),
                    _field("min", "bo-min", row.min),
                    _field("max", "bo-max", row.max),
                    _field("fee_percent", "bo-fee-percent", row.fee_percent),
                    _field("fee_fixed", "bo-fee-fixed", row.fee_fixed),
                    _field("sort", "bo-sort", row.sort),
                    label(
                        t("bo.channel.reason"),
                        rx.el.input(name="reason", class_name=INPUT + " w-56"),
                    ),
                    rx.el.button(
                        t("bo-save"),
                        type="submit",
                        data_testid="channel-save",
                        class_name=BUTTON + " self-end",
                    ),
                    # a new key remounts the form when a save changed what its fields start from
                    key=f"{row.id}-{row.min}-{row.max}-{row.fee_percent}-{row.sort}",
                    on_submit=ChannelsState.save,
                    class_name="flex flex-wrap gap-2",
                ),
                rx.cond(
                    row.enabled,
                    rx.el.button(
                        t("bo-switch-off"),
                        on_click=ChannelsState.switch(row.id, False),
                        data_testid="channel-off",
                        class_name=DANGER,
                    ),
                    rx.el.button(
                        t("bo-switch-on"),
                        on_click=ChannelsState.switch(row.id, True),
                        data_testid="channel-on",
                        class_name=QUIET,
                    ),
                ),
                class_name="flex flex-wrap items-end gap-3",
            ),
        ),
        data_testid="channel",
        class_name="border-t border-slate-200 dark:border-slate-700 py-3",
    )


def channels_page() -> rx.Component:
    s = ChannelsState
    return frame(
        "bo-channels",
        messages(s.error, s.notice),
        brand_picker(s.brands, s.brand, s.pick_brand),
        card(
            "bo-channels",
            rx.foreach(s.channels, _channel),
            rx.cond(
                s.channels.length() == 0,
                rx.el.p(
                    t("bo-nothing"), class_name="text-sm text-slate-600 dark:text-slate-400 py-2"
                ),
            ),
            testid="channels",
        ),
    )


PAGES = (
    Page(
        routes.ADMIN_CHANNELS,
        channels_page,
        "Payment channels",
        load=(ChannelsState.load,),
        console=True,
    ),
)
