"""Secrets never stay in page state: after a login, a password change and a TOTP setup in a
real browser, the tab's stored state (every substate, as the site keeps it in Redis) holds no
password, no TOTP secret and no recovery code, while the page showed what it had to."""

from __future__ import annotations

import re

import pyotp
import pytest
import redis.asyncio
from playwright.async_api import Page, expect

from app import routes
from tests.e2e.conftest import E2E_REDIS_URL, SLOW_MS, open_site, register_in_browser
from tests.helpers.accounts import PASSWORD

pytestmark = pytest.mark.e2e
BASE32 = re.compile(r"^[A-Z2-7]{16,}$")  # a TOTP secret as shown


async def _stored_state(token: str) -> bytes:
    """Every substate the site keeps for the tab token, as stored."""
    if not E2E_REDIS_URL:
        pytest.skip("the machine runs no Redis: the site keeps its state in-process")
    async with redis.asyncio.Redis.from_url(E2E_REDIS_URL) as client:
        keys = [key async for key in client.scan_iter(match=f"{token}*")]
        assert keys, "the tab's state is stored under its token"
        return b"".join([await client.get(key) or b"" for key in keys])


async def test_no_secret_stays_in_the_tab_state(page: Page, site_url: str) -> None:
    await register_in_browser(page, site_url)
    token = await page.evaluate("window.sessionStorage.getItem('token')")
    assert PASSWORD.encode() not in await _stored_state(token)

    await open_site(page, site_url + routes.SECURITY_CENTER)
    await page.get_by_test_id("totp-start").click()
    shown = page.get_by_test_id("totp-secret")
    await expect(shown).to_have_text(BASE32, timeout=SLOW_MS)
    secret = (await shown.inner_text()).strip()
    assert secret.encode() not in await _stored_state(token)

    setup = page.locator("form:has([data-testid=totp-enable])")
    await setup.locator("input[name=password]").fill(PASSWORD)  # turning 2FA on re-authenticates
    await setup.locator("input[name=code]").fill(pyotp.TOTP(secret).now())
    await page.get_by_test_id("totp-enable").click()
    codes = page.get_by_test_id("recovery-codes").locator("li")
    await expect(codes.first).to_be_visible(timeout=SLOW_MS)
    shown_codes = [c.strip() for c in await codes.all_inner_texts()]
    stored = await _stored_state(token)
    assert shown_codes and not [c for c in shown_codes if c.encode() in stored]
    assert secret.encode() not in stored
