"""Account pages: /login and /register (home with the popup), the security centre, the
e-mail reset page and the agent home."""

from __future__ import annotations

import reflex as rx

from components.auth_dialogs import new_password_fields
from components.forms import PRIMARY, SECONDARY, field, form_error, notice
from components.i18n import t
from components.layout import layout, member_page
from components.media import image
from pages.home import home_content
from state.password import PasswordState
from state.security import RECOVERY_CODES, TOTP_QR, TOTP_SECRET, SecurityState


def login_page() -> rx.Component:
    return layout(*home_content())


def register_page() -> rx.Component:
    return layout(*home_content())


def _totp_section() -> rx.Component:
    setup = rx.el.form(
        image(
            TOTP_QR.value.to(str), t("auth.totp_scan"), 200, 200, class_name="bg-white rounded-lg"
        ),
        rx.el.p(t("auth.totp_scan"), class_name="text-sm"),
        rx.el.code(
            TOTP_SECRET.value.to(str), class_name="text-xs break-all", data_testid="totp-secret"
        ),
        field("password", t("auth.password"), kind="password", autocomplete="current-password"),
        field("code", t("auth.code"), autocomplete="one-time-code", input_mode="numeric"),
        rx.el.button(
            t("auth.totp_enable"), type="submit", class_name=PRIMARY, data_testid="totp-enable"
        ),
        on_submit=SecurityState.confirm,
        class_name="space-y-2",
    )
    turn_off = rx.el.form(
        field("password", t("auth.password"), kind="password", autocomplete="current-password"),
        field("code", t("auth.totp_code"), autocomplete="one-time-code"),
        rx.el.button(t("auth.totp_disable"), type="submit", class_name=SECONDARY),
        on_submit=SecurityState.turn_off,
        class_name="space-y-2",
    )
    return rx.el.section(
        rx.el.h2(
            t("auth.totp_title"),
            " · ",
            rx.cond(SecurityState.totp_enabled, t("auth.totp_on"), t("auth.totp_off")),
            class_name="text-lg font-semibold mb-3",
            data_testid="totp-status",
        ),
        form_error(SecurityState.error),
        rx.cond(
            RECOVERY_CODES.value.to(list[str]).length() > 0,
            rx.el.div(
                rx.el.p(t("auth.recovery_codes"), class_name="text-sm font-medium"),
                rx.el.ul(
                    rx.foreach(
                        RECOVERY_CODES.value.to(list[str]),
                        lambda c: rx.el.li(c, class_name="font-mono"),
                    ),
                    class_name="grid grid-cols-2 gap-1 my-2",
                    data_testid="recovery-codes",
                ),
            ),
        ),
        rx.cond(
            SecurityState.totp_enabled,
            turn_off,
            rx.cond(
                SecurityState.setup_open,
                setup,
                rx.el.button(
                    t("auth.totp_start"),
                    on_click=SecurityState.start_setup,
                    class_name=PRIMARY,
                    data_testid="totp-start",
                ),
            ),
        ),
        class_name="rounded-2xl p-5 bg-white dark:bg-slate-900 shadow max-w-md",
    )


def security_center_page() -> rx.Component:
    return member_page(
        "auth.security_title",
        rx.el.div(
            rx.el.section(
                rx.el.h2(t("auth.change_title"), class_name="text-lg font-semibold mb-3"),
                notice(PasswordState.notice),
                rx.el.button(
                    t("auth.change_title"),
                    on_click=PasswordState.open_change,
                    class_name=PRIMARY,
                    data_testid="open-change-password",
                ),
                class_name="rounded-2xl p-5 bg-white dark:bg-slate-900 shadow max-w-md",
            ),
            _totp_section(),
            class_name="grid gap-6 md:grid-cols-2 items-start",
        ),
    )


def reset_password_page() -> rx.Component:
    return layout(
        rx.el.div(
            rx.el.h1(t("auth.reset_title"), class_name="text-2xl font-bold mb-4"),
            rx.el.form(
                *new_password_fields(),
                form_error(PasswordState.error),
                notice(PasswordState.notice),
                rx.el.button(t("auth.submit_change"), type="submit", class_name=PRIMARY),
                on_submit=PasswordState.reset_with_link,
                class_name="space-y-1",
            ),
            class_name="max-w-md mx-auto",
        )
    )
