"""The console's VIP page: the brand's ladder (thresholds and benefits per level), the form
of one level (edit, or a new level on top), removing the top level, and the loyalty
settings."""

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
    table,
    text_input,
)
from components.i18n import t
from pages.registry import Page
from state.loyalty.console_vip import SHOWN_FIGURES, LevelFields, VipConsoleState

WIDE = INPUT + " w-full"
NUMBER_PATTERN = r"[0-9]+([.,][0-9]{1,3})?"
LEVEL_NUMBERS = (
    "bet_threshold", "deposit_threshold", "retain_bet", "rebate_boost", "withdraw_max",
    "level_up_bonus", "member_day_bonus", "sunday_best_bonus", "slots_rate", "slots_cap",
)  # fmt: skip


# The list shows what sets a level apart; the form holds every figure.


def _number(name: str, values: rx.Var, pattern: str = NUMBER_PATTERN) -> rx.Component:
    return label(
        t(f"bo-vip-f-{name}"),
        text_input(
            name,
            default_value=getattr(values, name),
            inputmode="decimal",
            pattern=pattern,
            required=True,
            class_name=WIDE,
            data_testid=f"vip-{name}",
        ),
    )


def _grid(*children: rx.Component) -> rx.Component:
    return rx.el.div(*children, class_name="grid grid-cols-2 md:grid-cols-3 lg:grid-cols-5 gap-2")


def _level_form() -> rx.Component:
    s = VipConsoleState
    d = s.draft
    return rx.el.form(
        rx.el.input(type="hidden", name="level", value=d.level),
        rx.el.p(
            t("bo-vip-f-level"),
            " ",
            rx.el.span(d.level, data_testid="vip-form-level", class_name="font-semibold"),
            class_name="text-sm",
        ),
        _grid(
            label(
                t("bo-vip-f-name"),
                text_input(
                    "name",
                    default_value=d.name,
                    required=True,
                    max_length=32,
                    class_name=WIDE,
                    data_testid="vip-name",
                ),
            ),
            *(_number(name, d) for name in LEVEL_NUMBERS),
            label(
                t("bo-vip-f-withdraw_daily_count"),
                text_input(
                    "withdraw_daily_count",
                    default_value=d.withdraw_daily_count,
                    type="number",
                    min=0,
                    max=100,
                    required=True,
                    class_name=WIDE,
                ),
            ),
        ),
        rx.el.div(
            rx.el.button(t("bo-save"), type="submit", data_testid="vip-save", class_name=BUTTON),
            rx.el.button(
                t("bo-vip-add"),
                type="button",
                on_click=s.add_level,
                data_testid="vip-add",
                class_name=QUIET,
            ),
            rx.el.button(
                t("bo-vip-remove-top"),
                type="button",
                on_click=s.remove_top_level,
                data_testid="vip-remove-top",
                class_name=DANGER,
            ),
            class_name="flex flex-wrap gap-2",
        ),
        key="level" + s.form_key.to_string() + s.brand,
        on_submit=s.save_level,
        class_name="space-y-3",
    )


def _choice(name: str, options: tuple[str, ...], value: rx.Var) -> rx.Component:
    return label(
        t(f"bo-vip-f-{name}"),
        rx.el.select(
            *(rx.el.option(t(f"bo-vip-{option}"), value=option) for option in options),
            name=name,
            default_value=value,
            class_name=WIDE,
        ),
    )


def _settings_form() -> rx.Component:
    s = VipConsoleState
    v = s.settings
    return rx.el.form(
        _grid(
            _number("window_days", v, pattern="[0-9]+"),
            _choice("rebate_mode", ("DAILY", "REALTIME"), v.rebate_mode),
            _choice("rebate_claim", ("CLAIM", "AUTO"), v.rebate_claim),
            _number("member_day", v, pattern="[0-9]+"),
            _number("weekly_min_bet", v),
            _number("monthly_min_bet", v),
        ),
        rx.el.button(
            t("bo-save"), type="submit", data_testid="vip-settings-save", class_name=BUTTON
        ),
        key="settings" + s.form_key.to_string() + s.brand,
        on_submit=s.save_settings,
        class_name="space-y-3",
    )


def _edit_button(row: LevelFields) -> rx.Component:
    return allowed(
        "vip.manage",
        rx.el.button(
            t("bo-edit"),
            on_click=VipConsoleState.edit(row.level),
            data_testid="vip-edit",
            class_name=QUIET,
        ),
    )


def vip_console_page() -> rx.Component:
    s = VipConsoleState
    return frame(
        "bo-vip",
        messages(s.error, s.notice),
        brand_picker(s.brands, s.brand, s.pick_brand, "vip-brand"),
        card(
            "bo-vip-levels",
            table(
                [
                    ("level", "bo-vip-f-level"),
                    ("name", "bo-vip-f-name"),
                    *((name, f"bo-vip-f-{name}") for name in SHOWN_FIGURES),
                ],
                s.shown,
                _edit_button,
                testid="vip-levels",
            ),
        ),
        allowed("vip.manage", card("bo-vip-level-form", _level_form(), testid="vip-level-form")),
        allowed("vip.manage", card("bo-vip-settings", _settings_form(), testid="vip-settings")),
    )


PAGES = (
    Page(
        routes.ADMIN_VIP, vip_console_page, "VIP ladder", load=(VipConsoleState.load,), console=True
    ),
)
