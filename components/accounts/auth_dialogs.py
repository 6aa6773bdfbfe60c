"""The account popups of spec 2 and 4: login, register, forgot and change password, logout,
the trial user's notice and the warning popup. All use the reusable dialog."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.content.announcements import popup_banner
from components.dialog import close_dialog, dialog, helper_dialog
from components.forms import (
    INPUT,
    LINK,
    PRIMARY,
    SECONDARY,
    checkbox,
    field,
    form_error,
    notice,
    refusal_remedy,
    tabs,
)
from components.i18n import t
from components.media import image
from components.style import FOCUS
from state.accounts.auth import (
    CHANGE_PASSWORD_DIALOG,
    FORGOT_DIALOG,
    LOGIN_DIALOG,
    LOGOUT_DIALOG,
    NEED_ACCOUNT_DIALOG,
    REGISTER_DIALOG,
    WARNING_DIALOG,
    AuthState,
)
from state.accounts.password import PasswordState
from state.accounts.register import RegisterState
from state.accounts.sms import SmsState
from state.site import SiteState


def _send_code_button(purpose: str) -> rx.Component:
    return rx.el.button(
        rx.cond(
            SmsState.countdown > 0,
            t("auth.resend_in").replace("{seconds}", SmsState.countdown.to_string()),
            t("auth.send_code"),
        ),
        type="button",
        disabled=SmsState.countdown > 0,
        on_click=SmsState.request_code(purpose),
        class_name=f"{SECONDARY} !w-auto px-3 whitespace-nowrap",
        data_testid=f"send-code-{purpose}",
    )


def _dial_code_picker() -> rx.Component:
    """The phone's dialling code, the brand's market first (the one sent until another is
    picked); a narrow select showing "+55 Brasil"."""
    # The label wraps the select: an id would have Reflex submit it with the form, and the
    # code sent is the state's choice (SiteState.dial_code), not a form field.
    return rx.el.label(
        rx.el.span(t("auth.dial_code"), class_name="block text-sm font-medium mb-1"),
        rx.el.select(
            rx.foreach(
                SiteState.dialling_options,
                lambda option: rx.el.option(option.label, value=option.code),
            ),
            value=SiteState.dial_shown,
            on_change=SiteState.set_dial_code,
            auto_complete="tel-country-code",
            class_name=f"{INPUT} !w-32 !px-2",
            data_testid="dial-code",
        ),
        class_name="block",
    )


def _mobile_hint() -> rx.Component:
    """The operator's words under the mobile number of the register form, as text."""
    return rx.cond(
        RegisterState.mobile_hint != "",
        rx.el.p(
            RegisterState.mobile_hint,
            class_name="mb-2 text-xs text-slate-500 dark:text-slate-400",
            data_testid="field-mobileNum-hint",
        ),
    )


def _mobile_with_code(purpose: str) -> rx.Component:
    return rx.el.div(
        rx.el.div(
            _dial_code_picker(),
            rx.el.div(
                field(
                    "mobileNum",
                    t("auth.mobile"),
                    kind="tel",
                    autocomplete="tel-national",
                    on_change=SmsState.set_mobile,
                    default_value=AuthState.remembered_mobile,
                ),
                class_name="flex-1 min-w-0",
            ),
            class_name="flex gap-2 items-start",
        ),
        *([_mobile_hint()] if purpose == "register" else []),
        notice(SmsState.notice),
        rx.el.div(
            rx.el.div(
                field(
                    "code",
                    t("auth.code"),
                    kind="text",
                    autocomplete="one-time-code",
                    input_mode="numeric",
                    max_length=6,
                ),
                class_name="flex-1 min-w-0",
            ),
            rx.el.div(_send_code_button(purpose), class_name="pt-6"),
            class_name="flex gap-2 items-start",
        ),
    )


def _captcha() -> rx.Component:
    return rx.cond(
        AuthState.captcha_required,
        rx.el.div(
            rx.el.div(field("captcha", t("auth.captcha"), max_length=4), class_name="flex-1"),
            rx.el.button(
                image(AuthState.captcha_image, t("auth.captcha"), 120, 44, class_name="rounded"),
                type="button",
                on_click=AuthState.refresh_captcha,
                aria_label=t("auth.captcha_refresh"),
                class_name="mt-6 rounded",
                data_testid="captcha-image",
            ),
            class_name="flex gap-2 items-start",
        ),
    )


def _second_step() -> rx.Component:
    return rx.fragment(
        rx.cond(
            AuthState.needs_totp,
            field("totpCode", t("auth.totp_code"), autocomplete="one-time-code"),
        ),
        rx.cond(
            AuthState.verify_method == "BANK_NAME",
            rx.el.div(
                rx.el.p(t("auth.verify_bank"), class_name="text-sm mb-1"),
                field("payeeName", t("auth.payee_name")),
            ),
        ),
        rx.cond(
            (AuthState.verify_method == "SMS") | (AuthState.verify_method == "EMAIL"),
            rx.el.div(
                rx.el.p(
                    rx.cond(
                        AuthState.verify_method == "SMS",
                        t("auth.verify_sms"),
                        t("auth.verify_email"),
                    ),
                    class_name="text-sm mb-1",
                ),
                field("verificationCode", t("auth.code"), autocomplete="one-time-code"),
            ),
        ),
    )


def new_password_fields() -> tuple[rx.Component, rx.Component]:
    """The new password and its confirmation, with the brand's rule errors under them."""
    return (
        field(
            "newPassword",
            t("auth.new_password"),
            kind="password",
            autocomplete="new-password",
            error=PasswordState.errors.get("password", "").to(str),
        ),
        field(
            "confirmNewPassword",
            t("auth.confirm_password"),
            kind="password",
            autocomplete="new-password",
            error=PasswordState.errors.get("confirmPassword", "").to(str),
        ),
    )


@rx.memo
def login_body() -> rx.Component:
    """The login dialog's content, compiled once for every page (see components/layout.py)."""
    username_form = rx.el.form(
        rx.el.input(type="hidden", name="type", value="username"),
        field(
            "username",
            t("auth.username"),
            autocomplete="username",
            default_value=AuthState.remembered_username,
        ),
        field("password", t("auth.password"), kind="password", autocomplete="current-password"),
        _captcha(),
        _second_step(),
        checkbox("remember", t("auth.remember")),
        form_error(AuthState.login_error),
        rx.el.button(
            rx.cond(AuthState.login_busy, t("auth.checking"), t("auth.submit_login")),
            type="submit",
            disabled=AuthState.login_busy,
            class_name=PRIMARY,
            data_testid="login-submit",
        ),
        on_submit=AuthState.submit_login,
        class_name="space-y-1",
        data_testid="login-form",
    )
    sms_form = rx.el.form(
        rx.el.input(type="hidden", name="type", value="sms"),
        _mobile_with_code("login"),
        checkbox("remember", t("auth.remember")),
        form_error(AuthState.login_error),
        rx.el.button(t("auth.submit_login"), type="submit", class_name=PRIMARY),
        on_submit=AuthState.submit_login,
        class_name="space-y-1",
    )
    return rx.fragment(
        popup_banner("w_login"),
        rx.cond(
            SiteState.login_methods["sms"],
            tabs(
                [("username", t("auth.by_username")), ("sms", t("auth.by_mobile"))],
                AuthState.login_tab,
                AuthState.set_login_tab,
            ),
        ),
        rx.cond(AuthState.login_tab == "sms", sms_form, username_form),
        rx.el.div(
            rx.el.button(
                t("auth.forgot_link"),
                type="button",
                on_click=PasswordState.open_forgot,
                class_name=LINK,
                data_testid="open-forgot",
            ),
            rx.el.button(
                t("auth.no_account"),
                " ",
                t("header.register"),
                type="button",
                on_click=RegisterState.open,
                class_name=LINK,
                data_testid="switch-to-register",
            ),
            class_name="mt-3 flex justify-between gap-2 flex-wrap",
        ),
        rx.cond(
            SiteState.login_methods["freePlay"],
            rx.el.button(
                t("auth.trial"),
                type="button",
                on_click=AuthState.start_trial,
                class_name=f"{SECONDARY} mt-3",
                data_testid="start-trial",
            ),
        ),
    )


def login_dialog() -> rx.Component:
    return dialog(
        LOGIN_DIALOG,
        login_body(),
        title=rx.cond(AuthState.agent_page, t("auth.agent_title"), t("auth.login_title")),
    )


def _extra_field(spec: rx.Var, optional: bool = False) -> rx.Component:
    name = spec.name
    label = SiteState.texts.get("reg." + name, name).to(str)
    return rx.fragment(
        field(
            name,
            label + t("register.optional_mark") if optional else label,
            kind=spec.type,
            error=RegisterState.errors.get(name, "").to(str),
            max_length=spec.max_length,
        ),
        # The operator's hint, as text; else spec 9's Zalo registration reward hint.
        rx.cond(
            spec.hint != "",
            rx.el.p(
                spec.hint,
                class_name="mb-2 text-xs text-slate-500 dark:text-slate-400",
                data_testid="field-" + name + "-hint",
            ),
            rx.cond(
                name == "zalo",
                rx.el.p(
                    t("reg.zalo.hint"),
                    class_name="mb-2 text-xs text-amber-700 dark:text-amber-300",
                ),
            ),
        ),
    )


def _required_field(spec: rx.Var) -> rx.Component:
    return rx.cond(spec.required, _extra_field(spec))


def _optional_field(spec: rx.Var) -> rx.Component:
    return rx.cond(spec.required, rx.fragment(), _extra_field(spec, optional=True))


def _affiliate_field(*, required: bool) -> rx.Component:
    label = t("auth.affiliate_code")
    return field(
        "affiliateCode",
        label if required else label + t("register.optional_mark"),
        default_value=RegisterState.affiliate_code,
        error=RegisterState.errors.get("affiliateCode", "").to(str),
    )


def _terms_links() -> rx.Component:
    """The terms and the privacy policy the box accepts, each in a new tab (the form stays
    filled in)."""
    return rx.el.p(
        *[
            rx.el.a(
                t(key),
                href=path,
                target="_blank",
                rel="noopener",
                class_name=LINK,
                data_testid=testid,
            )
            for key, path, testid in (
                ("legal.terms", routes.TERMS, "register-terms-link"),
                ("legal.privacy", routes.PRIVACY, "register-privacy-link"),
            )
        ],
        class_name="flex flex-wrap gap-x-4 ml-6 mt-1",
    )


def _optional_fields() -> rx.Component:
    """What the brand does not require, folded away and marked optional (issue 35: a new
    player sees only what is needed); an error in it unfolds it (state/errors.py)."""
    return rx.el.details(
        rx.el.summary(
            t("register.optional_more"),
            class_name=(
                "cursor-pointer select-none py-2 text-sm font-medium text-amber-700 "
                f"dark:text-amber-300 rounded {FOCUS}"
            ),
            data_testid="register-optional-summary",
        ),
        rx.foreach(RegisterState.extra_fields, _optional_field),
        rx.cond(
            RegisterState.show_affiliate_input & RegisterState.methods["direct"],
            _affiliate_field(required=False),
        ),
        rx.cond(RegisterState.limits_offered, _limit_fields()),
        class_name="my-1",
        data_testid="register-optional",
    )


def _cpf_field() -> rx.Component:
    return field(
        "cpf",
        t("register.cpf"),
        error=RegisterState.errors.get("cpf", "").to(str),
        max_length=14,
        input_mode="numeric",
        placeholder="000.000.000-00",
        required=True,
    )


def _limit_fields() -> rx.Component:
    """The member's own limits, asked before the first deposit (Brazil, Portaria 2.579)."""
    return rx.el.fieldset(
        rx.el.legend(t("register.limits.title"), class_name="text-sm font-semibold"),
        rx.el.p(t("register.limits.hint"), class_name="text-xs opacity-75 mb-2"),
        *(
            field(
                name,
                t(f"register.{name}"),
                error=RegisterState.errors.get(name, "").to(str),
                max_length=12,
                input_mode="decimal" if name != "timeLimitDay" else "numeric",
            )
            for name in ("depositLimitDay", "lossLimitDay", "timeLimitDay")
        ),
        class_name="border border-black/10 dark:border-white/15 rounded-lg p-3 my-2",
        data_testid="register-limits",
    )


@rx.memo
def register_body() -> rx.Component:
    """The register dialog's content, compiled once for every page (see components/layout.py)."""
    adult_label = t("auth.adult").replace("{age}", RegisterState.min_age.to_string())
    return rx.fragment(
        popup_banner("w_register"),
        rx.cond(
            RegisterState.methods["username"] & RegisterState.methods["mobile"],
            tabs(
                [("username", t("auth.by_username")), ("mobile", t("auth.by_mobile"))],
                RegisterState.method,
                RegisterState.set_method,
            ),
        ),
        rx.el.form(
            rx.cond(
                RegisterState.method == "mobile",
                _mobile_with_code("register"),
                field(
                    "username",
                    t("auth.username"),
                    autocomplete="username",
                    error=RegisterState.errors.get("username", "").to(str),
                    max_length=16,
                    hint=RegisterState.username_hint,
                ),
            ),
            rx.cond(
                RegisterState.method == "mobile",
                form_error(RegisterState.errors.get("mobileNum", "").to(str)),
            ),
            # MOBILENUMPASSREG3 off: a mobile registration asks no password (SMS code login).
            rx.cond(
                (RegisterState.method != "mobile") | RegisterState.methods["mobilePassword"],
                rx.fragment(
                    field(
                        "password",
                        t("auth.password"),
                        kind="password",
                        autocomplete="new-password",
                        error=RegisterState.errors.get("password", "").to(str),
                    ),
                    field(
                        "confirmPassword",
                        t("auth.confirm_password"),
                        kind="password",
                        autocomplete="new-password",
                        error=RegisterState.errors.get("confirmPassword", "").to(str),
                    ),
                ),
            ),
            rx.foreach(RegisterState.extra_fields, _required_field),
            rx.cond(RegisterState.identity_required, _cpf_field()),
            # Without direct registration an invitation code is required: asked up front.
            rx.cond(
                RegisterState.show_affiliate_input & ~RegisterState.methods["direct"],
                _affiliate_field(required=True),
            ),
            _optional_fields(),
            checkbox("adult", adult_label, RegisterState.errors.get("adult", "").to(str)),
            checkbox(
                "terms",
                t("auth.terms"),
                RegisterState.errors.get("terms", "").to(str),
                after=_terms_links(),
            ),
            _captcha(),  # asked when the visitor's address is busy (shared mobile addresses)
            form_error(RegisterState.error),
            rx.el.button(
                t("auth.submit_register"),
                type="submit",
                disabled=RegisterState.busy,
                class_name=PRIMARY,
                data_testid="register-submit",
            ),
            on_submit=RegisterState.submit,
            class_name="space-y-1",
            data_testid="register-form",
        ),
        rx.el.button(
            t("auth.have_account"),
            " ",
            t("header.login"),
            type="button",
            on_click=AuthState.open_login,
            class_name=f"{LINK} mt-3",
            data_testid="switch-to-login",
        ),
    )


def register_dialog() -> rx.Component:
    return dialog(REGISTER_DIALOG, register_body(), title=t("auth.register_title"))


def forgot_dialog() -> rx.Component:
    by_email = rx.el.form(
        field("username", t("auth.username"), autocomplete="username"),
        field("email", t("auth.email"), kind="email", autocomplete="email"),
        form_error(PasswordState.error),
        notice(PasswordState.notice),
        rx.el.button(t("auth.submit_send"), type="submit", class_name=PRIMARY),
        on_submit=PasswordState.forgot_by_email,
        class_name="space-y-1",
        data_testid="forgot-email-form",
    )
    by_phone = rx.el.form(
        _mobile_with_code("reset"),
        *new_password_fields(),
        form_error(PasswordState.error),
        rx.el.button(t("auth.submit_change"), type="submit", class_name=PRIMARY),
        on_submit=PasswordState.reset_by_phone,
        class_name="space-y-1",
    )
    return dialog(
        FORGOT_DIALOG,
        popup_banner("w_forget"),
        rx.cond(
            SiteState.login_methods["phoneRecovery"],
            tabs(
                [("email", t("auth.by_email")), ("phone", t("auth.by_phone"))],
                PasswordState.forgot_tab,
                PasswordState.set_forgot_tab,
            ),
        ),
        rx.cond(PasswordState.forgot_tab == "phone", by_phone, by_email),
        title=t("auth.forgot_title"),
    )


def change_password_dialog() -> rx.Component:
    return dialog(
        CHANGE_PASSWORD_DIALOG,
        rx.cond(
            AuthState.force_change, rx.el.p(t("auth.forced_change"), class_name="mb-3 text-sm")
        ),
        rx.el.form(
            field(
                "oldPassword",
                t("auth.old_password"),
                kind="password",
                autocomplete="current-password",
                error=PasswordState.errors.get("oldPassword", "").to(str),
            ),
            *new_password_fields(),
            checkbox("keepOthers", t("auth.keep_sessions")),
            form_error(PasswordState.error),
            rx.el.button(
                t("auth.submit_change"),
                type="submit",
                class_name=PRIMARY,
                data_testid="change-password-submit",
            ),
            on_submit=PasswordState.change,
            class_name="space-y-1",
            data_testid="change-password-form",
        ),
        title=t("auth.change_title"),
        show_close=~AuthState.force_change,
    )


def logout_dialog() -> rx.Component:
    return dialog(
        LOGOUT_DIALOG,
        rx.el.p(t("auth.logout_confirm"), class_name="mb-4"),
        rx.el.div(
            rx.el.button(
                t("auth.cancel"),
                type="button",
                on_click=close_dialog(LOGOUT_DIALOG),
                class_name=SECONDARY,
                data_testid="logout-cancel",
            ),
            rx.el.button(
                t("auth.logout"),
                type="button",
                on_click=AuthState.logout,
                class_name=PRIMARY,
                data_testid="logout-confirm",
            ),
            class_name="grid grid-cols-2 gap-3",
        ),
        title=t("auth.logout"),
        show_close=False,
    )


def need_account_dialog() -> rx.Component:
    """Spec 4, the trial user's info dialog (keys in_need_true_account, in_increase_submit)."""
    return dialog(
        NEED_ACCOUNT_DIALOG,
        rx.el.p(t("in_need_true_account"), class_name="mb-4", data_testid="need-account-text"),
        rx.el.div(
            rx.el.button(
                t("header.register"),
                type="button",
                on_click=[close_dialog(NEED_ACCOUNT_DIALOG), RegisterState.open],
                class_name=PRIMARY,
                data_testid="need-account-register",
            ),
            rx.el.button(
                t("auth.in_increase_submit"),
                type="button",
                on_click=close_dialog(NEED_ACCOUNT_DIALOG),
                class_name=SECONDARY,
            ),
            class_name="grid gap-2 sm:grid-cols-2",
        ),
        show_close=False,
    )


def warning_dialog() -> rx.Component:
    return helper_dialog(
        WARNING_DIALOG,
        rx.el.p(AuthState.warning, data_testid="warning-text"),
        refusal_remedy(AuthState.warning, AuthState.warning_link),
    )


def auth_dialogs() -> rx.Component:
    return rx.fragment(
        login_dialog(),
        register_dialog(),
        forgot_dialog(),
        change_password_dialog(),
        logout_dialog(),
        need_account_dialog(),
        warning_dialog(),
    )
