"""The register page carries the operator's hint of each field it shows (issue 39): the
username's in place of its rule, another field's under it; a field without one keeps the
site's own (the username rule). The tab runs through the site's own event processor."""

from __future__ import annotations

from dataclasses import replace

from app.app import app as site
from app.services import register_settings
from models.base import utcnow
from state.accounts.register import RegisterState
from tests.helpers.page_state import Tab

BRAND = "BR1"  # the demo brand at localhost (tests/helpers/page_state.py HOST)
HINTS = {
    "username": "Seu apelido no site",
    "email": "Usamos só para recuperar a senha",
    "mobileNum": "Enviamos o código por SMS",
}


async def _register_page() -> RegisterState:
    tab = Tab(site)
    await tab.visit(["/register"])
    return await tab.state(RegisterState)  # type: ignore[no-any-return]


async def test_the_register_page_shows_the_operator_s_hints() -> None:
    stored = {f.name: f for f in await register_settings.fields(BRAND)}
    page = await _register_page()
    rule = page.username_hint
    assert rule and page.mobile_hint == "" and all(f.hint == "" for f in page.extra_fields)
    try:
        for name, hint in HINTS.items():
            await register_settings.set_field(BRAND, replace(stored[name], hint=hint), now=utcnow())
        page = await _register_page()
        assert page.username_hint == HINTS["username"]
        assert page.mobile_hint == HINTS["mobileNum"]  # drawn beside its dialling code
        hints = {f.name: f.hint for f in page.extra_fields}
        assert hints["email"] == HINTS["email"]
        assert hints["payeeName"] == ""  # no hint of its own: none from the operator
    finally:
        for name in HINTS:
            await register_settings.set_field(BRAND, stored[name], now=utcnow())
    assert (await _register_page()).username_hint == rule
