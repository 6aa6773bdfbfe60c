"""Logins per browser: the site's session is bound to a browser secret.

The secret lives in an HttpOnly, SameSite cookie that no script on the page can read. A tab
keeps its login only while its websocket comes from the browser that logged in; a new tab of
that browser finds the login here; a tab token copied to another browser finds nothing.
Stored: the secret's SHA-256 and the session token sealed under a key derived from the app
secret and the browser secret, so neither a database copy nor a tab token opens it alone.

Against fixation: a secret carries the server's MAC, so a value the server never issued is
not a secret at all (ignored, and the front door gives the browser a real one); and a login
never keeps the secret the browser came with: it binds a fresh one, which the browser
fetches once with a one-time ticket (`rotation_ticket`, `take_rotation`).
"""

from __future__ import annotations

import hmac
import secrets
from http.cookies import CookieError, SimpleCookie
from typing import Any

from sqlalchemy import Table, delete
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlmodel import select

from app.core.cache import get_redis
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.security import decrypt_secret, encrypt_secret, token_digest
from app.services import device_keys
from app.services.accounts import sessions
from models import BrowserLogin

COOKIE_NAME = "browser"
COOKIE_MAX_AGE_SECONDS = 400 * 24 * 3600  # the longest life browsers grant a cookie
_TABLE: Table = BrowserLogin.__table__  # type: ignore[attr-defined]
ROTATION_TTL_SECONDS = 120
_ROTATION_STEPS = 8  # logins of one browser while one of its tabs stays connected
ROTATE_PATH = "/_browser/rotate"  # where a page fetches its rotated secret (app/front_door.py)


def new_browser_secret() -> str:
    """A browser secret is a device key (app/services/device_keys.py)."""
    return device_keys.new_key()


def valid_secret(secret: str | None) -> str | None:
    """The secret when this server issued it, else None: a value made up elsewhere (a
    fixation attempt) counts as no cookie at all."""
    return device_keys.valid_key(secret)


def secret_of(cookie_header: str | None) -> str | None:
    """The browser secret of a `Cookie` header, if it holds a well-formed one."""
    if not cookie_header:
        return None
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(cookie_header)
    except CookieError:
        return None
    morsel = jar.get(COOKIE_NAME)
    return valid_secret(morsel.value) if morsel is not None else None


def browser_digest(secret: str | None) -> str:
    """What identifies a browser on the server side: its secret's digest ('' without one)."""
    checked = valid_secret(secret)
    return token_digest(checked) if checked else ""


def _purpose(secret: str) -> str:
    return f"browser-login:{secret}"


def _insert(connection: AsyncConnection) -> Any:
    dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
    return dialect.insert(_TABLE)


async def remember(secret: str, merchant_id: int, session_id: int, token: str) -> None:
    """Bind the browser's login on this brand to a session (a newer login replaces it)."""
    checked = valid_secret(secret)
    if checked is None:
        return
    values = {
        "member_session_id": session_id,
        "sealed_token": encrypt_secret(token, _purpose(checked)),
    }
    async with write_transaction() as session:
        connection = await session.connection()
        await connection.execute(
            _insert(connection)
            .values(browser_digest=token_digest(checked), merchant_id=merchant_id, **values)
            .on_conflict_do_update(index_elements=["browser_digest", "merchant_id"], set_=values)
        )


async def recall(
    secret: str | None, merchant_id: int, *, touch: bool = True
) -> tuple[str, sessions.Authenticated] | None:
    """The browser's live login on this brand (token and member), if it has one; an ended
    session's binding is dropped. `touch` as in `sessions.authenticate`."""
    checked = valid_secret(secret)
    if checked is None:
        return None
    async with session_scope() as session:
        row = (
            await session.exec(
                select(BrowserLogin)
                .where(BrowserLogin.browser_digest == token_digest(checked))
                .where(BrowserLogin.merchant_id == merchant_id)
            )
        ).first()
    if row is None:
        return None
    try:
        token = decrypt_secret(row.sealed_token, _purpose(checked))
        return token, await sessions.authenticate(token, touch=touch)
    except (ValueError, AppError):  # unsealable, or the session ended (logout, expiry ...)
        await forget(checked, merchant_id)
        return None


async def forget(secret: str | None, merchant_id: int) -> None:
    """The browser logged out of this brand: no tab of it finds the login any more."""
    checked = valid_secret(secret)
    if checked is None:
        return
    async with write_transaction() as session:
        await session.exec(
            delete(BrowserLogin)
            .where(BrowserLogin.browser_digest == token_digest(checked))  # type: ignore[arg-type]
            .where(BrowserLogin.merchant_id == merchant_id)  # type: ignore[arg-type]
        )


def _rotation_key(ticket: str) -> str:
    return f"browser-rotation:{token_digest(ticket)}"


def _successor_key(digest: str) -> str:
    return f"browser-rotated:{digest}"


async def rotation_ticket(new_secret: str) -> str:
    """A one-time ticket with which the page of a login fetches `new_secret` as its cookie
    (app/front_door.py); it travels only over the socket of that login's tab."""
    ticket = secrets.token_urlsafe(32)
    await get_redis().set(_rotation_key(ticket), new_secret, ex=ROTATION_TTL_SECONDS)
    return ticket


async def take_rotation(ticket: str, presented_secret: str | None) -> str | None:
    """The new secret of a ticket, once; the browser's secret it replaces is remembered as
    rotated to it, so that the browser's open tabs still know it as theirs
    (`same_browser`)."""
    if not ticket or len(ticket) > 64:
        return None
    new_secret = valid_secret(await get_redis().getdel(_rotation_key(ticket)))
    if new_secret is None:
        return None
    await remember_rotation(presented_secret, new_secret)
    return new_secret


async def remember_rotation(old_secret: str | None, new_secret: str) -> None:
    """The browser that showed `old_secret` now holds `new_secret`: its open tabs, and the
    four-eyes check of a staff request, still know it as the same browser (`same_browser`)."""
    old = browser_digest(old_secret)
    if old:
        await get_redis().set(
            _successor_key(old), browser_digest(new_secret), ex=COOKIE_MAX_AGE_SECONDS
        )


async def same_browser(bound: str, presented: str) -> bool:
    """Whether a tab bound to the browser digest `bound` belongs to the browser showing
    `presented`: the same secret, or one its logins rotated it to since (a few steps)."""
    if not bound or not presented:
        return False
    current = bound
    for _ in range(_ROTATION_STEPS + 1):
        if hmac.compare_digest(current, presented):
            return True
        following = await get_redis().get(_successor_key(current))
        if not following:
            return False
        current = following
    return False
