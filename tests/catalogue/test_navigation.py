"""Spec 2 navigation rules and spec 4 game starts: one test per rule."""

from __future__ import annotations

import pytest

from app.demo.catalogue import build_catalogue
from app.services.catalogue import navigation as nav
from app.services.catalogue.navigation import (
    LAUNCH,
    LOGIN,
    POPUP,
    REGISTER_FIRST,
    ROUTE,
    VendorCard,
    build_navigation,
    card_action,
    start_game,
)
from models.catalogue import GAME, VASSALAGE


def card(vassalage: str, game_type: str, sort: int = 0, is_game: str = GAME) -> VendorCard:
    return VendorCard(vassalage=vassalage, game_type=game_type, is_game=is_game, sort=sort)


def types(items: tuple[nav.NavItem, ...]) -> list[str]:
    return [item.nav_type for item in items]


def test_categories_with_a_vendor_in_sorted_vendor_order() -> None:
    cards = [card("EVO", "LIVE", sort=20), card("PG", "RNG", sort=10), card("SABA", "SPORTS", 5)]
    navigation = build_navigation(cards, has_hot=False)
    assert types(navigation.top) == ["HOME", "SPORTS", "RNG", "LIVE", "PROMO"]
    assert "FISH" not in types(navigation.top)  # no vendor, no category


def test_vendors_of_equal_sort_keep_code_order_within_a_category() -> None:
    navigation = build_navigation([card("PP", "RNG"), card("JILI", "RNG"), card("PG", "RNG")])
    rng = next(i for i in navigation.top if i.nav_type == "RNG")
    assert [c.vassalage for c in rng.cards] == ["JILI", "PG", "PP"]


def test_home_first_and_promo_last() -> None:
    navigation = build_navigation([card("PG", "RNG")], has_hot=True, points_mall=True)
    assert types(navigation.top) == ["HOME", "HOT", "RNG", "POINTMALL", "PROMO"]
    assert navigation.top[0].action.path == "/" and navigation.top[-1].action.path == "/promotions"


def test_footer_hides_promo_home_and_hot() -> None:
    cards = [card("PG", "RNG", sort=1), card("EVO", "LIVE", sort=2)]
    navigation = build_navigation(cards, points_mall=True)
    assert types(navigation.footer) == ["RNG", "LIVE", "POINTMALL"]


def test_points_mall_requires_login() -> None:
    navigation = build_navigation([card("PG", "RNG")], points_mall=True)
    mall = next(i for i in navigation.top if i.nav_type == "POINTMALL")
    assert mall.action.requires_login and mall.action.path == "/pointMall"


def test_cockfight_cards_move_to_cockfight_right_after_sports() -> None:
    cards = [
        card("U9W", "SPORTS", 1), card("DS88", "SPORTS", 2), card("SABA", "SPORTS", 3),
        card("WGB", "SPORTS", 4), card("AV", "ESPORTS", 5),
    ]  # fmt: skip
    navigation = build_navigation(cards, has_hot=False)
    assert types(navigation.top) == ["HOME", "SPORTS", "COCKFIGHT", "ESPORTS", "PROMO"]
    sports, cockfight = navigation.top[1], navigation.top[2]
    assert [c.vassalage for c in sports.cards] == ["U9W", "SABA"]
    assert [(c.vassalage, c.game_type) for c in cockfight.cards] == [
        ("DS88", "COCKFIGHT"),
        ("WGB", "COCKFIGHT"),
    ]


def test_sports_is_dropped_when_only_cockfight_cards_were_in_it() -> None:
    navigation = build_navigation([card("DIG", "SPORTS"), card("DS88", "SPORTS")], has_hot=False)
    assert types(navigation.top) == ["HOME", "COCKFIGHT", "PROMO"]


@pytest.mark.parametrize(
    ("first_vendor", "path"),
    [
        ("TCG_LOTTO_VN", "/vnLottery"),
        ("TCG_SEA", "/seaLottery"),
        ("LOTT", "/lottery"),
        ("ELOTT", "/lottery"),
    ],
)
@pytest.mark.parametrize("category", ["LOTT", "ELOTT"])
def test_lottery_category_routes_by_its_first_vendor(
    first_vendor: str, path: str, category: str
) -> None:
    cards = [card(first_vendor, category, sort=1), card("TCG_SEA", category, sort=2)]
    item = build_navigation(cards).top[2]
    assert item.nav_type == category
    assert item.action.kind == ROUTE and item.action.path == path and item.action.requires_login


def test_cockfight_starts_the_first_vendor_directly() -> None:
    navigation = build_navigation([card("WGB", "SPORTS", 2), card("DIG", "SPORTS", 1)])
    cockfight = next(i for i in navigation.top if i.nav_type == "COCKFIGHT")
    assert cockfight.action.kind == LAUNCH
    assert (cockfight.action.vassalage, cockfight.action.game_type) == ("DIG", "COCKFIGHT")


def test_u9w_entry_starts_the_u9w_sports_vendor() -> None:
    entry = build_navigation([card("SABA", "SPORTS", 1), card("U9W", "SPORTS", 2)]).u9w
    assert entry is not None and entry.kind == LAUNCH
    assert (entry.vassalage, entry.game_type) == ("U9W", "SPORTS")
    assert build_navigation([card("SABA", "SPORTS")]).u9w is None


@pytest.mark.parametrize(
    "game_type", ["RNG", "FISH", "PVP", "LIVE", "SPORTS", "ESPORTS", "COCKFIGHT"]
)
def test_list_types_open_the_vendors_game_list(game_type: str) -> None:
    action = card_action(card("PG", game_type))
    assert action.kind == ROUTE
    assert action.route == (
        nav.GAME_LIST_CENTER,
        (("vassalage", "pg"), ("gameType", game_type.lower())),
    )
    assert action.path == f"/gameListCenter/pg/{game_type.lower()}"


@pytest.mark.parametrize("game_type", ["INHOUSE", "LOTT", "ELOTT"])
def test_other_types_start_the_vendor_directly(game_type: str) -> None:
    action = card_action(card("BGS", game_type))
    assert action.kind == LAUNCH and action.vassalage == "BGS" and action.game_type == game_type


def test_vassalage_card_opens_the_popup_game_list() -> None:
    action = card_action(card("KP", "PVP", is_game=VASSALAGE))
    assert action.kind == POPUP and action.vassalage == "KP"


def test_lottery_vendor_card_opens_its_lottery_page() -> None:
    action = card_action(card("TCG_LOTTO_VN", "ELOTT"))
    assert action.kind == ROUTE and action.path == "/vnLottery" and action.requires_login


def test_category_paths_map_to_game_types() -> None:
    assert nav.CATEGORY_PATHS == {
        "/sports": "SPORTS",
        "/esports": "ESPORTS",
        "/live": "LIVE",
        "/lott": "LOTT",
        "/elott": "ELOTT",
        "/fish": "FISH",
        "/pvp": "PVP",
        "/rng": "RNG",
        "/cockfight": "COCKFIGHT",
    }
    item = build_navigation([card("PG", "RNG", sort=1), card("BGS", "INHOUSE", sort=2)]).top
    assert [i.action.path for i in item[2:4]] == ["/rng", "/inHouse"]


def test_game_list_center_lower_cases_its_params() -> None:
    action = nav.game_list_center("TCG_SEA", "LOTT")
    assert action.route == ("gameListCenter", (("vassalage", "tcg_sea"), ("gameType", "lott")))


def test_bingo_sub_category_only_with_tagalog() -> None:
    codes = ["SC", "VP", "BG"]
    assert build_navigation([], sub_categories=codes).sub_categories == ("SC", "VP")
    assert build_navigation([], sub_categories=codes, tagalog=True).sub_categories == (
        "SC",
        "VP",
        "BG",
    )


def test_prize_mode_follows_the_elott_category() -> None:
    assert build_navigation([card("TCG_SEA", "LOTT")]).prize_mode == "LOTT"
    assert build_navigation([card("TCG_LOTTO_VN", "ELOTT")]).prize_mode == "ELOTT"


def test_demo_vendors_make_the_expected_navigation() -> None:
    vendors, _games = build_catalogue()
    navigation = build_navigation(nav.vendor_cards(vendors), points_mall=True)
    assert types(navigation.top) == [
        "HOME", "HOT", "RNG", "LIVE", "FISH", "PVP", "SPORTS", "COCKFIGHT", "ESPORTS", "LOTT",
        "ELOTT", "INHOUSE", "POINTMALL", "PROMO",
    ]  # fmt: skip
    assert navigation.prize_mode == "ELOTT"
    assert navigation.top[9].action.path == "/seaLottery"
    assert navigation.top[10].action.path == "/vnLottery"


def test_a_guest_starting_a_game_gets_the_login_popup() -> None:
    action = start_game(
        vassalage="PG", game_type="RNG", game_code="pg_1", is_game=GAME, support_play=0,
        logged_in=False, trial=False, demo=True,
    )  # fmt: skip
    assert action.kind == LOGIN


def test_a_trial_user_starting_a_game_is_asked_to_register() -> None:
    action = start_game(
        vassalage="PG", game_type="RNG", game_code="pg_1", is_game=GAME, support_play=0,
        logged_in=True, trial=True,
    )  # fmt: skip
    assert action.kind == REGISTER_FIRST


@pytest.mark.parametrize(
    ("vassalage", "page"),
    [("TCG_LOTTO_VN", "/vnLottery"), ("TCG_SEA", "/seaLottery"), ("LOTT", "/lottery"),
     ("ELOTT", "/lottery")],
)  # fmt: skip
def test_lottery_games_go_to_their_lottery_page(vassalage: str, page: str) -> None:
    action = start_game(
        vassalage=vassalage, game_type="LOTT", game_code="ssc1", is_game=GAME, support_play=1,
        logged_in=True, trial=False,
    )  # fmt: skip
    assert action.kind == ROUTE and action.path == f"{page}?gameCode=ssc1"


def test_a_vassalage_entry_opens_the_vendor_popup() -> None:
    action = start_game(
        vassalage="KP", game_type="PVP", game_code="KP", is_game=VASSALAGE, support_play=1,
        logged_in=True, trial=False,
    )  # fmt: skip
    assert action.kind == POPUP and action.vassalage == "KP"


@pytest.mark.parametrize(("support_play", "demo"), [(0, True), (1, False)])
def test_free_demo_only_when_support_play_is_zero(support_play: int, demo: bool) -> None:
    action = start_game(
        vassalage="PG", game_type="RNG", game_code="pg_1", is_game=GAME,
        support_play=support_play, logged_in=True, trial=False, demo=True,
    )  # fmt: skip
    assert action.kind == LAUNCH and action.game_code == "pg_1" and action.demo is demo
