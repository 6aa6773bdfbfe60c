"""Account pages: /login and /register (home with the popup), the security centre, the
e-mail reset page and the agent home."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.accounts.auth_dialogs import new_password_fields
from components.forms import PRIMARY, SECONDARY, TAP_LINK, field, form_error, notice
from components.i18n import t
from components.layout import layout, member_page
from components.link import page_link
from components.media import image
from pages.catalogue.home import home_content
from pages.registry import Page
from state.accounts.auth import AuthState
from state.accounts.password import PasswordState
from state.accounts.profile import ProfileRow, ProfileState
from state.accounts.register import RegisterState
from state.accounts.security import RECOVERY_CODES, TOTP_QR, TOTP_SECRET, SecurityState
from state.site import SiteState


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


_CARD = "rounded-2xl p-5 bg-white dark:bg-slate-900 shadow"
_HINT = "text-xs text-slate-500 dark:text-slate-400"


def _fact(label: rx.Var, value: rx.Var, test_id: str) -> rx.Component:
    return rx.el.div(
        rx.el.dt(label, class_name="text-sm font-medium"),
        rx.el.dd(
            rx.cond(value != "", value, t("profile.not_set")),
            class_name="min-h-6",
            data_testid=test_id,
        ),
        class_name="mb-3",
    )


def _set_once(
    name: str, label: rx.Var, value: rx.Var, editable: rx.Var, kind: str, verify_link: bool
) -> rx.Component:
    """The full name and birth date: typed once while empty, then shown (on identity brands,
    from the verification; `verify_link`: this one offers the way there while empty)."""
    return rx.cond(
        editable,
        rx.el.div(
            field(name, label, kind=kind, error=ProfileState.errors.get(name, "").to(str)),
            rx.el.p(t("profile.once"), class_name=f"{_HINT} -mt-4 mb-3"),
        ),
        rx.el.div(
            rx.el.dl(_fact(label, value, f"profile-{name}")),
            rx.cond(
                ProfileState.identity_brand,
                rx.el.p(
                    t("profile.from_identity"),
                    " ",
                    *(
                        [
                            rx.cond(
                                value == "",
                                page_link(
                                    t("profile.verify_identity"),
                                    href=routes.VERIFY_IDENTITY,
                                    class_name=TAP_LINK,
                                ),
                            )
                        ]
                        if verify_link
                        else []
                    ),
                    class_name=f"{_HINT} -mt-2 mb-3",
                ),
            ),
        ),
    )


def _free_field(row: ProfileRow) -> rx.Component:
    return field(
        row.name,
        SiteState.texts["reg." + row.name].to(str),
        error=row.error,
        default_value=row.value,
        max_length=120,
    )


def _profile_section() -> rx.Component:
    return rx.el.section(
        rx.el.h2(t("profile.title"), class_name="text-lg font-semibold mb-1"),
        rx.el.p(t("profile.intro"), class_name=f"{_HINT} mb-4"),
        rx.el.form(
            rx.el.dl(
                _fact(t("profile.username"), ProfileState.username, "profile-username"),
                rx.cond(
                    ProfileState.mobile != "",
                    _fact(t("profile.mobile"), ProfileState.mobile, "profile-mobile"),
                ),
            ),
            _set_once(
                "payeeName",
                t("reg.payeeName"),
                ProfileState.full_name,
                ProfileState.full_name_editable,
                "text",
                verify_link=True,
            ),
            _set_once(
                "birthday",
                t("reg.birthday"),
                ProfileState.birthday,
                ProfileState.birthday_editable,
                "date",
                verify_link=False,
            ),
            field(
                "email",
                rx.cond(
                    ProfileState.email != "",
                    SiteState.texts["profile.new_email"]
                    .to(str)
                    .replace("{email}", ProfileState.email),
                    t("profile.new_email_empty"),
                ),
                kind="email",
                autocomplete="email",
                error=ProfileState.errors.get("email", "").to(str),
            ),
            field(
                "password",
                t("profile.password"),
                kind="password",
                autocomplete="current-password",
                error=ProfileState.errors.get("password", "").to(str),
            ),
            rx.el.div(
                rx.foreach(ProfileState.rows, _free_field),
                class_name="grid gap-x-4 sm:grid-cols-2",
            ),
            form_error(ProfileState.error),
            notice(ProfileState.notice),
            rx.el.button(
                t("profile.save"), type="submit", class_name=PRIMARY, data_testid="profile-save"
            ),
            on_submit=ProfileState.save,
            key=ProfileState.revision.to(str),
            class_name="space-y-1",
        ),
        id="profile",
        class_name=f"{_CARD} scroll-mt-24 md:col-span-2",
        data_testid="profile-section",
    )


def security_center_page() -> rx.Component:
    return member_page(
        "auth.security_title",
        rx.el.div(
            _profile_section(),
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


PAGES = (
    Page(routes.LOGIN, login_page, "Login", load=(AuthState.open_login_page,)),
    Page(routes.REGISTER, register_page, "Register", load=(RegisterState.open_page,)),
    Page(
        routes.SECURITY_CENTER,
        security_center_page,
        "Security",
        load=(SecurityState.load, ProfileState.load),
        login=True,
    ),
    Page(routes.RESET_PASSWORD, reset_password_page, "Reset password", indexed=False),
)
