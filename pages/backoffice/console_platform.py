"""The back office's platform page: brand switches, modules, registration fields and site
status."""

from __future__ import annotations

from typing import Any

import reflex as rx

from app import routes
from components.backoffice.console import (
    BUTTON,
    DANGER,
    INPUT,
    QUIET,
    allowed,
    card,
    frame,
    label,
    messages,
    table,
    text_input,
)
from components.i18n import t
from pages.registry import Page
from state.backoffice.console_platform import ModuleRow, PlatformState


def _module_button(row: ModuleRow) -> rx.Component:
    return allowed(
        "platform.site_status",
        rx.cond(
            row.enabled,
            rx.el.button(
                t("bo-module-switch-off"),
                on_click=PlatformState.switch_module(row.mod_id, False),
                data_testid="module-off-" + row.mod_id,
                class_name=QUIET,
            ),
            rx.el.button(
                t("bo-module-switch-on"),
                on_click=PlatformState.switch_module(row.mod_id, True),
                data_testid="module-on-" + row.mod_id,
                class_name=BUTTON,
            ),
        ),
    )


def _tick(name: str, key: str, checked: rx.Var) -> rx.Component:
    return rx.el.label(
        rx.el.input(
            type="checkbox", name=name, default_checked=checked, data_testid=f"field-{name}"
        ),
        " ",
        t(key),
        class_name="flex items-center gap-1 text-sm",
    )


def _field_form() -> rx.Component:
    """One field's setting: pick it (its stored values fill the form), change, save."""
    s = PlatformState
    draft = s.field_draft
    return rx.el.form(
        rx.el.div(
            label(
                t("bo-regfield"),
                rx.el.select(
                    rx.el.option("—", value=""),
                    rx.foreach(s.field_names, lambda name: rx.el.option(name, value=name)),
                    name="field",
                    value=draft.field,
                    on_change=s.pick_field,
                    data_testid="field-name",
                    class_name=INPUT,
                ),
            ),
            _tick("shown", "bo-regfield-shown", draft.shown),
            _tick("required", "bo-regfield-required", draft.required),
            label(
                t("bo-regfield-min"),
                text_input("min_length", "", INPUT + " w-20", inputmode="numeric",
                           default_value=draft.min_length),
            ),
            label(
                t("bo-regfield-max"),
                text_input("max_length", "", INPUT + " w-20", inputmode="numeric",
                           default_value=draft.max_length),
            ),
            label(
                t("bo-regfield-pattern"),
                text_input("pattern_id", "", INPUT + " w-20", inputmode="numeric",
                           default_value=draft.pattern_id, data_testid="field-pattern"),
            ),
            label(
                t("bo-regfield-accepted"),
                text_input("accepted", "", INPUT + " w-64", max_length=255,
                           default_value=draft.accepted, data_testid="field-accepted"),
            ),
            label(
                t("bo-regfield-hint"),
                text_input("hint", "", INPUT + " w-80", max_length=200,
                           default_value=draft.hint, data_testid="field-hint"),
            ),
            class_name="flex flex-wrap items-end gap-3",
        ),
        rx.el.p(
            t("bo-regfield-note"), class_name="text-xs text-slate-600 dark:text-slate-400 my-2"
        ),
        rx.el.button(t("bo-save"), type="submit", data_testid="field-save", class_name=BUTTON),
        key=draft.field + s.brand,
        on_submit=s.save_field,
    )  # fmt: skip


def _block_form(on_submit: Any, button_key: str, button_class: str) -> rx.Component:
    """Networks and countries to block or to let in again."""
    return rx.el.form(
        text_input("networks", t("bo-networks"), class_name=INPUT + " flex-1 min-w-[16rem]"),
        text_input("countries", t("bo-countries"), class_name=INPUT + " flex-1 min-w-[18rem]"),
        rx.el.button(t(button_key), type="submit", class_name=button_class),
        on_submit=on_submit,
        reset_on_submit=True,
        class_name="flex flex-wrap gap-2 mb-2",
    )


def platform_page() -> rx.Component:
    s = PlatformState
    return frame(
        "bo-platform",
        messages(s.error, s.notice),
        rx.el.div(
            label(
                t("bo-brand"),
                rx.el.select(
                    rx.foreach(s.brands, lambda code: rx.el.option(code, value=code)),
                    value=s.brand,
                    on_change=s.pick_brand,
                    class_name=INPUT,
                ),
            ),
        ),
        card(
            "bo-maintenance",
            rx.el.p(
                rx.cond(s.maintenance, t("bo-on"), t("bo-off")),
                " ",
                s.maintenance_message,
                data_testid="platform-maintenance",
                class_name="mb-2 font-medium",
            ),
            allowed(
                "platform.site_status",
                rx.fragment(
                    rx.el.form(
                        text_input("message", t("bo-message"), class_name=INPUT + " flex-1"),
                        rx.el.button(t("bo-start-maintenance"), type="submit", class_name=DANGER),
                        on_submit=s.start_maintenance,
                        class_name="flex flex-wrap gap-2 mb-2",
                    ),
                    rx.el.button(
                        t("bo-back-to-normal"), on_click=s.back_to_normal, class_name=QUIET
                    ),
                ),
            ),
        ),
        card(
            "bo-block",
            rx.el.div(
                rx.cond(
                    s.networks.length() > 0,
                    rx.el.p(t("bo-blocked-networks"), " ", s.networks.join(", ")),
                ),
                rx.cond(
                    s.countries.length() > 0,
                    rx.el.p(t("bo-blocked-countries"), " ", s.countries.join(", ")),
                ),
                rx.cond(
                    (s.networks.length() == 0) & (s.countries.length() == 0),
                    rx.el.p(t("bo-blocked-none")),
                ),
                data_testid="platform-blocks",
                class_name="mb-2 text-sm space-y-1",
            ),
            allowed("platform.site_status", _block_form(s.block, "bo-block", DANGER)),
            allowed("platform.site_status", _block_form(s.unblock, "bo-unblock", QUIET)),
        ),
        card(
            "bo-modules",
            table(
                [
                    ("mod_id", "bo-col-module"),
                    ("name", "bo-col-name"),
                    ("parent", "bo-col-parent"),
                    ("state", "bo-status"),
                ],
                s.modules,
                _module_button,
                testid="platform-modules",
            ),
        ),
        card(
            "bo-regfields",
            table(
                [
                    ("label", "bo-regfield"),
                    ("shown", "bo-regfield-shown"),
                    ("required", "bo-regfield-required"),
                    ("length", "bo-regfield-length"),
                    ("pattern", "bo-regfield-pattern"),
                    ("accepted", "bo-regfield-accepted"),
                    ("hint", "bo-regfield-hint"),
                ],
                s.fields,
                testid="platform-fields",
            ),
            allowed("platform.site_status", _field_form()),
        ),
        card(
            "bo-jobs",
            table(
                [
                    ("job", "bo-col-job"),
                    ("period", "bo-col-period"),
                    ("state", "bo-status"),
                    ("attempts", "bo-col-attempts"),
                    ("changed", "bo-col-changed"),
                    ("finished", "bo-col-finished"),
                    ("error", "bo-col-error"),
                ],
                s.jobs,
            ),
        ),
    )


PAGES = (
    Page(
        routes.ADMIN_PLATFORM, platform_page, "Platform", load=(PlatformState.load,), console=True
    ),
)
