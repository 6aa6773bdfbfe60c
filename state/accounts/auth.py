"""Who the visitor is, for the site: login, logout, session restore, trial, agent access.

The session token lives only on the server side of the state (`_token`): the browser never
holds it, so no script on the page can read it. A login belongs to the browser, not to a
tab: it is bound to the secret of the browser's HttpOnly cookie (app/services/
browser_logins.py), every tab of that browser finds it, and a tab token shown by another
browser finds nothing (app/reconnect.py binds each tab token to its browser).

`current_login` (`current_member_id` for the id alone) is the one way an event learns who the
member is; no member id that an event could set is ever trusted.
"""

from __future__ import annotations

import contextlib
import json
from datetime import datetime
from typing import Any

import reflex as rx

from app import routes
from app.core.errors import AppError
from app.core.i18n import translate
from app.services import browser_logins, gates, pending_secrets
from app.services.accounts import login as login_service
from app.services.accounts import members, sessions, trial, verification
from app.services.accounts.login import LoginResult
from app.services.brands import Brand
from models import Member
from state import follow
from state.dialog import DialogState, open_within
from state.gates import gated, on_member
from state.guard import ARGS, GUEST, BotAnswer, Form, Name, checked, on_refusal
from state.rows import iso_text
from state.site import (
    SiteState,
    current_brand,
    page_visitor,
    picked_dial_code,
    rotate_browser,
)

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    **gates.each(
        "AuthState.",
        "gate open_login open_login_page refresh_captcha require_login require_member "
        "restore set_login_tab",
        gates.SHELL,
    ),
    "AuthState.logout": gates.SESSION_END,
    "AuthState.dismiss_signed_out": gates.VIEW,
    **gates.each("AuthState.", "submit_login finish_login start_trial", gates.ACCOUNT),
}

LOGIN_DIALOG = "login"
REGISTER_DIALOG = "register"
FORGOT_DIALOG = "forgot"
CHANGE_PASSWORD_DIALOG = "change-password"  # noqa: S105 (a dialog name)
LOGOUT_DIALOG = "logout"
NEED_ACCOUNT_DIALOG = "need-account"
WARNING_DIALOG = "warning"
WARNING_MS = 4000  # the warning helper closes by itself (spec 4, dialog helper variant)
REMEMBER_SECONDS = 24 * 3600  # spec 9: remember-me lasts 1 day
SOON_DIALOG = "soon"
# Fields of a login or register form that never stay in page state.
SECRET_FIELDS = frozenset(
    {"password", "confirmPassword", "paymentPassword", "code", "totpCode", "verificationCode"}
)

# What a member reaches through the gate; each name is an action of the site.
GATED_ACTIONS: dict[str, Any] = {
    "soon": lambda: DialogState.open_for(SOON_DIALOG, 2500),
    "deposit": lambda: rx.redirect(routes.DEPOSIT),
}


def solve_then(challenge: dict[str, Any], callback: Any) -> rx.event.EventSpec:
    """Let the browser solve a bot-check challenge, then call `callback` with the answer."""
    return rx.call_script(f"window.appSolveBotCheck({json.dumps(challenge)})", callback=callback)


async def current_login(state: rx.State, *, touch: bool = True) -> sessions.Authenticated:
    """The member logged in on this page's browser; not-logged-in (AppError) otherwise.
    `touch=False` for a page's own timers: they do not keep an idle session alive."""
    auth = await state.get_state(AuthState)
    return await auth._login(touch=touch)


async def current_member(state: rx.State, *, touch: bool = True) -> Member:
    """The member logged in on this page's browser: the one way a member state learns it;
    not-logged-in (AppError) otherwise."""
    return (await current_login(state, touch=touch)).member


async def current_member_id(state: rx.State, *, touch: bool = True) -> int:
    """The id of the member logged in on this page's browser, 0 for a guest: within one event,
    the login its gate read already (app/services/accounts/sessions.py recent_member_id),
    else the login read once (a stale token goes on to the browser's login, as a gate does)."""
    auth = await state.get_state(AuthState)
    if auth._token and auth._browser_secret():
        recent = sessions.recent_member_id(auth._token, touch=touch)
        if recent is not None:
            return recent
    member = await member_or_none(state, touch=touch)
    return 0 if member is None else member.id or 0


async def member_or_none(state: rx.State, *, touch: bool = True) -> Member | None:
    """The member of the event, or None for a guest (a page that shows less to guests)."""
    try:
        return await current_member(state, touch=touch)
    except AppError:
        return None


async def member_id_or_none(state: rx.State) -> int | None:
    """The id of the event's member, or None for a guest (a page that reads by member id)."""
    member = await member_or_none(state)
    return None if member is None else member.id


async def real_member_or_none(state: rx.State) -> Member | None:
    """The member of the event if the account is real; None for a guest or a trial user (a
    page whose figures a trial account has none of)."""
    member = await member_or_none(state)
    return None if member is None or members.roles(member.account_type).is_trial else member


async def browser_client(state: rx.State) -> login_service.Client:
    """Who signs in or registers, for the login services: refused (translated) where the tab
    belongs to no browser, since a login is bound to the browser."""
    auth = await state.get_state(AuthState)
    auth._require_browser()
    return auth._client()


async def after_login(state: rx.State, value: LoginResult) -> list[Any]:
    """A login another page made (registration, a password reset): kept as this browser's
    login, with what follows a login (spec 4)."""
    return await (await state.get_state(AuthState))._after_login(value)


async def challenge_with_captcha(state: rx.State) -> None:
    """Ask for the image captcha on the sign-up form: a busy address (many people behind one
    mobile carrier's) gets a challenge instead of a refusal."""
    auth = await state.get_state(AuthState)
    auth.captcha_required = True
    await auth._new_captcha()


async def launch_token(state: rx.State) -> str | None:
    """The session token a game launch carries: the login of this tab's browser (checked
    against it), None for a guest."""
    auth = await state.get_state(AuthState)
    with contextlib.suppress(AppError):
        await auth._login()
    return auth._token if auth._browser_secret() else None


async def hold_form(form: dict[str, Any]) -> dict[str, Any]:
    """A form to keep across the bot-check round trip: its secrets go to the cache
    (app/services/pending_secrets.py), the page state keeps the rest and a handle."""
    secrets = {k: str(v) for k, v in form.items() if k in SECRET_FIELDS}
    kept = {k: v for k, v in form.items() if k not in SECRET_FIELDS}
    return {**kept, "_secrets": await pending_secrets.hold(secrets)}


async def take_form(pending: dict[str, Any]) -> dict[str, Any]:
    """The held form with its secrets back (once)."""
    kept = {k: v for k, v in pending.items() if k != "_secrets"}
    return {**kept, **await pending_secrets.take(str(pending.get("_secrets", "")))}


# The signed-out notice's kind after the member stopped at the reality check (a break's is its
# own kind): that notice leaves out the line on withdrawals.
STOPPED_PLAYING = "REALITY_STOP"


class AuthState(rx.State):
    _token: str = ""
    # Digest of the browser secret of the browser this tab belongs to (app/reconnect.py).
    _browser: str = ""
    _pending: dict[str, Any] = {}

    is_login: bool = False
    is_agent: bool = False
    has_upline: bool = False  # an agent's upline: the member may transfer up to it
    is_trial: bool = False
    account: str = ""
    member_id: int = 0
    first_time_login: bool = False
    force_change: bool = False

    login_tab: str = "username"
    login_error: str = ""
    login_busy: bool = False
    captcha_required: bool = False
    captcha_id: str = ""
    captcha_image: str = ""
    needs_totp: bool = False
    verify_method: str = ""
    agent_page: bool = False
    warning: str = ""
    warning_link: str = ""  # where the refused member lifts the warning's refusal (state/gates.py)
    # Why this tab was logged out by the member's own break (its kind, its end as ISO, ""
    # when indefinite): the page says so until put away or the next login.
    signed_out_kind: str = ""  # a break's kind, or STOPPED_PLAYING
    signed_out_until: str = ""
    remembered_username: str = rx.Cookie("", name="rememberUsername", max_age=REMEMBER_SECONDS)
    remembered_mobile: str = rx.Cookie("", name="rememberMobile", max_age=REMEMBER_SECONDS)

    # Helpers -------------------------------------------------------------------------------

    async def _context(self) -> tuple[Brand, str]:
        site = await self.get_state(SiteState)
        brand = await current_brand(self)
        return brand, site.ui_lang

    def _client(self) -> login_service.Client:
        return login_service.Client(
            ip=page_visitor(self).ip,
            user_agent=self.router.headers.user_agent[:255],
            device="WEB",
            device_id=self.router.session.client_token,
            device_key=self._browser_secret(),
        )

    def _browser_secret(self) -> str:
        """The secret of the browser this event comes from, if the tab belongs to it."""
        secret = browser_logins.secret_of(self.router.headers.cookie)
        if (
            not secret
            or not self._browser
            or browser_logins.browser_digest(secret) != self._browser
        ):
            return ""
        return secret

    async def _login(self, *, touch: bool = True) -> sessions.Authenticated:
        """The session of this tab's browser: the tab's own token, else the browser's login
        (another tab of the same browser logged in); not-logged-in (AppError) otherwise."""
        secret = self._browser_secret()
        if not secret:
            raise AppError("not-logged-in", status=401)
        if self._token:
            try:
                return await sessions.authenticate(self._token, touch=touch)
            except AppError:
                self._token = ""
        brand = await current_brand(self)
        found = await browser_logins.recall(secret, brand.id, touch=touch)
        if found is None:
            raise AppError("not-logged-in", status=401)
        self._token, login = found
        return login

    def _show(self, member: Any) -> None:
        member_roles = members.roles(member.account_type)
        self.is_login = True
        self.is_agent = member_roles.is_agent
        self.has_upline = member.upline_id is not None
        self.is_trial = member_roles.is_trial
        self.account = member.username
        self.member_id = member.id or 0

    async def _apply(self, value: LoginResult) -> Any:
        """A login or registration succeeded: keep it for this browser's tabs, under the
        fresh secret the browser fetches now (the one it came with is never kept)."""
        self._token = value.token
        login = await sessions.authenticate(self._token)
        brand = await current_brand(self)
        await browser_logins.remember(value.device_key, brand.id, login.session_id, self._token)
        self._show(login.member)
        self.signed_out_kind = self.signed_out_until = ""
        self.first_time_login = value.first_time_login
        self.force_change = value.force_password_change
        return await rotate_browser(value.device_key)

    def _forget_secrets(self) -> None:
        """What must not travel with a copy of the tab (app/reconnect.py)."""
        self._token = ""
        self._pending = {}

    def _clear(self) -> None:
        self._forget_secrets()
        self.is_login = self.is_agent = self.has_upline = self.is_trial = False
        self.account = ""
        self.member_id = 0
        self.force_change = False

    def _reset_login_form(self) -> None:
        self.login_error = ""
        self.login_busy = False
        self.captcha_required = False
        self.captcha_id = self.captcha_image = ""
        self.needs_totp = False
        self.verify_method = ""
        self._pending = {}

    async def _new_captcha(self) -> None:
        try:
            fresh = await verification.new_captcha(self._client().ip)
        except AppError:
            return  # refreshed within the last second: keep the current image
        self.captcha_id = fresh.captcha_id
        self.captcha_image = f"data:image/png;base64,{fresh.image_base64}"

    def _require_browser(self) -> None:
        """A login is bound to the browser: refused (translated) where the tab has none."""
        if not self._browser_secret():
            raise AppError("browser-cookie-required", status=400)

    async def _after_login(self, value: LoginResult) -> list[Any]:
        """Spec 4: close the popup; force the password change; agents go to /agentHome."""
        rotation = await self._apply(value)

        events: list[Any] = [
            rotation,
            DialogState.close(LOGIN_DIALOG),
            DialogState.close(REGISTER_DIALOG),
            *follow.AFTER_LOGIN,
        ]
        if self.force_change:
            events.append(DialogState.open(CHANGE_PASSWORD_DIALOG))
        elif self.agent_page and self.is_agent:
            events.append(rx.redirect(routes.AGENT_HOME))
        return events

    # Page loads ----------------------------------------------------------------------------

    @rx.event
    async def restore(self) -> None:
        """A stored session comes back on reload; an ended one logs the page out."""
        self.agent_page = self.router.url.path.rstrip("/") == routes.AGENT_HOME
        try:
            login = await self._login()
        except AppError:
            self._clear()
            return
        self._show(login.member)

    @rx.event
    async def require_login(self) -> Any:
        """Protected pages: a missing or ended session goes to /login (spec 2)."""
        await self.restore()
        if not self.is_login:
            return rx.redirect(routes.LOGIN)
        return None

    @rx.event
    async def require_member(self) -> Any:
        """Member-centre pages: guests go to /login; trial users get the register-first
        dialog over the page (spec 4) instead of an empty member page."""
        redirect = await self.require_login()
        if redirect is None and self.is_trial:
            return DialogState.open(NEED_ACCOUNT_DIALOG)
        return redirect

    @rx.event
    async def open_login_page(self) -> Any:
        self._reset_login_form()
        return DialogState.open(LOGIN_DIALOG) if not self.is_login else rx.redirect(routes.HOME)

    # Login ---------------------------------------------------------------------------------

    @rx.event
    @checked
    def set_login_tab(self, tab: Name) -> None:
        self.login_tab = tab if tab in ("username", "sms") else "username"
        self.login_error = ""

    @rx.event
    async def open_login(self) -> Any:
        self._reset_login_form()
        return [DialogState.close(REGISTER_DIALOG), DialogState.open(LOGIN_DIALOG)]

    @rx.event
    async def refresh_captcha(self) -> None:
        await self._new_captcha()

    @rx.event
    @gated
    @checked
    async def submit_login(self, form: Form) -> Any:
        """Check the form, then let the browser solve the bot check (username logins)."""
        _, lang = await self._context()
        sms = form.get("type", self.login_tab) == "sms"
        if sms:
            if not str(form.get("mobileNum", "")).strip() or not str(form.get("code", "")).strip():
                self.login_error = translate("val_verification_code", lang)
                return None
        elif not str(form.get("username", "")).strip() or not form.get("password"):
            self.login_error = translate("val_username_password_required", lang)
            if form.get("source") == "header":
                self.warning, self.warning_link = translate("in_incorrect_password", lang), ""
                return DialogState.open_for(WARNING_DIALOG, WARNING_MS)
            return None
        # Each form says where it was sent from (the header's carries source=header): a
        # failure in the popup after one in the header is the popup's, shown in the popup.
        kept = {k: v for k, v in self._pending.items() if k not in ("_secrets", "source")}
        self._pending = await hold_form({**kept, **form})
        self.login_busy = True
        self.login_error = ""
        if sms:
            return await self.finish_login("")
        return solve_then(verification.new_pow_challenge(), AuthState.finish_login)

    @rx.event
    @gated
    @checked
    async def finish_login(self, bot_check: BotAnswer) -> Any:
        brand, lang = await self._context()
        form = await take_form(self._pending)
        self._pending = {k: v for k, v in self._pending.items() if k != "_secrets"}
        sms = form.get("type", self.login_tab) == "sms"
        request = login_service.LoginRequest(
            login_type="sms" if sms else "username",
            username=str(form.get("username", "")).strip(),
            password=str(form.get("code" if sms else "password", "")),
            mobile=str(form.get("mobileNum", "")),
            country_code=await picked_dial_code(self, brand),
            captcha_id=self.captcha_id or None,
            captcha=str(form.get("captcha", "")) or None,
            bot_check=bot_check or None,
            totp_code=str(form.get("totpCode", "")) or None,
            verification_code=str(form.get("verificationCode", "")) or None,
            payee_name=str(form.get("payeeName", "")) or None,
            agent_login=self.agent_page,
        )
        try:
            self._require_browser()
            value = await login_service.login(brand, request, self._client())
        except AppError as exc:
            self.login_busy = False
            return await self._login_failed(exc, lang, form.get("source") == "header")
        self._remember(form, request)
        self._reset_login_form()
        return await self._after_login(value)

    def _remember(self, form: dict[str, Any], request: login_service.LoginRequest) -> None:
        if form.get("remember") in ("on", True, "true"):
            self.remembered_username = request.username
            self.remembered_mobile = request.mobile
        else:
            self.remembered_username = ""
            self.remembered_mobile = ""

    async def _login_failed(self, exc: AppError, lang: str, from_header: bool) -> Any:
        value = exc.value if isinstance(exc.value, dict) else {}
        self.login_error = translate(exc.code, lang, **exc.params)
        if value.get("captcha") or exc.code == "captcha-check-failed":
            self.captcha_required = True
            await self._new_captcha()
        if value.get("totp"):
            self.needs_totp = True
        if value.get("verification"):
            self.verify_method = str(value.get("method", ""))
        if from_header:
            self.warning, self.warning_link = self.login_error, ""
            await open_within(self, LOGIN_DIALOG)
            return DialogState.open_for(WARNING_DIALOG, WARNING_MS)
        return None

    # Trial, logout -------------------------------------------------------------------------

    @rx.event
    @gated
    async def start_trial(self) -> Any:
        brand, lang = await self._context()
        try:
            self._require_browser()
            value = await trial.start_trial(brand, self._client())
        except AppError as exc:
            self.login_error = translate(exc.code, lang)
            return None
        return await self._after_login(value)

    async def _end(self) -> None:
        with contextlib.suppress(AppError):
            await self._login()  # the browser's session, when another tab logged in
        if self._token:
            await sessions.logout(self._token)
        secret = self._browser_secret()
        if secret:
            await browser_logins.forget(secret, (await current_brand(self)).id)
        self._clear()

    @rx.event
    async def logout(self) -> Any:
        """Spec 4, logout confirmed: end the session and go home, replacing history."""
        await self._end()
        return [DialogState.close(LOGOUT_DIALOG), rx.redirect(routes.HOME, replace=True)]

    async def _signed_out_by_own_choice(self, kind: str, until: datetime | None) -> Any:
        """The member's own break, or their stop at the reality check, ended every session:
        this tab logs out too and says why and until when (called by the protection page's
        and the reality check's handlers)."""
        await self._end()
        self.signed_out_kind = kind
        self.signed_out_until = iso_text(until)
        return rx.redirect(routes.HOME, replace=True)

    @rx.event
    def dismiss_signed_out(self) -> None:
        self.signed_out_kind = self.signed_out_until = ""

    @rx.event
    @checked
    def gate(self, then: Name) -> Any:
        """The login gate (spec 4): guests get the login popup, trial users the info dialog,
        members the action named `then`."""
        refused = self._account_refusal()
        if refused is not None:
            return refused
        action = GATED_ACTIONS.get(then)
        return action() if action is not None else None

    def _account_refusal(self) -> Any:
        """The login popup for a guest, the register-first dialog for a trial user; None for
        a member with a real account."""
        if not self.is_login:
            return AuthState.open_login
        if self.is_trial:
            return DialogState.open(NEED_ACCOUNT_DIALOG)
        return None


async def account_gate(state: rx.State) -> Any:
    """An action for real accounts only: the login popup for a guest, the register-first
    dialog for a trial user; None lets a real member on."""
    return (await state.get_state(AuthState))._account_refusal()


async def real_member_gate(state: rx.State, then: str) -> Any:
    """A page part for real accounts only: the login gate (`AuthState.gate`) for a guest or
    a trial user; None lets a real member on."""
    auth = await state.get_state(AuthState)
    return AuthState.gate(then) if not auth.is_login or auth.is_trial else None


async def trial_gate(state: rx.State, then: str) -> Any:
    """A member page a trial account has nothing on: the login gate for a trial user; None
    for a guest (the page shows its empty state) or a real member."""
    auth = await state.get_state(AuthState)
    return AuthState.gate(then) if auth.is_login and auth.is_trial else None


async def _show_refusal(state: Any, code: str, **params: Any) -> Any:
    """A refused call (state/guard.py, state/gates.py) shows the translated warning popup."""
    site = await state.get_state(SiteState)
    auth = await state.get_state(AuthState)
    auth.warning = translate(code, site.ui_lang, **params)
    auth.warning_link = routes.remedy(code)
    return DialogState.open_for(WARNING_DIALOG, WARNING_MS)


on_refusal(_show_refusal)
on_member(member_or_none)


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "AuthState.restore": "login from current_login, else logged out",
    "AuthState.require_login": "restore; no login: redirect to /login",
    "AuthState.require_member": "require_login; trial: the register-first dialog",
    "AuthState.open_login_page": GUEST,
    "AuthState.open_login": GUEST,
    "AuthState.set_login_tab": f"{ARGS}; one of two tabs",
    "AuthState.refresh_captcha": "captcha for this address (rate limited)",
    "AuthState.submit_login": f"{ARGS}; secrets held sealed in the cache",
    "AuthState.finish_login": f"{ARGS}; login service, bound to the browser",
    "AuthState.start_trial": "trial service (per address limit), browser bound",
    "AuthState.logout": "ends this browser's session and its binding",
    "AuthState.dismiss_signed_out": "this tab's own notice",
    "AuthState.gate": f"{ARGS}; only the listed gated actions",
}
