"""The console's own-credential pages: the enrolment page an invitation's link opens, and
My account (change the password, move to a new authenticator)."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.backoffice.console import (
    BUTTON,
    CARD,
    QUIET,
    card,
    frame,
    label,
    messages,
    text_input,
)
from components.i18n import t
from components.style import page_frame
from pages.registry import Page
from state.backoffice.console_account import NEW_TOTP_KEY, NEW_TOTP_QR, AccountState, EnrolState


def _password_fields(name: str, confirmation: str = "confirmation") -> list[rx.Component]:
    return [
        label(
            t("bo-new-password"),
            text_input(
                name,
                type="password",
                auto_complete="new-password",
                required=True,
                min_length=12,
                max_length=64,
            ),
        ),
        label(
            t("bo-confirm-password"),
            text_input(confirmation, type="password", auto_complete="new-password", required=True),
        ),
    ]


def _code_field(name: str, text_key: str) -> rx.Component:
    return label(
        t(text_key),
        text_input(
            name,
            input_mode="numeric",
            auto_complete="one-time-code",
            required=True,
            pattern="[0-9]{6}",
            max_length=6,
        ),
    )


def _new_authenticator() -> rx.Component:
    """The QR code and key of a new authenticator, pushed to this page only."""
    return rx.el.div(
        rx.el.img(
            src=NEW_TOTP_QR.value.to(str), alt="TOTP", class_name="size-48 bg-white p-2 rounded"
        ),
        rx.el.p(t("bo-secret-key"), class_name="text-xs"),
        rx.el.code(
            NEW_TOTP_KEY.value.to(str),
            data_testid="new-totp-key",
            class_name="block break-all text-xs font-mono",
        ),
        class_name="space-y-2",
    )


def enrol_page() -> rx.Component:
    s = EnrolState
    return rx.el.main(
        rx.el.div(
            rx.el.h1(t("bo-enrol-title"), class_name="text-2xl font-bold"),
            rx.cond(
                s.ready,
                rx.el.form(
                    rx.el.p(s.username, data_testid="enrol-username", class_name="font-mono"),
                    rx.el.p(t("bo-enrol-intro"), class_name="text-sm"),
                    _new_authenticator(),
                    *_password_fields("password"),
                    _code_field("code", "bo-first-code"),
                    rx.el.button(
                        t("bo-enrol-submit"),
                        type="submit",
                        data_testid="enrol-submit",
                        class_name=BUTTON + " w-full",
                    ),
                    on_submit=s.submit,
                    reset_on_submit=True,
                    data_testid="enrol-form",
                    class_name="space-y-3 [&_input]:w-full",
                ),
            ),
            messages(s.error, s.notice),
            rx.cond(
                s.notice != "",
                rx.el.a(t("bo-login"), href=routes.ADMIN_LOGIN, class_name=QUIET + " inline-flex"),
            ),
            class_name=CARD + " w-full max-w-sm space-y-3",
        ),
        **page_frame(
            "min-h-screen flex items-center justify-center p-4 bg-slate-50 text-slate-900 "
            "dark:bg-slate-900 dark:text-slate-100"
        ),
    )


def _current_password() -> rx.Component:
    return label(
        t("bo-current-password"),
        text_input("current", type="password", auto_complete="current-password", required=True),
    )


def account_page() -> rx.Component:
    s = AccountState
    return frame(
        "bo-account",
        messages(s.error, s.notice),
        rx.el.div(
            card(
                "bo-change-password",
                rx.el.form(
                    _current_password(),
                    *_password_fields("password"),
                    _code_field("code", "bo-current-code"),
                    rx.el.button(
                        t("bo-save"),
                        type="submit",
                        data_testid="password-change",
                        class_name=BUTTON,
                    ),
                    on_submit=s.change_password,
                    reset_on_submit=True,
                    data_testid="password-form",
                    class_name="grid gap-2 [&_input]:w-full",
                ),
            ),
            card(
                "bo-new-totp",
                rx.cond(
                    s.totp_open,
                    rx.el.form(
                        _new_authenticator(),
                        _current_password(),
                        _code_field("code", "bo-current-code"),
                        _code_field("new_code", "bo-new-code"),
                        rx.el.button(
                            t("bo-save"),
                            type="submit",
                            data_testid="totp-change",
                            class_name=BUTTON,
                        ),
                        on_submit=s.change_totp,
                        reset_on_submit=True,
                        data_testid="totp-form",
                        class_name="grid gap-2 [&_input]:w-full",
                    ),
                    rx.el.button(
                        t("bo-new-totp-start"),
                        on_click=s.start_totp,
                        data_testid="totp-start",
                        class_name=QUIET,
                    ),
                ),
            ),
            class_name="grid lg:grid-cols-2 gap-4",
        ),
    )


PAGES = (
    Page(
        routes.ADMIN_ENROL,
        enrol_page,
        "Back office enrolment",
        load=(EnrolState.open_page,),
        console=True,
    ),
    Page(routes.ADMIN_ACCOUNT, account_page, "My account", load=(AccountState.load,), console=True),
)
