"""Logins per browser (app/services/browser_logins.py) and form secrets held across the bot
check (app/services/pending_secrets.py), against the real database and cache."""

from __future__ import annotations

from sqlmodel import select

from app.core.db import session_scope
from app.services import browser_logins, pending_secrets
from app.services.accounts import sessions
from app.services.brands import brands
from models import BrowserLogin
from tests.support.accounts import make_member


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
