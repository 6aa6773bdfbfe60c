"""A brand's banners from the command line (`python -m app.cli banner`): the demo's home banners
are its promotions; a popup banner added for one language shows in that language's popup only,
then is removed; a home banner tied to a promotion; each change in the audit log as "cli"; every
bad value refused with its message (exit 2) and nothing written."""

from __future__ import annotations

import asyncio
import json

import pytest
from sqlmodel import col, select

from app import cli
from app.core.cache import close_redis
from app.core.db import dispose_engine, session_scope
from app.services.brands import brands
from app.services.content import announcements, banners
from models.backoffice import AuditEntry


async def _listed() -> list[banners.ShownBanner]:
    try:
        return await banners.listing("BR2")
    finally:
        await dispose_engine()
        await close_redis()


async def _popups(language: str) -> dict[str, str]:
    try:
        brand = await brands.by_code("BR2")
        return {g: b.image for g, b in announcements.popup_banners(brand, language).items()}
    finally:
        await dispose_engine()
        await close_redis()


async def _audited(banner_id: int) -> list[str]:
    """The audit entries of the banner `banner_id`: who, and what."""
    try:
        async with session_scope() as session:
            rows = (
                await session.exec(
                    select(AuditEntry)
                    .where(col(AuditEntry.action).startswith("settings.banner_"))
                    .order_by(col(AuditEntry.seq))
                )
            ).all()
        return [
            f"{row.staff_name} {row.action}"
            for row in rows
            if any(part.get("id") == banner_id for part in json.loads(row.detail).values())
        ]
    finally:
        await dispose_engine()
        await close_redis()


def test_banners_from_the_cli(engine_released: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["banner", "BR2"]) == 0
    listed = capsys.readouterr().out
    for code in ("BIGWIN", "PLAY100", "ENVELOPE"):
        assert "\tw_home\t" in listed and f"promotion {code}" in listed
    before = asyncio.run(_listed())

    login = ["banner", "BR2", "add", "w_login", "--image", "/promo-art/deposit.svg"]
    login += ["--title", "Deposite com PIX"]
    assert cli.main([*login, "--link", "/deposit", "--language", "EN", "--sort", "2"]) == 0
    added = capsys.readouterr().out
    assert "\tw_login\t2\tEN\t/promo-art/deposit.svg -> /deposit" in added
    banner_id = int(added.split("\t")[0])
    assert asyncio.run(_popups("EN")) == {"w_login": "/promo-art/deposit.svg"}
    assert asyncio.run(_popups("PT")) == {}  # for English readers only

    home = ["banner", "BR2", "add", "w_home", "--promotion", "ENVELOPE", "--sort", "-5"]
    assert cli.main(home) == 0
    tied_id = int(capsys.readouterr().out.split("\t")[0])
    assert [b.promotion for b in asyncio.run(_listed()) if b.id == tied_id] == ["ENVELOPE"]

    art = ["--image", "/promo-art/deposit.svg", "--title", "PIX"]
    refused = [
        (["add", "w_footer", *art], "group"),
        (["add", "w_login", *art, "--language", "VI"], "language"),
        (["add", "w_login", *art, "--link", "javascript:x()"], "link"),
        (["add", "w_login", *art, "--sort", "10000"], "sort"),
        (["add", "w_login"], "image"),
        (["add", "w_login", *art[:2]], "title"),  # an image says what it shows
        (["add", "w_login", *art[:2], "--title", "<b>PIX</b>"], "title"),
        (["add", "w_login", "--image", "http://example.com/a.png"], "https:// address"),
        (["add", "w_login", "--image", "/no/such.png"], "https:// address"),
        (["add", "w_login", "--promotion", "ENVELOPE"], "promotion"),
        (["add", "w_home", "--promotion", "NOSUCH"], "promotion"),
        (["add", "w_home", "--promotion", "ENVELOPE", "--link", "/deposit"], "link"),
        (["remove", "999999999"], "no banner 999999999"),
        (["remove", "abc"], "no banner abc"),
    ]
    after = asyncio.run(_listed())
    for arguments, said in refused:
        assert cli.main(["banner", "BR2", *arguments]) == 2, arguments
        assert said in capsys.readouterr().err, arguments
    assert asyncio.run(_listed()) == after

    for removed in (banner_id, tied_id):
        assert cli.main(["banner", "BR2", "remove", str(removed)]) == 0
        assert capsys.readouterr().out.startswith(f"removed {removed}\t")
    assert asyncio.run(_listed()) == before
    assert asyncio.run(_popups("EN")) == {}
    assert asyncio.run(_audited(banner_id)) == [
        "cli settings.banner_add",
        "cli settings.banner_remove",
    ]
