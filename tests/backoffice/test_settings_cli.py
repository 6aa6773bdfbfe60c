"""A brand's settings from the command line: a registration field changed and put back (its
hint set and cleared), the modules listed, a race created, scheduled and stopped; each change
in the audit log as "cli", a bad value refused with its message (exit 2) and nothing written."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import timedelta

import pytest

from app import cli
from app.core.cache import close_redis
from app.core.db import dispose_engine
from app.services import register_settings
from app.services.brands import brands
from app.services.loyalty import campaigns
from models.base import utcnow


async def _fields() -> dict[str, register_settings.FieldSetting]:
    try:
        return {f.name: f for f in await register_settings.fields("BR2")}
    finally:
        await dispose_engine()
        await close_redis()


async def _campaign(code: str) -> campaigns.Campaign | None:
    try:
        br2 = await brands.by_code("BR2")
        return next((c for c in await campaigns.listing(br2.id, utcnow()) if c.code == code), None)
    finally:
        await dispose_engine()
        await close_redis()


def test_settings_from_the_cli(engine_released: None, capsys: pytest.CaptureFixture[str]) -> None:
    before = asyncio.run(_fields())["facebook"]
    assert not before.enabled
    shown = ["register-field", "BR2", "facebook", "--shown", "--required", "--accepted", "[a-z.]+"]
    assert cli.main(shown) == 0
    assert "facebook: shown, required" in capsys.readouterr().out
    after = asyncio.run(_fields())["facebook"]
    assert after.enabled and after.required and after.accepted_pattern == "[a-z.]+"
    assert after.min_length == before.min_length  # what was not given stays
    assert cli.main(["register-field", "BR2", "facebook", "--accepted", "(x*)*"]) == 2
    assert "accepted pattern" in capsys.readouterr().err
    assert asyncio.run(_fields())["facebook"] == after
    back = ["register-field", "BR2", "facebook", "--hidden", "--optional", "--accepted", "*"]
    assert cli.main(back) == 0
    assert asyncio.run(_fields())["facebook"] == before

    hint = ["register-field", "BR2", "facebook", "--hint", "Seu perfil do Facebook"]
    assert cli.main(hint) == 0
    assert "hint Seu perfil do Facebook" in capsys.readouterr().out
    assert asyncio.run(_fields())["facebook"] == replace(before, hint="Seu perfil do Facebook")
    markup = ["register-field", "BR2", "facebook", "--hint", "<script>x</script>"]
    assert cli.main(markup) == 2
    assert "plain text" in capsys.readouterr().err
    assert asyncio.run(_fields())["facebook"].hint == "Seu perfil do Facebook"
    assert cli.main(["register-field", "BR2", "facebook", "--hint", "-"]) == 0
    assert "hint -" in capsys.readouterr().out
    assert asyncio.run(_fields())["facebook"] == before

    assert cli.main(["modules", "BR2"]) == 0
    listed = capsys.readouterr().out
    assert "AGENT3\ton" in listed and "LOSSPAY3\toff" in listed

    code = f"CLI{utcnow():%H%M%S%f}"[:20]
    starts = (utcnow() + timedelta(days=1)).isoformat(timespec="minutes")
    race = ["missions", "BR2", "create", "race", code, "--title-en", "Sprint"]
    race += ["--title-pt", "Corrida", "--period", "DAILY", "--measure", "TURNOVER"]
    race += ["--prize", "30", "--prize", "10", "--starts", starts]
    assert cli.main(race) == 0
    assert f"race\t{code}\tscheduled" in capsys.readouterr().out
    assert cli.main(["missions", "BR2", "schedule", "race", code]) == 0
    assert f"race\t{code}\trunning" in capsys.readouterr().out
    assert cli.main(["missions", "BR2", "list"]) == 0
    assert f"{code}\trunning" in capsys.readouterr().out
    assert cli.main(["missions", "BR2", "stop", "race", code]) == 0
    assert f"{code}\tended" in capsys.readouterr().out
    assert cli.main(["missions", "BR2", "stop", "race", code]) == 2
    assert "already ended" in capsys.readouterr().err
    found = asyncio.run(_campaign(code))
    assert found is not None and found.state == campaigns.ENDED
    assert found.reward == "30.00 / 10.00"
