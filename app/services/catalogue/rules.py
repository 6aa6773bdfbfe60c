"""Catalogue rules as pure functions: game types, image URLs (spec 3 shapes, spec 9 Tagalog
renames), displayed rebate rates (spec 9), name folding for search, masked winner names, and
what a brand's market lets it offer (animal fights)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

from app.core.errors import AppError
from app.core.i18n.formatting import format_percent

# Vendor-level game types (spec 1); INHOUSE is the in-house studio (/inHouse).
RNG, LIVE, FISH, PVP = "RNG", "LIVE", "FISH", "PVP"
SPORTS, ESPORTS, COCKFIGHT = "SPORTS", "ESPORTS", "COCKFIGHT"
LOTT, ELOTT, INHOUSE = "LOTT", "ELOTT", "INHOUSE"
GAME_TYPES = (RNG, LIVE, FISH, PVP, SPORTS, ESPORTS, COCKFIGHT, LOTT, ELOTT, INHOUSE)
LOTTERY_TYPES = frozenset({LOTT, ELOTT})
HOT = "HOT"  # the /hot list: games marked as top games
COCKFIGHT_VENDORS = frozenset({"DS88", "DIG", "WGB"})  # spec 3, vendor codes

# Menu sub-categories (spec 1): scratch, video poker, jackpot, table games, arcade, bingo.
BINGO = "BG"
SUB_CATEGORIES = ("SC", "VP", "JP", "TG", "AC", BINGO)

# Spec 3 prize modes; lists of lottery games default to the navigation's mode.
PRIZE_MODES = ("LOTT", "ZY", "ELOTT", "SEA")

# Game category (the family a type belongs to), also the winner board's filter.
CASINO, SPORTS_FAMILY, LOTTERY = "CASINO", "SPORTS", "LOTTERY"
FAMILY_OF_TYPE = {
    RNG: CASINO, LIVE: CASINO, FISH: CASINO, PVP: CASINO, INHOUSE: CASINO,
    SPORTS: SPORTS_FAMILY, ESPORTS: SPORTS_FAMILY, COCKFIGHT: SPORTS_FAMILY,
    LOTT: LOTTERY, ELOTT: LOTTERY,
}  # fmt: skip
ALL_CATEGORIES = "ALL"
WINNER_CATEGORIES = (ALL_CATEGORIES, CASINO, SPORTS_FAMILY, LOTTERY)

# Spec 9, Tagalog brands: TCG-prefixed vendors take a partner code for images, and the LOTT
# type is shown with ELOTT vendor images.
TCG_PREFIX = "TCG_"
PARTNER_PREFIX = "PH_"

# Spec 3, image URL shapes, relative to the brand's image base.
DEFAULT_GAME_ICON = "games/default.png"
DEFAULT_VENDOR_ICON = "vendor/default.png"
LIST_ICON_STYLES = ("white", "color", "purple")


@dataclass(frozen=True)
class ListFilter:
    """What a game list's game type selects: a vendor type, a sub-category or the hot list."""

    game_type: str | None = None
    sub_category: str | None = None
    hot: bool = False


def list_filter(game_type: str | None, tagalog: bool) -> ListFilter:
    """The filter of a game type; unknown types (and bingo without Tagalog) are refused."""
    if game_type is None or not game_type.strip():
        return ListFilter()
    code = game_type.strip().upper()
    if code in GAME_TYPES:
        return ListFilter(game_type=code)
    if code == HOT:
        return ListFilter(hot=True)
    if code in visible_sub_categories(SUB_CATEGORIES, tagalog):
        return ListFilter(sub_category=code)
    raise AppError("game-type-unknown", status=422, params={"game_type": game_type})


def visible_sub_categories(codes: tuple[str, ...] | list[str], tagalog: bool) -> list[str]:
    """Spec 1: bingo (BG) appears only when the brand supports Tagalog."""
    return [c for c in codes if c != BINGO or tagalog]


def shown_sub_category(sub_category: str | None, tagalog: bool) -> bool:
    """Whether a game of this sub-category is on offer: bingo games only with Tagalog."""
    return sub_category != BINGO or tagalog


def offered(animal_fights: bool, vassalage: str, game_type: str = "") -> bool:
    """Whether a brand offers this vendor (or its game of this type): a cockfight vendor or
    game only where its market allows animal fights (its jurisdiction profile's flag)."""
    return animal_fights or (vassalage not in COCKFIGHT_VENDORS and game_type != COCKFIGHT)


def image_vendor_code(vassalage: str, tagalog: bool) -> str:
    """The vendor code used in image paths (Tagalog brands: TCG_X → PH_X)."""
    if tagalog and vassalage.startswith(TCG_PREFIX):
        return PARTNER_PREFIX + vassalage.removeprefix(TCG_PREFIX)
    return vassalage


def image_game_type(game_type: str, tagalog: bool) -> str:
    """The game type used in vendor image paths (Tagalog brands: LOTT → ELOTT)."""
    return ELOTT if tagalog and game_type == LOTT else game_type


def vendor_small_icon(code: str, active: bool = False) -> str:
    return f"vendor/small/{code}{'_active' if active else ''}.png"


def vendor_list_icon(code: str, style: str) -> str:
    return f"vendor/list/{style}/{code}.png"


def nav_submenu_icon(game_type: str, code: str) -> str:
    return f"nav/{game_type.lower()}/{code.lower()}.png"


def game_icon(vassalage: str, game_code: str) -> str:
    return f"games/{vassalage}/{game_code}.png"


def image_url(base: str, path: str | None, default: str = DEFAULT_GAME_ICON) -> str:
    """An image path under the brand's image base; a missing icon gets the default icon."""
    chosen = path or default
    if chosen.startswith(("http://", "https://")):
        return chosen
    return f"{base.rstrip('/')}/{chosen.lstrip('/')}"


@dataclass(frozen=True)
class VendorImages:
    small: str
    small_active: str
    white: str
    color: str
    purple: str
    nav: str


def vendor_images(
    base: str,
    vassalage: str,
    game_type: str,
    stored: tuple[str | None, ...],
    tagalog: bool,
) -> VendorImages:
    """A vendor's icon URLs for one game type. `stored` holds the vendor's own paths (small,
    small active, white, colour, purple); a renamed Tagalog code uses the spec's shapes."""
    code = image_vendor_code(vassalage, tagalog)
    shaped = (
        vendor_small_icon(code),
        vendor_small_icon(code, active=True),
        *(vendor_list_icon(code, style) for style in LIST_ICON_STYLES),
    )
    paths = shaped if code != vassalage else stored
    small, small_active, white, color, purple = (
        image_url(base, path, DEFAULT_VENDOR_ICON) for path in paths
    )
    nav = image_url(base, nav_submenu_icon(image_game_type(game_type, tagalog), code))
    return VendorImages(small, small_active, white, color, purple, nav)


def rebate_label(game_type: str, ui_lang: str, rates: Mapping[str, Decimal | None]) -> str | None:
    """The displayed rebate rate of a category ("1.2%", "-") from the brand's configured
    rates (app/services/loyalty/rebate.py: spec 9's list); None if it shows none."""
    if game_type not in rates:
        return None
    rate = rates[game_type]
    if rate is None:
        return "-"
    return format_percent(rate, ui_lang)
