"""Artwork of the catalogue: every game's icon is drawn from its name, theme and kind, every
vendor has a wordmark, every lottery image category a picture; other image paths keep the
placeholder."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from xml.etree import ElementTree

import pytest
from sqlmodel import col, select

from app.client import PlatformClient
from app.core.db import session_scope
from app.services.catalogue import artwork, motifs
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
    assert "<text" not in lottery.text  # no game's title: its games share it
    assert lottery.text != (await client.raw("GET", "/img/lottery/PK10.png")).text
    other = await client.raw("GET", "/img/banners/summer.png")
    assert other.status_code == 200 and "aria-label" not in other.text


def test_theme_motif_and_accents_come_from_the_name() -> None:
    assert artwork.theme_of("Fire Dragon Megaways") == artwork.THEMES["fire"]
    assert artwork.motif_of("Frozen Gems") == "gem-stone"
    assert artwork.motif_of("Lucky Tiger") == "tiger"
    assert artwork.motif_of("Fire Heist Extreme") == "money-bag"  # the last noun
    assert artwork.accents_of("Frozen Gems", "slot", "gem-stone") == ("snowflake", "coin")
    assert "gem-stone" not in artwork.accents_of("Diamond Gems", "slot", "gem-stone")
    # No noun of the list: one of its kind's illustrations, the same one every time.
    assert artwork.motif_of("Mega Spins", "fish") in motifs.MOTIFS_OF_KIND["fish"]
    assert artwork.game_svg("Mega Spins", "FISH") == artwork.game_svg("Mega Spins", "FISH")
    fish = artwork.game_svg("Ocean King", "FISH")
    slot = artwork.game_svg("Ocean King", "RNG")
    assert fish != slot and motifs.bodies()["bubbles"] in fish
    assert "<script" not in artwork.game_svg("<script>alert(1)</script>", "RNG")


def test_a_live_table_is_its_dealer_with_the_table_s_game_beside() -> None:
    dealer, game, accent = artwork.figures_of("Evolution Lightning Roulette", "live")
    assert dealer in motifs.DEALERS and (game, accent) == ("wheel", "sparkles")
    assert artwork.figures_of("VIP Blackjack", "live")[1] == "spade-suit"
    dealers = {artwork.figures_of(f"Baccarat {n}", "live")[0] for n in range(1, 40)}
    assert len(dealers) >= 10  # tables of one game have dealers of their own
    svg = artwork.game_svg("Speed Baccarat", "LIVE")
    assert all(
        motifs.bodies()[name] in svg for name in artwork.figures_of("Speed Baccarat", "live")
    )
    # Other kinds keep their motif first.
    assert artwork.figures_of("Frozen Gems", "slot") == ("gem-stone", "snowflake", "coin")


def test_every_picture_is_well_formed_svg_with_its_illustrations() -> None:
    for name, game_type in (
        ("Samurai Eagle Power Jackpot", "RNG"),
        ("Aztec Jewels Hold & Win", "RNG"),
        ("Pharaoh's <Gold>", "RNG"),
        ("Speed Baccarat", "LIVE"),
        ("Deep Sea Fishing", "FISH"),
        ("Mahjong Ways", "PVP"),
        ("Premier League", "SPORTS"),
        ("Counter Strike", "ESPORTS"),
        ("Galo de Ouro", "COCKFIGHT"),
        ("Mega Sena", "LOTT"),
    ):
        svg = artwork.game_svg(name, game_type)
        root = ElementTree.fromstring(svg)  # raises on markup a name could break
        assert root.get("aria-label") == name
        drawn = [child for child in root.iter() if child.tag.endswith("}svg") and child is not root]
        assert len(drawn) == 3  # the motif and its two accents
        lines = [text.text or "" for text in root.iter("{http://www.w3.org/2000/svg}text")]
        assert " ".join(lines) == name  # lettered whole, in one or two lines


def test_the_kept_illustrations_are_exactly_the_ones_named() -> None:
    """A name added to motifs.py without `make game-art-motifs` fails here, not on a page."""
    kept = json.loads(motifs.MOTIFS_FILE.read_text(encoding="utf-8"))
    assert set(kept["icons"]) == motifs.names()
    assert kept["package"].startswith(motifs.PACKAGE + "@") and kept["licence"] == "MIT"
    assert (motifs.MOTIFS_FILE.parent / "LICENSE-fluent-emoji.txt").is_file()
    for body in kept["icons"].values():
        assert "<script" not in body and "http" not in body.replace("http://www.w3.org", "")


def test_the_extraction_takes_the_named_illustrations_and_names_a_missing_one(
    tmp_path: Path,
) -> None:
    icons = {name: {"body": f"<path d='{name}'/>"} for name in motifs.names() - {"tiger"}}
    icons["tiger-drawing"] = {"body": "<path d='tiger'/>"}
    icons["unused"] = {"body": "<path/>"}
    package = tmp_path / "fluent-emoji-flat"
    package.mkdir()
    (package / "package.json").write_text(json.dumps({"name": motifs.PACKAGE, "version": "9.9"}))
    info = {"author": {"name": "Microsoft Corporation"}, "license": {"spdx": "MIT", "url": "u"}}
    (package / "info.json").write_text(json.dumps(info))
    body = {"width": 32, "height": 32, "icons": icons, "aliases": {}}
    (package / "icons.json").write_text(json.dumps(body))
    with pytest.raises(KeyError, match="tiger"):
        motifs.extract(package / "icons.json")
    body["aliases"] = {"tiger": {"parent": "tiger-drawing"}}
    (package / "icons.json").write_text(json.dumps(body))
    kept = motifs.extract(package / "icons.json")
    assert kept["package"] == f"{motifs.PACKAGE}@9.9" and kept["licence"] == "MIT"
    assert isinstance(kept["icons"], dict) and set(kept["icons"]) == motifs.names()
    assert kept["icons"]["tiger"] == "<path d='tiger'/>"
