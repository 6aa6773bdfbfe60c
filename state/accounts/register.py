"""The register popup: fields from the brand's register settings, field errors, affiliate
code from the URL, mobile registration with an SMS code (spec 4, Register)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import reflex as rx

from app import routes
from app.core.errors import AppError
from app.core.i18n import translate
from app.services import gates, site
from app.services.accounts import registration, verification
from app.services.jurisdiction import profile_of
from state.accounts.auth import (
    REGISTER_DIALOG,
    WARNING_DIALOG,
    WARNING_MS,
    AuthState,
    after_login,
    browser_client,
    challenge_with_captcha,
    hold_form,
    solve_then,
    take_form,
)
from state.dialog import DialogState
from state.gates import gated
from state.guard import ARGS, GUEST, BotAnswer, Form, Name, checked
from state.member_page import MemberPage, member_action
from state.site import SiteState, current_brand, picked_dial_code, ui_lang

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    **gates.each("RegisterState.", "open open_page set_method", gates.SHELL),
    **gates.each("RegisterState.", "submit finish", gates.ACCOUNT),
}

REGISTER_FORM = "register-form"
# Fields the popup asks in its own places (or never shows as inputs).
SPECIAL_FIELDS = {
    "username",
    "password",
    "confirmPassword",
    "mobileNum",
    "captcha",
    "affiliateCode",
}
INPUT_TYPES = {
    "email": "email",
    "birthday": "date",
    "paymentPassword": "password",
    "mobileNum": "tel",
    "whatsapp": "tel",
}


@dataclass
class ExtraField:
    """A field of the brand's register settings the popup shows as a plain input."""

    name: str = ""
    type: str = "text"  # the input's HTML type
    max_length: int = 120
    required: bool = False  # optional fields are folded away and marked so
    hint: str = ""  # the operator's words under the field ("": the site's own, if any)


class RegisterState(MemberPage, rx.State):
    _pending: dict[str, Any] = {}
    method: str = "username"
    extra_fields: list[ExtraField] = []
    methods: dict[str, bool] = {}
    min_age: int = 18
    errors: dict[str, str] = {}
    error: str = ""
    busy: bool = False
    affiliate_code: str = ""
    affiliate_valid: bool = False
    show_affiliate_input: bool = True
    referral_code: str = ""
    # Brazil (the brand's jurisdiction profile): a CPF, and the member's own limits.
    identity_required: bool = False
    limits_offered: bool = False
    username_hint: str = ""  # the username rule, shown before a failure
    mobile_hint: str = ""  # the operator's words under the mobile number ("": none)

    async def _load(self) -> None:
        brand = await current_brand(self)
        rules = profile_of(brand)
        lang = await ui_lang(self)
        self.username_hint = registration.username_hint(brand, lang)
        self.identity_required = rules.identity_verification
        self.limits_offered = rules.limits_at_registration
        settings = site.register_settings(brand)
        self.methods = settings.methods
        self.min_age = settings.min_age
        self.mobile_hint = next(
            (f.hint or "" for f in settings.fields if f.field_name == "mobileNum"), ""
        )
        self.extra_fields = [
            ExtraField(
                name=f.field_name,
                type=INPUT_TYPES.get(f.field_name, "text"),
                max_length=f.max_length or 120,
                required=f.required,
                hint=f.hint or "",
            )
            for f in settings.fields
            if f.enabled and f.field_name not in SPECIAL_FIELDS
        ]
        if not self.methods.get("username") and self.methods.get("mobile"):
            self.method = "mobile"

    @rx.event
    async def open(self) -> Any:
        await self._load()
        self.errors = {}
        self.error = ""
        return [DialogState.close("login"), DialogState.open(REGISTER_DIALOG)]

    @rx.event
    async def open_page(self) -> Any:
        """/register (and links with ?affiliateCode=…): check the code on mount (spec 4). A
        member already logged in has nothing to register: home (a trial user may register)."""
        auth = await self.get_state(AuthState)
        if auth.is_login and not auth.is_trial:
            return rx.redirect(routes.HOME)
        params = self.router.url.query_parameters
        self.referral_code = params.get("referralCode", "")[:32]
        code = params.get("affiliateCode", "") or params.get("code", "")
        self.affiliate_code = code[:32]
        self.affiliate_valid = False
        self.show_affiliate_input = True
        events: list[Any] = []
        if code:
            site_state = await self.get_state(SiteState)
            brand = await current_brand(self)
            try:
                self.affiliate_valid = await registration.check_affiliate(brand, code) is not None
                self.show_affiliate_input = not self.affiliate_valid
            except AppError:
                auth.warning = translate("invitation_code_error", site_state.ui_lang)
                events.append(DialogState.open_for(WARNING_DIALOG, WARNING_MS))
        return [*events, RegisterState.open]

    @rx.event
    @checked
    def set_method(self, method: Name) -> None:
        self.method = method if method in ("username", "mobile") else "username"
        self.errors = {}

    @rx.event
    @gated
    @checked
    async def submit(self, form: Form) -> Any:
        self._pending = await hold_form(form)
        self.busy = True
        self.error = ""
        if self.method == "mobile":
            return RegisterState.finish("")
        return solve_then(verification.new_pow_challenge(), RegisterState.finish)

    @rx.event
    @gated
    @checked
    @member_action(at=REGISTER_FORM)
    async def finish(self, bot_check: BotAnswer) -> Any:
        site_state = await self.get_state(SiteState)
        brand = await current_brand(self)
        form = {k: str(v) for k, v in (await take_form(self._pending)).items()}
        self._pending = {}
        affiliate = form.pop("affiliateCode", "") or (
            self.affiliate_code if self.affiliate_valid else ""
        )
        auth = await self.get_state(AuthState)
        captcha = form.pop("captcha", "")
        request = registration.RegisterRequest(
            fields={k: v for k, v in form.items() if k not in ("adult", "terms", "code")},
            method=self.method,
            country_code=await picked_dial_code(self, brand),
            verification_code=form.get("code") or None,
            bot_check=bot_check or None,
            affiliate_code=affiliate or None,
            referral_code=self.referral_code or None,
            language=site_state.lang or None,
            adult_confirmed=form.get("adult") == "on",
            terms_accepted=form.get("terms") == "on",
            captcha_id=auth.captcha_id or None,
            captcha=captcha or None,
        )
        self.busy = False
        try:
            value = await registration.register(brand, request, await browser_client(self))
        except AppError as exc:
            if isinstance(exc.value, dict) and exc.value.get("captcha"):
                await challenge_with_captcha(self)
            raise  # shown beside the form (member_action)
        self.errors = {}
        events = await after_login(self, value)
        # Brazil: the new account is pending until its identity is verified: that page next.
        landing = routes.VERIFY_IDENTITY if self.identity_required else "/"
        return [*events, rx.redirect(landing)]


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "RegisterState.open": GUEST,
    "RegisterState.open_page": "affiliate code of the address, 32 chars",
    "RegisterState.set_method": ARGS,
    "RegisterState.submit": f"{ARGS}; secrets held sealed in the cache",
    "RegisterState.finish": f"{ARGS}; registration service, browser bound",
}
