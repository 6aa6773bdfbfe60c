"""The lobby's shared data: the raw catalogue (vendors, sub-categories), the navigation menus and
the vendor list, cached per brand and language for a minute and refreshable on request."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, replace
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
    Action,
    NavItem,
    VendorCard,
    build_navigation,
    card_action,
    vendor_cards,
)
from app.services.jurisdiction import profile_of
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


@dataclass(frozen=True)
class RawCatalogue:
    """What the menus and lists are built from: the vendor rows (a GameVendor's fields, in
    sorted-vendor order), the sub-categories present and whether any game is a top game."""

    vendors: list[dict[str, Any]]
    sub_categories: list[str]
    has_hot: bool


@dataclass(frozen=True)
class MenuCard:
    """A vendor card of a navigation category, with its icons and what a tap does."""

    vassalage: str
    display_name: str
    game_type: str
    account_type_name: str
    is_game: str
    sort: int
    maintenance: bool
    wallet_mode: str
    icons: rules.VendorImages
    action: Action


@dataclass(frozen=True)
class MenuEntry:
    """A navigation entry: a category's title, action, rebate label and vendor cards."""

    nav_type: str
    title: str
    game_classify: str
    action: Action
    rebate_rate: str | None
    cards: list[MenuCard]


@dataclass(frozen=True)
class SubCategoryTitle:
    code: str
    title: str


@dataclass(frozen=True)
class Menus:
    """The game menus: the top navigation, the footer (no cards), the visible sub-categories,
    the prize mode and the U9W entry."""

    nav: list[MenuEntry]
    footer: list[MenuEntry]
    sub_categories: list[SubCategoryTitle]
    prize_mode: str
    u9w: Action | None


@dataclass(frozen=True)
class VendorList:
    """Each card once, in vendor order (`sorted`), and the cards of each category (`mapped`)."""

    sorted: list[MenuCard]
    mapped: dict[str, list[MenuCard]]


async def _load_raw() -> RawCatalogue:
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
    return RawCatalogue(
        vendors=[vendor.model_dump() for vendor in vendors],
        sub_categories=[code for code in rules.SUB_CATEGORIES if code in sub_categories],
        has_hot=has_hot is not None,
    )


async def raw_catalogue(refresh: bool = False) -> RawCatalogue:
    return await cached("raw", RawCatalogue, _load_raw, refresh)


def popup_vendors(raw: RawCatalogue) -> list[str]:
    """Vendors whose games are listed only in their own popup list (is_game VASSALAGE)."""
    return [v["vassalage"] for v in raw.vendors if v["is_game"] == VASSALAGE]


def vendor_maintenance(raw: RawCatalogue) -> set[str]:
    return {v["vassalage"] for v in raw.vendors if v["maintenance"]}


def _menu_card(card: VendorCard, vendor: dict[str, Any], brand: Brand) -> MenuCard:
    stored = (
        vendor["small_icon"],
        vendor["small_icon_active"],
        vendor["list_icon_white"],
        vendor["list_icon_color"],
        vendor["list_icon_purple"],
    )
    return MenuCard(
        vassalage=card.vassalage,
        display_name=card.display_name,
        game_type=card.game_type,
        account_type_name=card.account_type_name,
        is_game=card.is_game,
        sort=card.sort,
        maintenance=vendor["maintenance"],
        wallet_mode=vendor["wallet_mode"],
        icons=rules.vendor_images(
            brand.image_host(), card.vassalage, card.game_type, stored, brand.supports_tagalog
        ),
        action=card_action(card),
    )


def nav_title(nav_type: str, language: str) -> str:
    return translate(NAV_TITLE_KEYS.get(nav_type, f"nav.{nav_type}"), language)


def _menu_entry(
    item: NavItem,
    vendors: dict[str, dict[str, Any]],
    brand: Brand,
    language: str,
    rates: Mapping[str, Decimal | None],
) -> MenuEntry:
    return MenuEntry(
        nav_type=item.nav_type,
        title=nav_title(item.nav_type, language),
        game_classify=item.nav_type,
        action=item.action,
        rebate_rate=rules.rebate_label(item.nav_type, ui_language(language), rates),
        cards=[_menu_card(c, vendors[c.vassalage], brand) for c in item.cards],
    )


async def menus(brand: Brand, language: str, refresh: bool = False) -> Menus:
    """The game menus: top navigation with the vendors of each category, footer, visible
    sub-categories, prize mode and the U9W entry."""

    async def load() -> Menus:
        raw = await raw_catalogue(refresh)
        vendors = {v["vassalage"]: v for v in raw.vendors}
        rates = await rebate_rates.displayed_rates(brand.id)
        # A lottery vendor none of whose games the brand's market can play is not listed, nor
        # a cockfight vendor where the market forbids animal fights.
        fights = profile_of(brand).animal_fights
        listed = [
            v
            for v in raw.vendors
            if lottery_entries.vendor_playable(v["vassalage"], brand.currency)
            and rules.offered(fights, v["vassalage"])
        ]
        navigation = build_navigation(
            vendor_cards(listed),
            sub_categories=raw.sub_categories,
            tagalog=brand.supports_tagalog,
            has_hot=raw.has_hot,
            points_mall=brand.module_on(POINTS_MODULE),
        )
        return Menus(
            nav=[_menu_entry(item, vendors, brand, language, rates) for item in navigation.top],
            footer=[
                replace(_menu_entry(item, vendors, brand, language, rates), cards=[])
                for item in navigation.footer
            ],
            sub_categories=[
                SubCategoryTitle(code, translate(f"games.sub.{code}", language))
                for code in navigation.sub_categories
            ],
            prize_mode=navigation.prize_mode,
            u9w=navigation.u9w,
        )

    # The currency decides which lottery vendors are listed (its market's RTP floor).
    key = f"menus:{brand.code}:{brand.currency}:{language}"
    return await cached(key, Menus, load, refresh)


async def category_vendors(brand: Brand, language: str, nav_type: str) -> list[MenuCard]:
    """A game page's vendors of one category: the cards of the menus its navigation already
    holds (spec 2: a game page does not fetch the vendor list)."""
    menu = await menus(brand, language)
    return next((item.cards for item in menu.nav if item.nav_type == nav_type), [])


async def vendor_list(brand: Brand, language: str, refresh: bool = False) -> VendorList:
    """The vendor list, keyed by game type: `sorted` (each card once, in vendor order) and
    `mapped` (the navigation's categories, cockfight split out)."""

    async def load() -> VendorList:
        menu = await menus(brand, language, refresh)
        mapped = {item.nav_type: item.cards for item in menu.nav if item.cards}
        ordered = sorted(
            (card for cards in mapped.values() for card in cards),
            key=lambda card: (card.sort, card.vassalage),
        )
        return VendorList(sorted=ordered, mapped=mapped)

    key = f"vendors:{brand.code}:{brand.currency}:{language}"
    return await cached(key, VendorList, load, refresh)


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


def _provider_path(card: MenuCard) -> str:
    action = card.action
    if action.kind == ROUTE and action.path:
        return action.path
    # a provider that starts its game directly: its category's list, narrowed to it
    category = NAV_PATHS.get(card.game_type, f"/{card.game_type.lower()}")
    return f"{category}?vassalage={card.vassalage}"


def provider_card(card: MenuCard) -> ProviderCard:
    """A provider tile of a vendor card of the menus: its own icon, else its category's cover."""
    shown = covers.picture(covers.own_vendor_icon(card.icons.color), card.game_type)
    return ProviderCard(
        vassalage=card.vassalage,
        name=card.display_name or card.vassalage,
        icon=shown.src,
        path=_provider_path(card),
        popup=card.action.kind == POPUP,
        maintenance=card.maintenance,
        cover=shown.cover,
        fallback=shown.fallback,
    )


async def seamless_providers(brand: Brand, language: str) -> list[ProviderGroup]:
    """Spec 2 /seamless: every provider paid through the seamless wallet (no transfer to the
    provider's own wallet), by navigation category, in vendor order."""
    menu = await menus(brand, language)
    groups: list[ProviderGroup] = []
    for item in menu.nav:
        cards = [
            provider_card(card) for card in item.cards if card.wallet_mode == WalletMode.SEAMLESS
        ]
        if cards:
            groups.append(ProviderGroup(item.nav_type, item.title, cards))
    return groups
