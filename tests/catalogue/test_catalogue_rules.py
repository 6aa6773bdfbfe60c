"""Catalogue rules: prize mode (spec 4), rebate rates and Tagalog renames (spec 9), image
URLs and their fallback, game-type filters, search folding, masked winners, demo catalogue."""

from __future__ import annotations

from decimal import Decimal

import pytest

from app.core.errors import AppError
from app.core.text import fold_name, mask_customer_name
from app.demo.catalogue import build_catalogue
from app.services.catalogue import rules
from app.services.catalogue.index import Bucket, Item
from app.services.catalogue.navigation import Category, VendorCard, prize_mode
from app.services.loyalty.rebate import DEFAULT_RATES
from models.catalogue import VASSALAGE
from tests.helpers.catalogue import entry

STORED = ("s.png", "sa.png", "w.png", "c.png", "p.png")


def category(game_type: str, *vendors: str) -> Category:
    return Category(game_type, tuple(VendorCard(v, game_type) for v in vendors))


def test_prize_mode_is_lott_by_default() -> None:
    assert prize_mode([]) == "LOTT"
    assert prize_mode([category("LOTT", "TCG_LOTTO_VN", "LOTT")]) == "LOTT"
    assert prize_mode([category("ELOTT", "TCG_SEA")]) == "LOTT"


@pytest.mark.parametrize("vendor", ["TCG_LOTTO_VN", "LOTT"])
def test_prize_mode_is_elott_when_elott_has_a_vn_or_lott_card(vendor: str) -> None:
    assert prize_mode([category("LOTT", "TCG_SEA"), category("ELOTT", "TCG_SEA", vendor)]) == (
        "ELOTT"
    )


@pytest.mark.parametrize(
    ("game_type", "english", "portuguese"),
    [
        ("LOTT", "1%", "1%"),
        ("ELOTT", "1%", "1%"),
        ("PVP", "-", "-"),
        ("FISH", "1%", "1%"),
        ("RNG", "1.2%", "1,2%"),
        ("LIVE", "0.8%", "0,8%"),
        ("SPORTS", "1%", "1%"),
        ("ESPORTS", "1%", "1%"),
    ],
)
def test_displayed_rebate_rates(game_type: str, english: str, portuguese: str) -> None:
    assert rules.rebate_label(game_type, "en", DEFAULT_RATES) == english
    assert rules.rebate_label(game_type, "pt", DEFAULT_RATES) == portuguese


def test_categories_without_a_rate_show_none() -> None:
    assert rules.rebate_label("COCKFIGHT", "en", DEFAULT_RATES) is None
    assert rules.rebate_label("HOME", "en", DEFAULT_RATES) is None


def test_a_configured_rate_is_the_one_shown() -> None:
    rates = {**DEFAULT_RATES, "RNG": Decimal("1.25"), "LIVE": None}
    assert rules.rebate_label("RNG", "pt", rates) == "1,25%"
    assert rules.rebate_label("LIVE", "en", rates) == "-"


def test_tagalog_renames_tcg_vendors_for_images() -> None:
    assert rules.image_vendor_code("TCG_SEA", tagalog=True) == "PH_SEA"
    assert rules.image_vendor_code("TCG_LOTTO_VN", tagalog=True) == "PH_LOTTO_VN"
    assert rules.image_vendor_code("TCG_SEA", tagalog=False) == "TCG_SEA"
    assert rules.image_vendor_code("PG", tagalog=True) == "PG"


def test_tagalog_maps_lott_to_elott_for_vendor_images() -> None:
    assert rules.image_game_type("LOTT", tagalog=True) == "ELOTT"
    assert rules.image_game_type("LOTT", tagalog=False) == "LOTT"
    assert rules.image_game_type("RNG", tagalog=True) == "RNG"


def test_vendor_images_use_stored_paths_or_the_partner_code() -> None:
    plain = rules.vendor_images("/img", "TCG_SEA", "LOTT", STORED, tagalog=False)
    assert (plain.small, plain.color, plain.nav) == (
        "/img/s.png",
        "/img/c.png",
        "/img/nav/lott/tcg_sea.png",
    )
    tagalog = rules.vendor_images("/img", "TCG_SEA", "LOTT", STORED, tagalog=True)
    assert tagalog.small == "/img/vendor/small/PH_SEA.png"
    assert tagalog.small_active == "/img/vendor/small/PH_SEA_active.png"
    assert tagalog.purple == "/img/vendor/list/purple/PH_SEA.png"
    assert tagalog.nav == "/img/nav/elott/ph_sea.png"


def test_a_missing_vendor_icon_falls_back_to_the_default() -> None:
    images = rules.vendor_images("/img/", "PG", "RNG", (None, *STORED[1:]), tagalog=False)
    assert images.small == "/img/vendor/default.png"
    assert images.white == "/img/w.png"


def test_image_urls_sit_under_the_image_base_with_a_default_game_icon() -> None:
    assert rules.image_url("https://cdn.test/img/", "games/PG/pg_1.png") == (
        "https://cdn.test/img/games/PG/pg_1.png"
    )
    assert rules.image_url("/img", None) == "/img/games/default.png"
    assert rules.image_url("/img", "https://vendor.test/a.png") == "https://vendor.test/a.png"


def test_image_shapes() -> None:
    assert rules.vendor_small_icon("PG") == "vendor/small/PG.png"
    assert rules.vendor_small_icon("PG", active=True) == "vendor/small/PG_active.png"
    assert rules.vendor_list_icon("PG", "white") == "vendor/list/white/PG.png"
    assert rules.nav_submenu_icon("RNG", "PG") == "nav/rng/pg.png"
    assert rules.game_icon("PG", "pg_1") == "games/PG/pg_1.png"


def test_list_filter_knows_types_sub_categories_and_hot() -> None:
    assert rules.list_filter("rng", tagalog=False) == rules.ListFilter(game_type="RNG")
    assert rules.list_filter("SC", tagalog=False) == rules.ListFilter(sub_category="SC")
    assert rules.list_filter("hot", tagalog=False) == rules.ListFilter(hot=True)
    assert rules.list_filter(None, tagalog=False) == rules.ListFilter()


def test_bingo_is_a_game_type_only_with_tagalog() -> None:
    assert rules.list_filter("BG", tagalog=True) == rules.ListFilter(sub_category="BG")
    with pytest.raises(AppError) as caught:
        rules.list_filter("BG", tagalog=False)
    assert caught.value.code == "game-type-unknown"


def test_unknown_game_type_is_refused() -> None:
    with pytest.raises(AppError) as caught:
        rules.list_filter("CASINO", tagalog=False)
    assert (caught.value.code, caught.value.status) == ("game-type-unknown", 422)
    assert caught.value.params == {"game_type": "CASINO"}


def test_search_folds_case_and_accents() -> None:
    assert fold_name("  Pirâmide   MÍSTICA ") == "piramide mistica"
    assert fold_name("Coração") == fold_name("CORACAO")


def test_index_search_finds_each_name_once_and_never_across_two_names() -> None:
    names = ["aa ab", "ba", "ab"]
    items = [Item(entry(node_id=n), name, "RNG", None, False) for n, name in enumerate(names)]
    bucket = Bucket(items)
    assert [item.entry.node_id for item in bucket.search("a")] == [0, 1, 2]
    assert [item.entry.node_id for item in bucket.search("ab")] == [0, 2]
    assert bucket.search("abba") == [] and bucket.search("bb") == []
    assert Bucket([]).search("a") == []


@pytest.mark.parametrize(
    ("name", "masked"),
    [("marcos09", "ma***09"), ("ana12", "an***12"), ("bob", "b***b"), ("x", "x***")],
)
def test_winner_names_are_masked(name: str, masked: str) -> None:
    assert mask_customer_name(name) == masked


def test_demo_catalogue_is_big_varied_and_deterministic() -> None:
    vendors, games = build_catalogue()
    codes = {v["vassalage"] for v in vendors}
    assert len(games) >= 10_000 and len(vendors) >= 30
    assert {"PG", "AV", "IMES", "IA", "AI", "TF", "DS88", "DIG", "WGB", "BGS", "U9W"} <= codes
    assert {"TCG_LOTTO_VN", "TCG_SEA", "LOTT"} <= codes
    assert {g["game_type"] for g in games} == set(rules.GAME_TYPES)
    assert any(v["is_game"] == VASSALAGE for v in vendors)
    assert any(g["is_top"] for g in games) and any(g["support_play"] == 0 for g in games)
    assert any(g["show_icon"] is None for g in games)  # served with the default icon
    assert len({(g["vassalage"], g["game_code"]) for g in games}) == len(games)
    assert {g["sub_category"] for g in games} >= set(rules.SUB_CATEGORIES)
    assert all(g["rtp"] is None or Decimal("90") < g["rtp"] < Decimal("100") for g in games)
    assert build_catalogue() == (vendors, games)
