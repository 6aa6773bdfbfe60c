"""What the site shell and the system calls show: status, permissions, brand configuration."""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import select

from app.core.db import session_scope, write_transaction
from app.core.html import safe_link, sanitize_html
from app.services.brands import Brand, ModuleNode
from app.services.validation import PASSWORD_RULE, normalize_accepted_pattern
from models import HelpArticle, Member

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


def whitelabel_tree(brand: Brand) -> list[dict[str, Any]]:
    def node(n: ModuleNode) -> dict[str, Any]:
        return {
            "modId": n.mod_id,
            "name": n.name,
            "enabled": n.enabled,
            "childrenNodes": [node(c) for c in n.children],
        }

    return [node(n) for n in brand.module_tree()]


def domain_routes(brand: Brand) -> list[dict[str, Any]]:
    return [{"domain": d.domain, "routeType": d.route_type} for d in brand.domains]


def register_settings(brand: Brand) -> dict[str, Any]:
    """Spec 3: per-field validation config; an acceptedPattern of '*' is sent as '.*'.

    The password fields publish the one password rule the server applies (NIST: a length,
    no composition), whatever the brand's stored config says."""
    fields = [
        {
            "field": f.field_name,
            "enabled": f.enabled,
            "required": f.required,
            "minLength": f.min_length,
            "maxLength": f.max_length,
            "patternId": f.pattern_id,
            "acceptedPattern": normalize_accepted_pattern(f.accepted_pattern),
        }
        for f in brand.register_fields
    ]
    for entry in fields:
        if entry["field"] in PASSWORD_FIELDS:
            entry.update(
                enabled=True,
                required=True,
                minLength=PASSWORD_RULE.min_length,
                maxLength=PASSWORD_RULE.max_length,
                patternId=PASSWORD_RULE.pattern_id,
                acceptedPattern=".*",
            )
    return {"fields": fields, "methods": registration_methods(brand), "minAge": brand.min_age}


def registration_methods(brand: Brand) -> dict[str, bool]:
    return {
        "username": brand.module_on(USERNAME_REGISTRATION),
        "mobile": brand.module_on(MOBILE_REGISTRATION),
        "smsVerification": brand.module_on(SMS_VERIFICATION_ON_REGISTER),
        "mobilePassword": brand.module_on(MOBILE_PASSWORD_ON_REGISTER),
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


def resources(brand: Brand) -> list[dict[str, Any]]:
    return [
        {
            "resourceType": r.resource_type,
            "labelNameEn": r.label_name_en,
            "url": safe_link(r.url),
            "openNewTab": r.open_new_tab,
        }
        for r in brand.resources
    ]


def customer_services(brand: Brand) -> list[dict[str, Any]]:
    return [
        {
            "csType": c.cs_type,
            "csPosition": c.cs_position,
            "label": c.label,
            "url": safe_link(c.url),
        }
        for c in brand.customer_services
    ]


def banners(brand: Brand, group_name: str | None = None) -> list[dict[str, Any]]:
    return [
        {
            "groupName": b.group_name,
            "url": safe_link(b.image_url),
            "linkUrl": safe_link(b.link_url) or None,
            "linkageType": b.linkage_type,
            "title": b.title,
        }
        for b in brand.banners
        if group_name is None or b.group_name == group_name
    ]


def permission_payload(brand: Brand, status: SystemStatus, country: str | None) -> dict[str, Any]:
    """Spec 3 permission payload: info, location, maintenance and regionRestriction flags."""
    return {
        "info": {
            "merchantCode": brand.code,
            "platform": brand.platform,
            "lotteryType": brand.lottery_type,
            "defaultLanguage": brand.default_language,
            "supportedLanguages": list(brand.supported_languages),
            "currency": brand.currency,
            "currencySymbol": brand.currency_symbol,
            "imgUrl": brand.image_base_url,
            "domainRoute": domain_routes(brand),
            "resources": resources(brand),
            "whitelabelVal": whitelabel_tree(brand),
            "register": registration_methods(brand),
            "login": login_methods(brand),
            "mainDomain": brand.main_domain,
            "analytics": {"gtagId": brand.gtag_id},
            "imageCDNs": list(brand.image_cdns),
            "launchGameCDNs": list(brand.launch_game_cdns),
        },
        "location": {"ip": status.ip, "country": country},
        "maintenance": status.maintenance,
        "regionRestriction": status.region_restricted,
    }


async def help_center(brand: Brand, language: str) -> list[dict[str, Any]]:
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
    return [
        {
            "id": a.id,
            "category": a.category,
            "title": a.title,
            "content": sanitize_html(a.content_html),
        }
        for a in chosen
    ]


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


def app_download_links(brand: Brand) -> dict[str, str]:
    """Android package and iOS profile links from the brand's resources."""
    by_type = {r.resource_type: safe_link(r.url) for r in brand.resources}
    return {"android": by_type.get("Android", ""), "ios": by_type.get("MOBILECONFIG", "")}


SOCIAL_TYPES = ("TELEGRAM", "WHATSAPP", "FACEBOOK", "INSTAGRAM")  # spec 2, side menu


def social_links(brand: Brand) -> list[dict[str, str]]:
    """Social links of the side menu: the brand's resources plus its social CS channels."""
    links = {
        r.resource_type: safe_link(r.url)
        for r in brand.resources
        if r.resource_type in SOCIAL_TYPES
    }
    for channel in brand.customer_services:
        if channel.cs_type in SOCIAL_TYPES:
            links.setdefault(channel.cs_type, safe_link(channel.url))
    return [{"kind": kind, "url": links[kind]} for kind in SOCIAL_TYPES if kind in links]
