"""Site-wide state: brand, language, full-page status and the shell's links."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import reflex as rx

from app.core.config import get_settings
from app.core.errors import AppError
from app.core.i18n import LANGUAGE_NAMES, catalog, has_key, ui_language
from app.core.i18n.formatting import country_name
from app.core.visitor import Visitor, visitor
from app.services import browser_logins, demo_brands, gates, operator_identity, site
from app.services.accounts import verification
from app.services.brands import Brand, brands
from app.services.browser_logins import ROTATE_PATH
from app.services.content import app_download
from app.services.jurisdiction import profile_of
from state import follow
from state.guard import ARGS, GUEST, Name, checked
from state.lean import Lean
from state.rows import iso_text
from state.ui import close_floats

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    **gates.each("SiteState.", "load_site set_dial_code set_language", gates.SHELL),
}

_DEFAULT_UI_LANGUAGE = "pt"


async def current_brand(state: rx.State) -> Brand:
    """The brand of the page: the one `load_site` settled on, else the request's domain."""
    site = await state.get_state(SiteState)
    return await brands.for_request(site.merchant or None, state.router.headers.host)


async def amount_digits(state: rx.State) -> int:
    """The minor digits the page's brand shows its amounts with (none in dong)."""
    return (await current_brand(state)).amount_digits


async def current_path(state: rx.State) -> str:
    """The path of the tab's page as its last page load saw it (a background task's own
    router keeps the page it started on)."""
    return (await state.get_state(SiteState)).loaded_path


async def ui_lang(state: rx.State) -> str:
    """The language the page is shown in: the one way a state reads it."""
    return (await state.get_state(SiteState)).ui_lang


def browser_secret(state: rx.State) -> str | None:
    """The secret of the browser this event comes from (its HttpOnly cookie)."""
    return browser_logins.secret_of(state.router.headers.cookie)


async def rotate_browser(new_secret: str, then: str = "") -> Any:
    """After a login: the browser fetches the login's fresh secret as its HttpOnly cookie
    (app/front_door.py `ROTATE_PATH`, a one-time ticket), so the cookie it came with (maybe
    planted) holds nothing. `then`: a page to load afresh once it has it."""
    ticket = await browser_logins.rotation_ticket(new_secret)
    after = f".then(() => window.location.assign({json.dumps(then)}))" if then else ""
    return rx.call_script(
        f"fetch({json.dumps(ROTATE_PATH)}, {{method: 'POST', body: {json.dumps(ticket)}, "
        f"credentials: 'same-origin'}}){after}"
    )


def page_visitor(state: rx.State) -> Visitor:
    """The visitor of the page, by the same rule as the API's (trusted proxy hops)."""
    return visitor(state.router.session.client_ip or None, state.router.headers.raw_headers.get)


@dataclass
class LinkRow:
    """A social or follow link of the shell."""

    kind: str = ""
    url: str = ""
    label: str = ""
    new_tab: bool = True


@dataclass
class ServiceRow:
    """A customer-service channel: its type names it (translated); of two channels of one
    type, the operator's `label` (else `number`) tells them apart; `position` is the brand's
    raw id (kept for tests, never shown)."""

    kind: str = ""
    number: str = ""
    position: str = ""
    url: str = ""
    label: str = ""


def _service_rows(brand: Brand) -> list[ServiceRow]:
    links = site.customer_services(brand)
    counts: dict[str, int] = {}
    for link in links:
        counts[link.cs_type] = counts.get(link.cs_type, 0) + 1
    seen: dict[str, int] = {}
    rows = []
    for link in links:
        seen[link.cs_type] = seen.get(link.cs_type, 0) + 1
        # Two channels of one type: the operator's labels tell them apart where it gave them
        # ("Telegram", "Telegram VIP"), else a number; one alone: its type, translated.
        twins = counts[link.cs_type] > 1
        number = f" {seen[link.cs_type]}" if twins else ""
        label = link.label if twins else ""
        rows.append(ServiceRow(link.cs_type, number, link.cs_position, link.url, label))
    return rows


@dataclass
class DiallingOption:
    region: str = ""  # ISO 3166
    code: str = ""  # digits, no "+"


@dataclass
class DiallingChoice:
    """A dialling code as the phone fields offer it: "+55 Brasil"."""

    code: str = ""
    label: str = ""


@dataclass
class LanguageOption:
    code: str = ""
    name: str = ""


async def picked_dial_code(state: rx.State, brand: Brand) -> str:
    """The dialling code the tab's phone fields send (the picked one, else the market's)."""
    site_state = await state.get_state(SiteState)
    return verification.picked_code(brand, site_state.dial_code)


@dataclass
class DemoBrandRow:
    """One of the demo's brands on the home page: where it opens, what it shows."""

    code: str = ""
    name: str = ""
    address: str = ""
    current: bool = False
    note_key: str = ""  # catalog key of what the brand shows ("" for a brand without one)


def _demo_brand_rows(every: list[Brand], current: str, host: str | None) -> list[DemoBrandRow]:
    return [
        DemoBrandRow(
            found.code,
            found.name,
            found.address,
            found.current,
            note if has_key(note := f"demo.brand.{found.code}") else "",
        )
        for found in demo_brands.demo_brands(every, current, host)
    ]


class SiteState(Lean, rx.State):
    """Loaded on every page: which brand this domain serves, its status and language."""

    lang: str = rx.LocalStorage("", name="lang")
    his_lang: str = rx.LocalStorage("", name="hisLang")
    merchant: str = ""
    brand_name: str = ""
    # The page this tab loaded last (current_path), on the page frame as data-loaded: a move
    # to another page inside the app is done once it names that page and the frame is no
    # longer busy (the browser walks wait for both).
    loaded_path: str = ""
    # The brand's Google Analytics measurement id: /analytics.js loads gtag only when set.
    gtag_id: str = ""
    languages: list[LanguageOption] = []
    status: int = 0
    visitor_ip: str = ""
    maintenance_end_iso: str = ""
    maintenance_message: str = ""
    customer_services: list[ServiceRow] = []
    socials: list[LinkRow] = []
    follows: list[LinkRow] = []
    payment_icons: list[str] = []
    android_url: str = ""
    ios_url: str = ""
    min_age: int = 18
    copyright: str = ""
    # Who runs the site (footer): legal name, CNPJ as printed, licence; "" when not set.
    operator_name: str = ""
    operator_cnpj: str = ""
    licence: str = ""
    licensed_domain: str = ""  # the host the licence names (Brazil: under .bet.br)
    jurisdiction: str = ""
    # The market asks a verified identity (a CPF in Brazil) before money moves or play starts.
    identity_required: bool = False
    # The market allows bets on animal fights (cockfight): jurisdiction.Profile.animal_fights.
    animal_fights: bool = True
    # The demo parts run (Settings.demo_parts): what the footer states is labelled as examples.
    demo: bool = False
    demo_brands: list[DemoBrandRow] = []  # while the demo parts run: the brands side by side
    language_error: str = ""
    login_methods: dict[str, bool] = {}
    # Merchant wallet isSingle (spec 3): no transfer wallets, so the wallet page is hidden.
    single_wallet: bool = False
    # The phone fields' dialling codes (the market's first) and the one picked ("": the first).
    dialling: list[DiallingOption] = []
    dial_code: str = ""
    # The minor digits the brand's amounts show: amounts formatted in the browser use them.
    amount_digits: int = 2
    currency_symbol: str = ""  # ... and the symbol before them (R$)

    @rx.var
    def ui_lang(self) -> str:
        return ui_language(self.lang) if self.lang else _DEFAULT_UI_LANGUAGE

    @rx.var
    def texts(self) -> dict[str, str]:
        """The visible strings in the current language (the catalog, one language)."""
        return catalog()[self.ui_lang]

    @rx.var
    def licence_words(self) -> str:
        """The licence in words, in the reader's language ("" when the brand has none)."""
        if not self.licence:
            return ""
        key = "footer.licence.BR" if self.jurisdiction == "BR" else "footer.licence.other"
        return self.texts[key].format(licence=self.licence)

    @rx.var
    def age_notice(self) -> str:
        return self.texts["footer.age_notice"].format(age=self.min_age)

    @rx.var
    def dialling_options(self) -> list[DiallingChoice]:
        """Each code with its country's name in the reader's language: "+55 Brasil"."""
        return [
            DiallingChoice(
                option.code, f"+{option.code} {country_name(option.region, self.ui_lang)}"
            )
            for option in self.dialling
        ]

    @rx.var
    def dial_shown(self) -> str:
        return self.dial_code or (self.dialling[0].code if self.dialling else "")

    @rx.var
    def locale_tag(self) -> str:
        return "pt-BR" if self.ui_lang == "pt" else "en-US"

    @rx.event
    async def load_site(self) -> None:
        """Resolve the brand from the host, check the system status, settle the language."""
        self.loaded_path = self.router.url.path.rstrip("/") or "/"
        await close_floats(self)  # a new page: nothing floats over it
        brand = await brands.for_request(None, self.router.headers.host)
        seen = page_visitor(self)
        status = site.system_status(brand, seen.ip, seen.country)
        chosen = brand.fallback_language(self.lang)
        if self.lang != chosen or self.his_lang != chosen:
            self.lang = chosen
            self.his_lang = chosen
        downloads = app_download.downloads(brand)
        self.merchant = brand.code
        self.brand_name = brand.name
        self.amount_digits = brand.amount_digits
        self.currency_symbol = brand.currency_symbol
        self.gtag_id = brand.analytics_id
        self.languages = [
            LanguageOption(code, LANGUAGE_NAMES.get(code, code))
            for code in brand.supported_languages
        ]
        self.status = status.status
        self.visitor_ip = status.ip
        self.maintenance_end_iso = iso_text(status.maintenance_end_at)
        self.maintenance_message = status.maintenance_message or ""
        self.customer_services = _service_rows(brand)
        self.socials = [
            LinkRow(s.kind, s.url, s.label, s.new_tab) for s in site.social_links(brand)
        ]
        self.follows = [
            LinkRow(s.kind, s.url, s.label, s.new_tab) for s in site.follow_links(brand)
        ]
        self.payment_icons = site.payment_icons(brand)
        self.android_url = downloads.android_package
        self.ios_url = downloads.ios_profile
        self.login_methods = site.login_methods(brand)
        self.single_wallet = brand.single_wallet
        self.min_age = brand.min_age
        self.copyright = brand.copyright
        operator = operator_identity.of(brand)
        self.operator_name, self.operator_cnpj, self.licence = (
            operator.name,
            operator.cnpj,
            operator.licence,
        )
        self.licensed_domain = operator.domain
        self.jurisdiction = brand.jurisdiction
        market = profile_of(brand)
        self.identity_required = market.identity_verification
        self.animal_fights = market.animal_fights
        self.demo = bool(get_settings().demo_parts())
        self.demo_brands = (
            _demo_brand_rows(await brands.all(), brand.code, self.router.headers.host)
            if self.demo
            else []
        )
        self.dialling = [
            DiallingOption(found.region, found.code) for found in verification.dialling_codes(brand)
        ]

    @rx.event
    @checked
    def set_dial_code(self, code: Name) -> None:
        """The phone fields' dialling code; one not listed falls back to the market's."""
        self.dial_code = code if code in verification.DIALLING_CODES.values() else ""

    @rx.event
    @checked
    async def set_language(self, code: Name) -> Any:
        """Spec 4 language change: validate for the brand, store under lang and hisLang."""
        brand = await brands.for_request(self.merchant or None, self.router.headers.host)
        try:
            chosen = await site.update_language(brand, code)
        except AppError as exc:
            self.language_error = exc.code
            return None
        self.language_error = ""
        self.lang = chosen
        self.his_lang = chosen
        return list(follow.AFTER_LANGUAGE)


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "SiteState.load_site": GUEST,
    "SiteState.set_language": f"{ARGS}; the brand's languages",
    "SiteState.set_dial_code": f"{ARGS}; a listed dialling code, else the market's",
}
