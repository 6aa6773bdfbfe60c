"""Spec 2 navigation rules and spec 4 game starts, as pure functions the API and the UI share.

`build_navigation` turns the sorted vendor list into the top navigation (HOME first, PROMO
last), the footer, the visible sub-categories, the prize mode and the U9W sports entry. Each
entry and each vendor card carries an `Action`: where a tap goes or what it starts.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from app import routes
from app.services.catalogue.rules import (
    COCKFIGHT,
    COCKFIGHT_VENDORS,
    ELOTT,
    ESPORTS,
    FISH,
    HOT,
    INHOUSE,
    LIVE,
    LOTT,
    LOTTERY_TYPES,
    PVP,
    RNG,
    SPORTS,
    visible_sub_categories,
)
from models.catalogue import VASSALAGE

HOME, PROMO, POINT_MALL = "HOME", "PROMO", "POINTMALL"
FOOTER_HIDDEN = frozenset({PROMO, HOME, HOT})

# Spec 2: category paths and the game types they show (the paths are app.routes' list pages).
CATEGORY_PATHS: dict[str, str] = routes.CATEGORY_LISTS
NAV_PATHS: dict[str, str] = {
    **{game_type: path for path, game_type in CATEGORY_PATHS.items()},
    INHOUSE: routes.IN_HOUSE,
    HOT: routes.HOT,
    HOME: routes.HOME,
    PROMO: routes.PROMOTIONS,
    POINT_MALL: routes.POINT_MALL,
}
GAME_LIST_CENTER = "gameListCenter"
GAME_LIST_CENTER_PATH = routes.GAME_LIST_CENTER

# Spec 2: the lottery page of a category follows its first vendor.
LOTTERY_ROUTES: dict[str, str] = {
    "TCG_LOTTO_VN": routes.VN_LOTTERY,
    "TCG_SEA": routes.SEA_LOTTERY,
    LOTT: routes.LOTTERY,
    ELOTT: routes.LOTTERY,
}
U9W = "U9W"
PRIZE_MODE_VENDORS = frozenset({"TCG_LOTTO_VN", LOTT})

# Spec 2: vendor-level types whose cards open the vendor's game list page.
LIST_TYPES = frozenset({RNG, FISH, PVP, LIVE, SPORTS, ESPORTS, COCKFIGHT})

# Action kinds.
ROUTE = "ROUTE"  # go to `path`
LAUNCH = "LAUNCH"  # start the vendor's game (or `game_code`) directly
POPUP = "POPUP"  # open the vendor's popup game list
LOGIN = "LOGIN"  # a guest: open the login popup
REGISTER_FIRST = "REGISTER_FIRST"  # a trial user: 'Please Register An Account First'


@dataclass(frozen=True)
class Action:
    """What a tap does. `route` names a named route with its params (gameListCenter)."""

    kind: str
    path: str | None = None
    vassalage: str | None = None
    game_type: str | None = None
    game_code: str | None = None
    demo: bool = False
    requires_login: bool = False
    route: tuple[str, tuple[tuple[str, str], ...]] | None = None


@dataclass(frozen=True)
class VendorCard:
    """A vendor in one category (spec 3, game vendor category card)."""

    vassalage: str
    game_type: str
    display_name: str = ""
    account_type_name: str = ""
    is_game: str = ""
    sort: int = 0


@dataclass(frozen=True)
class Category:
    """A game vendor category: its game type and its cards, in vendor order."""

    game_type: str
    cards: tuple[VendorCard, ...]


@dataclass(frozen=True)
class NavItem:
    nav_type: str
    action: Action
    cards: tuple[VendorCard, ...] = ()


@dataclass(frozen=True)
class Navigation:
    top: tuple[NavItem, ...]
    footer: tuple[NavItem, ...]
    sub_categories: tuple[str, ...] = ()
    prize_mode: str = LOTT
    u9w: Action | None = None


def vendor_cards(vendors: Iterable[Mapping[str, Any]]) -> list[VendorCard]:
    """One card per vendor row (GameVendor fields) and game type it serves."""
    return [
        VendorCard(
            vassalage=v["vassalage"],
            game_type=game_type,
            display_name=v["display_name"],
            account_type_name=v["account_type_name"],
            is_game=v["is_game"],
            sort=v["sort"],
        )
        for v in vendors
        for game_type in v["game_types"]
    ]


def categories_from_vendors(cards: Iterable[VendorCard]) -> list[Category]:
    """Categories that have at least one vendor, in the order of the sorted vendor list."""
    by_type: dict[str, list[VendorCard]] = {}
    for card in sorted(cards, key=lambda c: (c.sort, c.vassalage)):
        by_type.setdefault(card.game_type, []).append(card)
    return [Category(game_type, tuple(found)) for game_type, found in by_type.items()]


def split_cockfight(categories: Sequence[Category]) -> list[Category]:
    """Cockfight cards leave SPORTS for a COCKFIGHT category right after it; an empty SPORTS
    is dropped."""
    result: list[Category] = []
    for category in categories:
        if category.game_type != SPORTS:
            result.append(category)
            continue
        sports = tuple(c for c in category.cards if c.vassalage not in COCKFIGHT_VENDORS)
        cockfight = tuple(
            replace(c, game_type=COCKFIGHT)
            for c in category.cards
            if c.vassalage in COCKFIGHT_VENDORS
        )
        if sports:
            result.append(Category(SPORTS, sports))
        if cockfight:
            result.append(Category(COCKFIGHT, cockfight))
    return result


def lottery_route(vassalage: str) -> str:
    """The lottery page of a lottery vendor (spec 2); other vendors use /lottery."""
    return LOTTERY_ROUTES.get(vassalage, LOTTERY_ROUTES[LOTT])


def game_list_center(vassalage: str, game_type: str) -> Action:
    """The named route gameListCenter, params lower-cased (spec 2)."""
    params = (("vassalage", vassalage.lower()), ("gameType", game_type.lower()))
    path = GAME_LIST_CENTER_PATH
    for name, value in params:
        path = path.replace(f"[{name}]", value)
    return Action(
        ROUTE, path=path, vassalage=vassalage, game_type=game_type, route=(GAME_LIST_CENTER, params)
    )


def card_action(card: VendorCard) -> Action:
    """A vendor card: VASSALAGE opens the popup list, lottery vendors their lottery page,
    list types the vendor's game list; other types start the vendor's game directly."""
    if card.is_game == VASSALAGE:
        return Action(POPUP, vassalage=card.vassalage, game_type=card.game_type)
    if card.vassalage in LOTTERY_ROUTES:
        return Action(ROUTE, path=lottery_route(card.vassalage), requires_login=True)
    if card.game_type in LIST_TYPES:
        return game_list_center(card.vassalage, card.game_type)
    return Action(LAUNCH, vassalage=card.vassalage, game_type=card.game_type)


def category_action(category: Category) -> Action:
    """A navigation entry: lottery pages by first vendor, cockfight starts its first vendor,
    every other category opens its page."""
    first = category.cards[0]
    if category.game_type in LOTTERY_TYPES:
        return Action(ROUTE, path=lottery_route(first.vassalage), requires_login=True)
    if category.game_type == COCKFIGHT:
        return Action(LAUNCH, vassalage=first.vassalage, game_type=COCKFIGHT)
    return Action(ROUTE, path=NAV_PATHS.get(category.game_type, f"/{category.game_type.lower()}"))


def prize_mode(categories: Iterable[Category]) -> str:
    """Spec 4: LOTT, unless the ELOTT category has a TCG_LOTTO_VN or LOTT card."""
    for category in categories:
        if category.game_type == ELOTT and any(
            c.vassalage in PRIZE_MODE_VENDORS for c in category.cards
        ):
            return ELOTT
    return LOTT


def u9w_entry(categories: Iterable[Category]) -> Action | None:
    """The /u9w entry starts the sports vendor U9W directly, when there is one."""
    for category in categories:
        if category.game_type == SPORTS and any(c.vassalage == U9W for c in category.cards):
            return Action(LAUNCH, vassalage=U9W, game_type=SPORTS)
    return None


def footer_items(top: Iterable[NavItem]) -> tuple[NavItem, ...]:
    """The footer shows the navigation without PROMO, HOME and HOT."""
    return tuple(item for item in top if item.nav_type not in FOOTER_HIDDEN)


def build_navigation(
    cards: Iterable[VendorCard],
    *,
    sub_categories: Sequence[str] = (),
    tagalog: bool = False,
    has_hot: bool = True,
    points_mall: bool = False,
) -> Navigation:
    """The whole navigation from the vendor cards (one per vendor and game type)."""
    categories = split_cockfight(categories_from_vendors(cards))
    top = [NavItem(HOME, Action(ROUTE, path=NAV_PATHS[HOME]))]
    if has_hot:
        top.append(NavItem(HOT, Action(ROUTE, path=NAV_PATHS[HOT])))
    top += [NavItem(c.game_type, category_action(c), c.cards) for c in categories]
    if points_mall:
        top.append(NavItem(POINT_MALL, Action(ROUTE, NAV_PATHS[POINT_MALL], requires_login=True)))
    top.append(NavItem(PROMO, Action(ROUTE, path=NAV_PATHS[PROMO])))
    return Navigation(
        top=tuple(top),
        footer=footer_items(top),
        sub_categories=tuple(visible_sub_categories(list(sub_categories), tagalog)),
        prize_mode=prize_mode(categories),
        u9w=u9w_entry(categories),
    )


def start_game(
    *,
    vassalage: str,
    game_type: str,
    game_code: str,
    is_game: str,
    support_play: int,
    logged_in: bool,
    trial: bool,
    demo: bool = False,
) -> Action:
    """Spec 4, starting a game: guests log in, trial users register first; lottery vendors go
    to their lottery page, VASSALAGE entries open the popup list, anything else starts
    directly, as a free demo only when support_play is 0."""
    if not logged_in:
        return Action(LOGIN)
    if trial:
        return Action(REGISTER_FIRST)
    if vassalage in LOTTERY_ROUTES:
        path = f"{lottery_route(vassalage)}?gameCode={game_code}"
        return Action(ROUTE, path=path, game_code=game_code, requires_login=True)
    if is_game == VASSALAGE:
        return Action(POPUP, vassalage=vassalage, game_type=game_type)
    return Action(
        LAUNCH,
        vassalage=vassalage,
        game_type=game_type,
        game_code=game_code,
        demo=demo and support_play == 0,
    )
