"""The lobby's shared data: the raw catalogue (vendors, sub-categories), the navigation menus and
the vendor list, cached per brand and language for a minute and refreshable on request."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, TypeVar

from sqlmodel import col, select

from app.core import clock, rate_limit
from app.core.cache import cached_value, invalidate, invalidate_prefix
from app.core.db import session_scope
from app.core.i18n import translate, ui_language
from app.services import rebate_rates
from app.services.brands import Brand
from app.services.catalogue import covers, rules
from app.services.catalogue.index import CACHE_PREFIX, game_index
from app.services.catalogue.navigation import (
    NAV_PATHS,
    POPUP,
    ROUTE,
    NavItem,
    VendorCard,
    build_navigation,
    card_action,
    vendor_cards,
)
from app.services.lottery import entries as lottery_entries
from app.services.site import POINTS_MODULE
from models import Game, GameVendor
from models.catalogue import VASSALAGE, WalletMode

CACHE_TTL_SECONDS = 60
REFRESH_EVERY_SECONDS = 5  # a `refresh=true` reloads a cached value at most this often

# Titles of the navigation types; ui.py owns the nav.* keys of the shell.
NAV_TITLE_KEYS = {
    "ELOTT": "games.nav.ELOTT",
    "POINTMALL": "games.nav.POINTMALL",
}


async def invalidate_catalogue() -> None:
    """Drop every cached catalogue value (menus, vendors, lists, hot games, winners): the
    operator calls this after changing vendors, games or winners. Every process's game index
    reloads on its next call (the generation key goes too)."""
    await invalidate_prefix(CACHE_PREFIX)
    game_index.invalidate()


T = TypeVar("T")


async def cached(
    key: str, shape: type[T], loader: Callable[[], Awaitable[T]], refresh: bool = False
) -> T:
    """A cached catalogue value of the given shape; `refresh` reloads it unless it was
    reloaded moments ago."""
    full_key = CACHE_PREFIX + key
    if refresh and await rate_limit.throttle(
        f"refresh:{full_key}", REFRESH_EVERY_SECONDS, clock.now()
    ):
        await invalidate(full_key)
    return await cached_value(full_key, shape, loader, ttl=CACHE_TTL_SECONDS)


async def _load_raw() -> dict[str, Any]:
    async with session_scope() as session:
        vendors = (
            await session.exec(
                select(GameVendor).order_by(col(GameVendor.sort), col(GameVendor.vassalage))
            )
        ).all()
        sub_categories = set(
            (
                await session.exec(
                    select(Game.sub_category)
                    .where(col(Game.sub_category).is_not(None))
                    .group_by(col(Game.sub_category))
                )
            ).all()
        )
        has_hot = (await session.exec(select(Game.id).where(col(Game.is_top)).limit(1))).first()
    return {
        "vendors": [vendor.model_dump() for vendor in vendors],
        "subCategories": [code for code in rules.SUB_CATEGORIES if code in sub_categories],
        "hasHot": has_hot is not None,
    }


async def raw_catalogue(refresh: bool = False) -> dict[str, Any]:
    """Vendor rows (as dicts, in sorted-vendor order), sub-categories present, any hot game."""
    return await cached("raw", dict[str, Any], _load_raw, refresh)


def popup_vendors(raw: dict[str, Any]) -> list[str]:
    """Vendors whose games are listed only in their own popup list (isGame VASSALAGE)."""
    return [v["vassalage"] for v in raw["vendors"] if v["is_game"] == VASSALAGE]


def vendor_maintenance(raw: dict[str, Any]) -> set[str]:
    return {v["vassalage"] for v in raw["vendors"] if v["maintenance"]}


def _card_json(card: VendorCard, vendor: dict[str, Any], brand: Brand) -> dict[str, Any]:
    stored = (
        vendor["small_icon"],
        vendor["small_icon_active"],
        vendor["list_icon_white"],
        vendor["list_icon_color"],
        vendor["list_icon_purple"],
    )
    images = rules.vendor_images(
        brand.image_host(), card.vassalage, card.game_type, stored, brand.supports_tagalog
    )
    return {
        "vassalage": card.vassalage,
        "displayName": card.display_name,
        "gameType": card.game_type,
        "accountTypeName": card.account_type_name,
        "isGame": card.is_game,
        "sort": card.sort,
        "maintenance": vendor["maintenance"],
        "walletMode": vendor["wallet_mode"],
        "icons": {
            "small": images.small,
            "smallActive": images.small_active,
            "white": images.white,
            "color": images.color,
            "purple": images.purple,
            "nav": images.nav,
        },
        "action": card_action(card).to_json(),
    }


def nav_title(nav_type: str, language: str) -> str:
    return translate(NAV_TITLE_KEYS.get(nav_type, f"nav.{nav_type}"), language)


def _nav_json(
    item: NavItem,
    vendors: dict[str, dict[str, Any]],
    brand: Brand,
    language: str,
    rates: Mapping[str, Decimal | None],
) -> dict[str, Any]:
    return {
        "navType": item.nav_type,
        "title": nav_title(item.nav_type, language),
        "gameClassify": item.nav_type,
        "action": item.action.to_json(),
        "rebateRate": rules.rebate_label(item.nav_type, ui_language(language), rates),
        "cards": [_card_json(c, vendors[c.vassalage], brand) for c in item.cards],
    }


async def menus(brand: Brand, language: str, refresh: bool = False) -> dict[str, Any]:
    """The game menus: top navigation with the vendors of each category, footer, visible
    sub-categories, prize mode and the U9W entry."""

    async def load() -> dict[str, Any]:
        raw = await raw_catalogue(refresh)
        vendors = {v["vassalage"]: v for v in raw["vendors"]}
        rates = await rebate_rates.displayed_rates(brand.id)
        # A lottery vendor none of whose games the brand's market can play is not listed.
        listed = [
            v
            for v in raw["vendors"]
            if lottery_entries.vendor_playable(v["vassalage"], brand.currency)
        ]
        navigation = build_navigation(
            vendor_cards(listed),
            sub_categories=raw["subCategories"],
            tagalog=brand.supports_tagalog,
            has_hot=raw["hasHot"],
            points_mall=brand.module_on(POINTS_MODULE),
        )
        return {
            "nav": [_nav_json(item, vendors, brand, language, rates) for item in navigation.top],
            "footer": [
                {**_nav_json(item, vendors, brand, language, rates), "cards": []}
                for item in navigation.footer
            ],
            "subCategories": [
                {"code": code, "title": translate(f"games.sub.{code}", language)}
                for code in navigation.sub_categories
            ],
            "prizeMode": navigation.prize_mode,
            "u9w": navigation.u9w.to_json() if navigation.u9w else None,
        }

    # The currency decides which lottery vendors are listed (its market's RTP floor).
    return await cached(
        f"menus:{brand.code}:{brand.currency}:{language}", dict[str, Any], load, refresh
    )


async def category_vendors(brand: Brand, language: str, nav_type: str) -> list[dict[str, Any]]:
    """A game page's vendors of one category: the cards of the menus its navigation already
    holds (spec 2: a game page does not fetch the vendor list)."""
    menu = await menus(brand, language)
    return next((item["cards"] for item in menu["nav"] if item["navType"] == nav_type), [])


async def vendor_list(brand: Brand, language: str, refresh: bool = False) -> dict[str, Any]:
    """The vendor list, keyed by game type: `sorted` (each card once, in vendor order) and
    `mapped` (the navigation's categories, cockfight split out)."""

    async def load() -> dict[str, Any]:
        menu = await menus(brand, language, refresh)
        mapped = {item["navType"]: item["cards"] for item in menu["nav"] if item["cards"]}
        ordered = sorted(
            (card for cards in mapped.values() for card in cards),
            key=lambda card: (card["sort"], card["vassalage"]),
        )
        return {"sorted": ordered, "mapped": mapped}

    return await cached(
        f"vendors:{brand.code}:{brand.currency}:{language}", dict[str, Any], load, refresh
    )


@dataclass(frozen=True)
class ProviderCard:
    """A provider on /seamless: its page (`path`), or its popup list when `popup` is set."""

    vassalage: str
    name: str
    icon: str  # its own icon, else its category's cover (`cover` set)
    path: str
    popup: bool
    maintenance: bool
    cover: bool = False
    fallback: str = ""  # its category's cover, should its own icon fail to load


@dataclass(frozen=True)
class ProviderGroup:
    nav_type: str
    title: str
    providers: list[ProviderCard]


def _provider_path(card: Mapping[str, Any]) -> str:
    action = card["action"]
    if action["kind"] == ROUTE and action["path"]:
        return str(action["path"])
    # a provider that starts its game directly: its category's list, narrowed to it
    category = NAV_PATHS.get(card["gameType"], f"/{str(card['gameType']).lower()}")
    return f"{category}?vassalage={card['vassalage']}"


def provider_card(card: Mapping[str, Any]) -> ProviderCard:
    """A provider tile of a vendor card of the menus: its own icon, else its category's cover."""
    shown = covers.picture(covers.own_vendor_icon(card["icons"]["color"]), card["gameType"])
    return ProviderCard(
        vassalage=card["vassalage"],
        name=card["displayName"] or card["vassalage"],
        icon=shown.src,
        path=_provider_path(card),
        popup=card["action"]["kind"] == POPUP,
        maintenance=bool(card["maintenance"]),
        cover=shown.cover,
        fallback=shown.fallback,
    )


async def seamless_providers(brand: Brand, language: str) -> list[ProviderGroup]:
    """Spec 2 /seamless: every provider paid through the seamless wallet (no transfer to the
    provider's own wallet), by navigation category, in vendor order."""
    menu = await menus(brand, language)
    groups: list[ProviderGroup] = []
    for item in menu["nav"]:
        cards = [
            provider_card(card)
            for card in item["cards"]
            if card["walletMode"] == WalletMode.SEAMLESS
        ]
        if cards:
            groups.append(ProviderGroup(item["navType"], item["title"], cards))
    return groups
