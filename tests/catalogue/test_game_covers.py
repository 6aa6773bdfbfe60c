"""The covers of games and vendors without an image of their own (issue 35): every game type
the catalogue knows has one, a real SVG file the site serves; the choice is the type's alone."""

from __future__ import annotations

from dataclasses import replace
from xml.etree import ElementTree

from sqlmodel import select

from app.core.db import session_scope
from app.demo.catalogue import build_catalogue
from app.services.brands import brands
from app.services.catalogue import covers, lobby, rules
from models import Game

SVG = "{http://www.w3.org/2000/svg}svg"


def _file(url: str) -> ElementTree.Element:
    assert url.startswith(covers.COVER_PATH + "/")
    return ElementTree.parse(covers.COVER_DIR / url.removeprefix(covers.COVER_PATH + "/")).getroot()


async def test_every_game_type_the_catalogue_knows_has_a_cover_file() -> None:
    async with session_scope() as session:
        stored = set((await session.exec(select(Game.game_type).distinct())).all())
    demo = {game["game_type"] for game in build_catalogue()[1]}
    assert stored and demo
    for game_type in {*rules.GAME_TYPES, *stored, *demo}:
        root = _file(covers.cover_url(game_type))
        assert root.tag == SVG and root.get("viewBox") == "0 0 240 240", game_type
    # Each drawn cover is some type's: none is left unused.
    drawn = {path.stem for path in covers.COVER_DIR.glob("*.svg")}
    assert drawn == set(covers.COVER_OF_TYPE.values())
    assert len(drawn) == 8


def test_the_cover_is_the_types_alone() -> None:
    assert covers.cover_url("LIVE") == covers.cover_url("live") == "/game-art/live.svg"
    assert covers.cover_url("LOTT") == covers.cover_url("ELOTT") == "/game-art/lottery.svg"
    assert covers.cover_url("PVP") == "/game-art/cards.svg"
    assert covers.cover_url("NEW_KIND") == "/game-art/slots.svg"  # a type learnt later
    # An image of its own gives way to the type's cover should it fail to load.
    assert covers.picture("https://cdn/x.png", "LIVE") == covers.Picture(
        "https://cdn/x.png", fallback="/game-art/live.svg"
    )
    assert covers.picture("", "COCKFIGHT") == covers.Picture("/game-art/cockfight.svg", True)
    assert covers.picture(None, "SPORTS") == covers.Picture("/game-art/sports.svg", True)
    # A vendor's tile stands on the cover, its wordmark whole over it (when it has one).
    assert covers.picture("/img/v.png", "FISH", vendor=True) == covers.Picture(
        "/game-art/fish.svg", True, "/img/v.png"
    )
    assert covers.picture(None, "FISH", vendor=True) == covers.Picture("/game-art/fish.svg", True)


def test_a_vendor_without_an_icon_is_known_by_its_default_icon() -> None:
    assert covers.own_vendor_icon("/img/vendor/default.png") == ""
    assert (
        covers.own_vendor_icon("/img/vendor/list/color/PG.png") == "/img/vendor/list/color/PG.png"
    )


async def test_a_provider_tile_without_an_icon_shows_its_categorys_cover() -> None:
    brand = await brands.by_code("BR1")
    cards = {
        card.vassalage: card for item in (await lobby.menus(brand, "EN")).nav for card in item.cards
    }
    code, listed = next(iter(cards.items()))
    blank = replace(listed, icons=replace(listed.icons, color="/img/vendor/default.png"))
    tile = lobby.provider_card(blank)
    assert (tile.icon, tile.cover) == (covers.cover_url(listed.game_type), True)
    own = lobby.provider_card(listed)
    assert (own.icon, own.cover, own.vassalage) == (listed.icons.color, False, code)
    assert own.fallback == covers.cover_url(listed.game_type)
