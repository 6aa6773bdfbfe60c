"""Artwork of the catalogue: every game's icon is drawn from its name, theme and kind, every
vendor has a wordmark, every lottery image category a picture; other image paths keep the
placeholder."""

from __future__ import annotations

from collections.abc import Callable

from sqlmodel import col, select

from app.client import PlatformClient
from app.core.db import session_scope
from app.services.catalogue import artwork
from models import Game


async def test_game_icons_are_drawn_per_game_and_kind(
    make_client: Callable[..., PlatformClient],
) -> None:
    client = make_client()
    async with session_scope() as session:
        games = (
            await session.exec(
                select(Game).where(Game.is_game == "GAME").order_by(col(Game.id)).limit(3000)
            )
        ).all()
    kinds = {}
    for game in games:
        kinds.setdefault(game.game_type, game)
    assert {"RNG", "LIVE", "FISH", "PVP"} <= set(kinds)
    seen = set()
    for game in kinds.values():
        answer = await client.raw("GET", f"/img/games/{game.vassalage}/{game.game_code}.png")
        assert answer.status_code == 200
        assert answer.headers["content-type"].startswith("image/svg+xml")
        svg = answer.text
        assert f'aria-label="{game.game_name}"' in svg.replace("&#x27;", "'")
        seen.add(svg)
    assert len(seen) == len(kinds)  # one picture per game, not one letter for all


async def test_vendor_logos_and_the_placeholder(make_client: Callable[..., PlatformClient]) -> None:
    client = make_client()
    logo = await client.raw("GET", "/img/vendor/list/color/PG.png")
    assert "PG Soft" in logo.text
    white = await client.raw("GET", "/img/vendor/list/white/EVO.png")
    assert "Evolution" in white.text and "#ffffff" in white.text
    lottery = await client.raw("GET", "/img/lottery/SSC.png")
    assert 'role="img"' in lottery.text  # drawn artwork, not the placeholder
    assert 'font-size="19"' not in lottery.text  # no game's title: its games share it
    assert lottery.text != (await client.raw("GET", "/img/lottery/PK10.png")).text
    other = await client.raw("GET", "/img/banners/summer.png")
    assert other.status_code == 200 and "aria-label" not in other.text


def test_theme_and_motif_come_from_the_name() -> None:
    assert artwork.theme_of("Fire Dragon Megaways") == artwork.THEMES["fire"]
    assert artwork.motif_of("Frozen Gems") == "♦"
    assert artwork.motif_of("Lucky Tiger") == "♞"
    assert artwork.motif_of("Lucky Spins") == "☘"
    fish = artwork.game_svg("Ocean King", "FISH")
    slot = artwork.game_svg("Ocean King", "RNG")
    assert fish != slot and "<ellipse" in fish
    assert "<script" not in artwork.game_svg("<script>alert(1)</script>", "RNG")
