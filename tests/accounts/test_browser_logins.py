"""Logins per browser (app/services/browser_logins.py) and form secrets held across the bot
check (app/services/pending_secrets.py), against the real database and cache; the front
door's browser cookie (app/front_door.py) against forged values and across a login."""

from __future__ import annotations

import secrets
from typing import Any

import httpx
import pytest
from sqlmodel import select

from app.client import solve_pow
from app.core.db import session_scope
from app.front_door import BrowserCookie
from app.services import browser_logins, pending_secrets
from app.services.accounts import login as login_service
from app.services.accounts import sessions, verification
from app.services.brands import brands
from app.services.browser_logins import ROTATE_PATH
from models import BrowserLogin
from tests.helpers.accounts import PASSWORD, make_member

pytestmark = pytest.mark.engines  # see the Makefile: runs on SQLite and on PostgreSQL


async def _login() -> tuple[str, int, int]:
    """A member's session: its token, session id and member id."""
    member = await make_member()
    token = await sessions.open_session(member, "198.51.100.7", "test", "WEB")
    login = await sessions.authenticate(token)
    assert member.id is not None
    return token, login.session_id, member.id


def test_cookie_parsing_takes_only_well_formed_secrets() -> None:
    secret = browser_logins.new_browser_secret()
    assert browser_logins.secret_of(f"lang=pt; browser={secret}; x=1") == secret
    assert browser_logins.secret_of("browser=short") is None
    assert browser_logins.secret_of(f'browser="{secret}\\"; evil') is None
    assert browser_logins.secret_of(None) is None
    assert browser_logins.browser_digest(secret) != secret
    assert len(browser_logins.browser_digest(secret)) == 64
    assert browser_logins.browser_digest("not a secret") == ""


async def test_a_browser_finds_its_login_and_no_other_browser_does() -> None:
    brand = await brands.by_code("BR1")
    other_brand = await brands.by_code("BR2")
    token, session_id, member_id = await _login()
    secret, stranger = browser_logins.new_browser_secret(), browser_logins.new_browser_secret()
    await browser_logins.remember(secret, brand.id, session_id, token)

    found = await browser_logins.recall(secret, brand.id)
    assert found is not None
    assert found[0] == token and found[1].member.id == member_id
    assert await browser_logins.recall(stranger, brand.id) is None
    assert await browser_logins.recall(secret, other_brand.id) is None
    async with session_scope() as session:
        row = (
            await session.exec(
                select(BrowserLogin).where(BrowserLogin.member_session_id == session_id)
            )
        ).one()
    # Neither the secret nor the session token is stored in clear.
    assert secret not in repr(row) and token not in repr(row)


async def test_a_newer_login_replaces_the_browsers_binding() -> None:
    brand = await brands.by_code("BR1")
    secret = browser_logins.new_browser_secret()
    first, first_id, _ = await _login()
    second, second_id, second_member = await _login()
    await browser_logins.remember(secret, brand.id, first_id, first)
    await browser_logins.remember(secret, brand.id, second_id, second)
    found = await browser_logins.recall(secret, brand.id)
    assert found is not None and found[1].member.id == second_member


async def test_an_ended_session_or_a_logout_leaves_nothing_to_find() -> None:
    brand = await brands.by_code("BR1")
    secret, other = browser_logins.new_browser_secret(), browser_logins.new_browser_secret()
    token, session_id, _ = await _login()
    await browser_logins.remember(secret, brand.id, session_id, token)
    await sessions.logout(token)
    assert await browser_logins.recall(secret, brand.id) is None
    async with session_scope() as session:
        left = (
            await session.exec(
                select(BrowserLogin).where(
                    BrowserLogin.browser_digest == browser_logins.browser_digest(secret)
                )
            )
        ).all()
    assert left == []

    token, session_id, _ = await _login()
    await browser_logins.remember(other, brand.id, session_id, token)
    await browser_logins.forget(other, brand.id)
    assert await browser_logins.recall(other, brand.id) is None
    assert (await sessions.authenticate(token)).session_id == session_id  # still live


async def test_held_secrets_come_back_once() -> None:
    handle = await pending_secrets.hold({"password": "Segura123", "totpCode": "123456"})
    assert "Segura123" not in handle
    assert await pending_secrets.take(handle) == {"password": "Segura123", "totpCode": "123456"}
    assert await pending_secrets.take(handle) == {}
    assert await pending_secrets.take("") == {}
    assert await pending_secrets.take("x" * 100) == {}


# Fixation (issue 32): a secret the server never issued is ignored and replaced; a login never
# keeps the secret the browser came with.


def _page() -> Any:
    """A page behind the front door's browser cookie."""

    async def page(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"page"})

    return BrowserCookie(page)


def _site() -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=_page()), base_url="http://site")


def _set_secret(response: httpx.Response) -> str | None:
    cookie = response.headers.get("set-cookie")
    if cookie is None:
        return None
    assert "HttpOnly" in cookie
    return cookie.split(";", 1)[0].removeprefix("browser=")


async def test_a_forged_browser_cookie_is_ignored_and_replaced() -> None:
    forged = secrets.token_urlsafe(32)  # the right shape, never issued by the server
    assert browser_logins.secret_of(f"browser={forged}") is None
    assert browser_logins.browser_digest(forged) == ""
    async with _site() as site:
        replaced = _set_secret(await site.get("/", headers={"cookie": f"browser={forged}"}))
        assert replaced is not None and replaced != forged
        assert browser_logins.valid_secret(replaced) == replaced
        # A cookie the server issued is kept as it is.
        kept = await site.get("/", headers={"cookie": f"browser={replaced}"})
        assert _set_secret(kept) is None
    # Nothing is ever bound to a forged secret.
    brand = await brands.by_code("BR1")
    token, session_id, _ = await _login()
    await browser_logins.remember(forged, brand.id, session_id, token)
    assert await browser_logins.recall(forged, brand.id) is None


async def test_a_member_login_rotates_the_browser_secret() -> None:
    brand = await brands.by_code("BR1")
    member = await make_member()
    came_with = browser_logins.new_browser_secret()
    client = login_service.Client(ip="198.51.100.90", device_key=came_with)
    value = await login_service.login(
        brand,
        login_service.LoginRequest(
            username=member.username,
            password=PASSWORD,
            bot_check=solve_pow(verification.new_pow_challenge(max_number=50)),
        ),
        client,
    )
    # The login's new secret is what the site binds the login to (state/accounts/auth.py `_apply`).
    assert value.device_key != came_with
    assert browser_logins.valid_secret(value.device_key) == value.device_key
    # The page fetches it once with the ticket of its login; nobody else can.
    ticket = await browser_logins.rotation_ticket(value.device_key)
    async with _site() as site:
        cookie = {"cookie": f"browser={came_with}"}
        taken = await site.post(ROTATE_PATH, content=ticket, headers=cookie)
        assert taken.status_code == 204 and _set_secret(taken) == value.device_key
        again = await site.post(ROTATE_PATH, content=ticket, headers=cookie)
        assert again.status_code == 403 and _set_secret(again) is None
    # The browser's open tabs still belong to it; a tab of another browser does not.
    old, new = (browser_logins.browser_digest(s) for s in (came_with, value.device_key))
    assert await browser_logins.same_browser(old, new)
    stranger = browser_logins.browser_digest(browser_logins.new_browser_secret())
    assert not await browser_logins.same_browser(stranger, new)
