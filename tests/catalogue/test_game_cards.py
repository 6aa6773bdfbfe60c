"""A game card's name is in the reader's language: the in-house studio's games have their
names in the catalog; a vendor's game keeps the name its vendor gave it."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from xml.etree import ElementTree

from app.services.brands import brands
from app.services.studio.crash import chains
from app.services.studio.crash import rounds as crash_rounds
from app.services.studio.games import GAMES
from state.catalogue.cards import card, cards
from state.studio import studio_views
from tests.helpers.catalogue import ENTRY, entry


def test_an_in_house_game_is_named_in_the_readers_language() -> None:
    assert card(ENTRY, "pt").name == "Rolos da Selva"
    assert card(ENTRY, "en").name == "Jungle Reels"


def test_a_vendors_game_keeps_its_vendors_name() -> None:
    vendor_game = entry(game_name="Fortune Tiger", game_code="PG_126", vassalage="PG")
    assert card(vendor_game, "pt").name == "Fortune Tiger"


def test_every_original_shows_its_own_art_and_a_vendors_game_its_icon() -> None:
    for code in [*GAMES, crash_rounds.CODE]:
        art = studio_views.ART_DIR / f"{code}.svg"
        assert ElementTree.parse(art).getroot().tag == "{http://www.w3.org/2000/svg}svg"
        assert card(entry(game_code=code), "en").icon == f"/originals/{code}.svg"
    assert card(entry(game_code="BGS_NO_ART_YET"), "en").icon == "/img/x.png"
    assert card(entry(game_code="BGS_DICE", vassalage="PG"), "en").icon == "/img/x.png"


def test_a_game_without_an_image_shows_its_types_cover_and_an_original_its_art() -> None:
    """No image of its own: the type's cover, marked so the card writes the name over it; an
    Original without a catalogue icon (Limbo in the demo) still shows its own art."""
    fish = entry(vassalage="JILI", game_code="JILI_1", game_type="FISH")
    bare = replace(fish, show_icon=None, icon_url="/img/games/default.png")
    shown = card(bare, "pt")
    assert (shown.icon, shown.cover, shown.name) == ("/game-art/fish.svg", True, "Jungle Reels")
    assert (card(fish, "pt").icon, card(fish, "pt").cover) == ("/img/x.png", False)
    original = card(replace(bare, vassalage="BGS", game_code="BGS_LIMBO"), "en")
    assert (original.icon, original.cover) == ("/originals/BGS_LIMBO.svg", False)
    lottery = card(replace(bare, game_type="LOTT"), "en")
    assert (lottery.icon, lottery.cover) == ("/game-art/lottery.svg", True)
    # A vendor listed among the games (its popup list): its wordmark on its type's cover.
    vendor = card(replace(fish, is_game="VASSALAGE", icon_url="/img/vendor/list/color/J.png"), "en")
    assert (vendor.icon, vendor.cover, vendor.logo, vendor.popup) == (
        "/game-art/fish.svg",
        True,
        "/img/vendor/list/color/J.png",
        True,
    )
    assert (shown.logo, card(fish, "en").logo) == ("", "")


async def test_an_originals_card_states_its_rtp_and_crashs_is_the_brands() -> None:
    """The declared RTP of an Original, as the reader writes numbers; none for a vendor's
    game; Crash's is the brand's own (its house edge is a brand setting)."""
    dice = entry(game_code="BGS_DICE", rtp=Decimal("99.00"))
    assert card(dice, "pt").rtp == "99,00"
    assert card(replace(dice, vassalage="PG", game_code="PG_126"), "en").rtp == ""
    brand = await brands.by_code("BR1")
    crash = entry(game_code=crash_rounds.CODE, rtp=Decimal("99.00"))
    # Another test may have published a chain with its own edge: this one's is known.
    await chains.create_chain("BR1", 5, "3.50")
    shown = await cards([crash, dice], "en", brand.id)
    assert [c.rtp for c in shown] == ["96.50", "99.00"]
