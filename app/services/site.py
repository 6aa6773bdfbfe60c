"""What the site shell and the system calls show: status, permissions, brand configuration."""

from __future__ import annotations

import html
import ipaddress
import re
from dataclasses import dataclass
from datetime import datetime

from sqlmodel import select

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.html import safe_link, sanitize_html
from app.core.text import fold_name
from app.services.brands import Brand, ModuleNode
from app.services.validation import PASSWORD_RULE, normalize_accepted_pattern
from models import DomainRoute, HelpArticle, Member, RegisterField, SiteResource

STATUS_NORMAL = 0
STATUS_MAINTENANCE = 1
STATUS_REGION_BLOCKED = 2
# Register fields that follow the one password rule rather than their stored config.
PASSWORD_FIELDS = frozenset({"password", "confirmPassword"})

# Spec 6 module switches (white-label tree ids).
MOBILE_REGISTRATION = "MOBILENUMREG3"
SMS_VERIFICATION_ON_REGISTER = "REGMOBVERF3"
MOBILE_PASSWORD_ON_REGISTER = "MOBILENUMPASSREG3"  # noqa: S105 (a module id)
FREE_PLAY = "FREEPLAY3"
FORCED_PASSWORD_CHANGE = "PWDEXPFORCECHANGE3"  # noqa: S105 (a module id)
MOBILE_CODE_LOGIN = "MOBILEVERCODELOGIN3"
USERNAME_LOGIN = "USERNAMELOGIN3"
USERNAME_REGISTRATION = "USERNAMEREG3"
DIRECT_REGISTER = "DIRECTREG3"
PHONE_PASSWORD_RECOVERY = "PHONEPWDRECOVERY3"  # noqa: S105 (a module id)
GOOGLE_SIGN_IN = "GOOGLESIGNIN3"
FACEBOOK_SIGN_IN = "FACEBOOKSIGNIN3"
# Spec 9's modules that calls belong to (the roots of the white-label tree above).
COMMON_MODULE = "COMM3"
REGISTRATION_MODULE = "REG3"
LOGIN_AND_PASSWORD_MODULE = "PASS3"  # noqa: S105 (a module id)
POINTS_MODULE = "PTSYS3"
GAME_LOBBY_MODULE = "GAMELO3"


@dataclass(frozen=True)
class SystemStatus:
    status: int
    maintenance: bool
    region_restricted: bool
    maintenance_end_at: datetime | None
    maintenance_message: str | None
    ip: str


def _in_blocked_network(brand: Brand, ip: str) -> bool:
    if not brand.blocked_networks:
        return False
    try:
        address = ipaddress.ip_address(ip)
    except ValueError:
        return False
    for network in brand.blocked_networks:
        try:
            if address in ipaddress.ip_network(network, strict=False):
                return True
        except ValueError:
            continue
    return False


def region_restricted(brand: Brand, ip: str, country: str | None) -> bool:
    blocked_country = country is not None and country.upper() in brand.blocked_countries
    return blocked_country or _in_blocked_network(brand, ip)


def system_status(brand: Brand, ip: str, country: str | None = None) -> SystemStatus:
    """Spec 4: maintenance gives 1, else region restriction gives 2, else 0."""
    restricted = region_restricted(brand, ip, country)
    if brand.maintenance:
        status = STATUS_MAINTENANCE
    elif restricted:
        status = STATUS_REGION_BLOCKED
    else:
        status = STATUS_NORMAL
    return SystemStatus(
        status=status,
        maintenance=brand.maintenance,
        region_restricted=restricted,
        maintenance_end_at=brand.maintenance_end_at,
        maintenance_message=brand.maintenance_message,
        ip=ip,
    )


def enforce_open(brand: Brand, ip: str, country: str | None, *, money: bool) -> None:
    """The server side of the status pages for a door outside the gate table's two door
    kinds (the studio's game session: app/api/studio/games.py); API routes and site handlers pass
    the same gates through app/services/gates.py. A blocked address or country is refused
    (access-restricted); during maintenance money calls answer system-maintenance.
    """
    if region_restricted(brand, ip, country):
        raise AppError("access-restricted", status=403)
    if money and brand.maintenance:
        raise AppError("system-maintenance", status=503)


def enforce_module(brand: Brand, mod_id: str) -> None:
    """A call belongs to a module of the brand's white-label tree (spec 9): with the module
    (or a module above it) switched off, the call is refused as the switched-off feature."""
    if not brand.module_on(mod_id):
        raise AppError("operation-not-allowed", status=403)


@dataclass(frozen=True)
class RegisterSettings:
    fields: tuple[RegisterField, ...]  # copies with '*' patterns as '.*' (spec 3)
    methods: dict[str, bool]
    min_age: int


@dataclass(frozen=True)
class Resource:
    resource_type: str
    label_name_en: str
    url: str
    open_new_tab: bool


@dataclass(frozen=True)
class CustomerServiceLink:
    cs_type: str
    cs_position: str
    label: str
    url: str


@dataclass(frozen=True)
class HelpEntry:
    id: int | None
    category: str
    title: str
    content: str  # sanitised HTML


@dataclass(frozen=True)
class SocialLink:
    kind: str
    url: str
    label: str  # the resource's labelNameEn (its kind when it has none): the icon's name
    new_tab: bool  # the resource's choice of a new tab or the same one


@dataclass(frozen=True)
class AppLinks:
    android: str
    ios: str


def whitelabel_tree(brand: Brand) -> list[ModuleNode]:
    return list(brand.module_tree())


def domain_routes(brand: Brand) -> list[DomainRoute]:
    return list(brand.domains)


def mobile_password_asked(brand: Brand) -> bool:
    """Does a registration by mobile ask a password? With MOBILENUMPASSREG3 on, yes; off, the
    member logs in with SMS codes instead, so only where code login is on (else it asks)."""
    return brand.module_on(MOBILE_PASSWORD_ON_REGISTER) or not brand.module_on(MOBILE_CODE_LOGIN)


def register_settings(brand: Brand) -> RegisterSettings:
    """Spec 3: per-field validation config; an acceptedPattern of '*' is sent as '.*'.

    The password fields publish the one password rule the server applies (NIST: a length,
    no composition), whatever the brand's stored config says."""
    fields = tuple(_published_field(f) for f in brand.register_fields)
    return RegisterSettings(fields, registration_methods(brand), brand.min_age)


def _published_field(field: RegisterField) -> RegisterField:
    if field.field_name in PASSWORD_FIELDS:
        return field.model_copy(
            update={
                "enabled": True,
                "required": True,
                "min_length": PASSWORD_RULE.min_length,
                "max_length": PASSWORD_RULE.max_length,
                "pattern_id": PASSWORD_RULE.pattern_id,
                "accepted_pattern": ".*",
            }
        )
    return field.model_copy(
        update={"accepted_pattern": normalize_accepted_pattern(field.accepted_pattern)}
    )


def registration_methods(brand: Brand) -> dict[str, bool]:
    return {
        "username": brand.module_on(USERNAME_REGISTRATION),
        "mobile": brand.module_on(MOBILE_REGISTRATION),
        "smsVerification": brand.module_on(SMS_VERIFICATION_ON_REGISTER),
        "mobilePassword": mobile_password_asked(brand),
        "direct": brand.module_on(DIRECT_REGISTER),
    }


def login_methods(brand: Brand) -> dict[str, bool]:
    return {
        "username": brand.module_on(USERNAME_LOGIN),
        "sms": brand.module_on(MOBILE_CODE_LOGIN),
        "freePlay": brand.module_on(FREE_PLAY),
        "forcedPasswordChange": brand.module_on(FORCED_PASSWORD_CHANGE),
        "phoneRecovery": brand.module_on(PHONE_PASSWORD_RECOVERY),
        "google": brand.module_on(GOOGLE_SIGN_IN),
        "facebook": brand.module_on(FACEBOOK_SIGN_IN),
    }


def resources(brand: Brand) -> list[Resource]:
    return [
        Resource(r.resource_type, r.label_name_en, safe_link(r.url), r.open_new_tab)
        for r in brand.resources
    ]


def customer_services(brand: Brand) -> list[CustomerServiceLink]:
    return [
        CustomerServiceLink(c.cs_type, c.cs_position, c.label, safe_link(c.url))
        for c in brand.customer_services
    ]


async def help_center(brand: Brand, language: str) -> list[HelpEntry]:
    """Help articles in the language (falling back to the brand default), HTML sanitised."""
    async with session_scope() as session:
        statement = (
            select(HelpArticle)
            .where(HelpArticle.merchant_id == brand.id)
            .order_by(HelpArticle.category, HelpArticle.sort, HelpArticle.id)  # type: ignore[arg-type]
        )
        articles = list((await session.exec(statement)).all())
    chosen = [a for a in articles if a.language == language] or [
        a for a in articles if a.language == brand.default_language
    ]
    return [HelpEntry(a.id, a.category, a.title, sanitize_html(a.content_html)) for a in chosen]


MAX_HELP_QUERY = 80
_TAG = re.compile(r"<[^>]+>")


def search_help(entries: list[HelpEntry], query: str) -> list[HelpEntry]:
    """The articles holding every word of the query (case- and accent-insensitive, in the
    title, category or text), those with a word in the title first; no query: all of them."""
    words = fold_name(query[:MAX_HELP_QUERY]).split()
    if not words:
        return list(entries)
    found: list[tuple[int, int, HelpEntry]] = []
    for index, entry in enumerate(entries):
        title = fold_name(f"{entry.category} {entry.title}")
        text = f"{title} {fold_name(html.unescape(_TAG.sub(' ', entry.content)))}"
        if all(word in text for word in words):
            in_title = sum(word in title for word in words)
            found.append((-in_title, index, entry))
    return [entry for _, _, entry in sorted(found, key=lambda item: item[:2])]


async def update_language(brand: Brand, requested: str, member: Member | None = None) -> str:
    """The language-update action: the brand's code for the choice, or language-unsupported;
    a member's choice is kept (visitors keep theirs in the browser)."""
    chosen = brand.resolve_language(requested)
    if member is not None:
        async with write_transaction() as session:
            stored = await session.get(Member, member.id)
            if stored is not None:
                stored.language = chosen
                session.add(stored)
    return chosen


def app_download_links(brand: Brand) -> AppLinks:
    """Android package and iOS profile links from the brand's resources."""
    by_type = {r.resource_type: safe_link(r.url) for r in brand.resources}
    return AppLinks(android=by_type.get("Android", ""), ios=by_type.get("MOBILECONFIG", ""))


SOCIAL_TYPES = ("TELEGRAM", "WHATSAPP", "FACEBOOK", "INSTAGRAM")  # spec 2, side menu
# How each platform spells its own name: an icon without a label of its own is named so.
PLATFORM_NAMES = {
    "TELEGRAM": "Telegram",
    "WHATSAPP": "WhatsApp",
    "FACEBOOK": "Facebook",
    "INSTAGRAM": "Instagram",
    "YOUTUBE": "YouTube",
    "TWITTER": "X",
    "TIKTOK": "TikTok",
    "MESSENGER": "Messenger",
}


def _platform_name(kind: str) -> str:
    return PLATFORM_NAMES.get(kind, kind.title())


def _link(resource: SiteResource) -> SocialLink:
    kind = resource.resource_type
    return SocialLink(
        kind,
        safe_link(resource.url),
        resource.label_name_en or _platform_name(kind),
        resource.open_new_tab,
    )


def social_links(brand: Brand) -> list[SocialLink]:
    """Social links of the side menu: the brand's resources plus its social CS channels."""
    links = {r.resource_type: _link(r) for r in brand.resources if r.resource_type in SOCIAL_TYPES}
    for channel in brand.customer_services:
        if channel.cs_type in SOCIAL_TYPES:
            links.setdefault(
                channel.cs_type,
                SocialLink(
                    channel.cs_type,
                    safe_link(channel.url),
                    channel.label or _platform_name(channel.cs_type),
                    True,
                ),
            )
    return [links[kind] for kind in SOCIAL_TYPES if kind in links]


# Resources the footer shows under "follow us" (the side menu has the spec's four).
FOLLOW_TYPES = ("YOUTUBE", "TWITTER", "TIKTOK", "MESSENGER")
# Deposit channel codes and the footer icon of each method.
PAYMENT_ICONS = {"PIX": "pix", "BANK_TRANSFER": "bank", "BOLETO": "boleto", "CARD": "visa"}


def follow_links(brand: Brand) -> list[SocialLink]:
    """The brand's other social resources (YouTube, Twitter, TikTok, Messenger), in that order."""
    links = {r.resource_type: _link(r) for r in brand.resources}
    return [links[kind] for kind in FOLLOW_TYPES if kind in links and links[kind].url]


def payment_icons(brand: Brand) -> list[str]:
    """The footer's payment icons: only the methods the brand's enabled channels offer."""
    icons = (PAYMENT_ICONS.get(code) for code in brand.payment_methods)
    return list(dict.fromkeys(icon for icon in icons if icon))
