"""Tab tokens and browsers: a tab's state belongs to the browser that opened it.

Reflex keys a tab's state by the token the page keeps in session storage, and hands that state
to whoever connects with the token. Here every token is bound, at its first connection, to
the browser secret of the HttpOnly `browser` cookie (app/front_door.py): a socket of another
browser that shows the token gets a new, empty tab of its own instead, so a stolen tab token
reads and changes nothing.

The upload endpoint (`/_upload`, an HTTP call naming a tab token and a handler) answers only
the browser the token belongs to, for the same reason.

A login rotates the browser's secret (app/services/browser_logins.py): a tab bound to the
secret before still belongs to the browser that now shows its successor.

A websocket reconnect keeps the tab's state (Reflex issue #6345). When a socket connects with
a token that is still linked to another socket (the server has not yet noticed that the old
one dropped: a network blip, a proxy closing it, a reconnect to another process), Reflex takes
it for a duplicated tab and hands out a new token. The new token starts as a copy of the old
token's state, as a browser copies session storage into a duplicated tab, only when the socket
comes from the same browser; the copy carries no session token: the login comes back from the
browser's cookie binding (`current_login`), which only that browser can show.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Awaitable, Callable, Sequence

import reflex as rx
from reflex.istate.manager.redis import StateManagerRedis
from reflex.istate.manager.token import BaseStateToken
from reflex.state import BaseState, _substate_key
from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from app.services.browser_logins import browser_digest, same_browser, secret_of
from state.accounts.auth import AuthState

logger = logging.getLogger(__name__)
UPLOAD_PATH = "/_upload"
# A refused upload is read up to this size before the refusal is sent (then dropped).
DRAIN_LIMIT_BYTES = 8 * 1024 * 1024


def _state_names(root: type[BaseState]) -> list[str]:
    names = [root.get_full_name()]
    for substate in root.get_substates():
        names += _state_names(substate)
    return names


async def copy_tab_state(app: rx.App, old_token: str, new_token: str) -> int:
    """Copy every stored substate of `old_token` to `new_token`, without the session token;
    how many were copied."""
    manager = app.state_manager
    root = app._state
    if root is None:
        return 0
    if isinstance(manager, StateManagerRedis):
        copied = 0
        for name in _state_names(root):
            source, target = _substate_key(old_token, name), _substate_key(new_token, name)
            copied += int(await manager.redis.copy(source, target, replace=True))
    else:
        # Disk and memory managers keep live states in this process: copy through pickling
        # (each substate pickles without its parent and children) and rebuild the tree.
        state = await manager.get_state(BaseStateToken(ident=old_token, cls=root))
        await manager.set_state(BaseStateToken(ident=new_token, cls=root), _clone_tree(state))
        copied = len(_state_names(root))
    async with manager.modify_state(BaseStateToken(ident=new_token, cls=AuthState)) as copy:
        (await copy.get_state(AuthState))._forget_secrets()
    return copied


def _clone_tree(state: BaseState) -> BaseState:
    clone = BaseState._deserialize(data=state._serialize())
    clone._was_touched = True
    for name, substate in state.substates.items():
        child = _clone_tree(substate)
        child.parent_state = clone
        clone.substates[name] = child
    return clone


async def claim_tab(app: rx.App, token: str, browser: str) -> bool:
    """Bind the tab token to the browser (digest) on its first connection; whether the token
    belongs to this browser. A token without an owner holds no login (a login needs one)."""
    async with app.state_manager.modify_state(BaseStateToken(ident=token, cls=AuthState)) as root:
        auth = await root.get_state(AuthState)
        if not auth._browser:
            auth._forget_secrets()
            auth._browser = browser
            return True
        if not await same_browser(auth._browser, browser):
            return False
        auth._browser = browser  # a login of this browser rotated its secret
        return True


async def tab_belongs(app: rx.App, token: str, browser: str) -> bool:
    """Whether the tab token is bound to this browser (digest)."""
    if not token or not browser:
        return False
    root = await app.state_manager.get_state(BaseStateToken(ident=token, cls=AuthState))
    return await same_browser((await root.get_state(AuthState))._browser, browser)


class UploadGuard:
    """Refuses uploads (`/_upload`) for a tab token of another browser: 403."""

    def __init__(self, asgi: ASGIApp, app: rx.App) -> None:
        self.asgi = asgi
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["path"].rstrip("/").endswith(UPLOAD_PATH):
            headers = Headers(scope=scope)
            browser = browser_digest(secret_of(headers.get("cookie")))
            token = headers.get("reflex-client-token", "")
            if not await tab_belongs(self.app, token, browser):
                await _drain(receive)
                await JSONResponse({"detail": "not this browser's tab"}, 403)(scope, receive, send)
                return
        await self.asgi(scope, receive, send)


async def _drain(receive: Receive, limit: int = DRAIN_LIMIT_BYTES) -> None:
    """Read (and drop) what the client sends before refusing it: a server that answers and
    closes while the client is still writing resets the connection, and the client sees no
    answer at all."""
    seen = 0
    while seen <= limit:
        message = await receive()
        if message["type"] != "http.request":
            return
        seen += len(message.get("body", b""))
        if not message.get("more_body", False):
            return


def socket_browser(app: rx.App, sid: str) -> str:
    """The browser digest of a connected socket, from its handshake's cookie ('' if none)."""
    namespace = app.event_namespace
    if app.sio is None or namespace is None:
        return ""
    environ = app.sio.get_environ(sid, namespace.namespace) or {}
    return browser_digest(secret_of(environ.get("HTTP_COOKIE")))


def keep_state_on_new_token(app: rx.App) -> None:
    """Wrap the app's token manager: a token is bound to its browser, and a new token for a
    reconnecting tab of the same browser inherits the tab's state."""
    namespace = app.event_namespace
    if namespace is None:
        return
    manager = namespace._token_manager
    link: Callable[[str, str], Awaitable[str | None]] = manager.link_token_to_sid

    async def link_checked(token: str, sid: str) -> str | None:
        browser = socket_browser(app, sid)
        if not await claim_tab(app, token, browser):
            # Another browser's tab token: this socket gets a tab of its own.
            fresh = str(uuid.uuid4())
            await claim_tab(app, fresh, browser)
            return await link(fresh, sid) or fresh
        new_token = await link(token, sid)
        if new_token:
            try:
                await copy_tab_state(app, token, new_token)
            except Exception:
                logger.exception("could not copy the tab's state to its new token")
        return new_token

    manager.link_token_to_sid = link_checked  # type: ignore[method-assign]


def guard_uploads(app: rx.App) -> None:
    """Put the upload guard in front of the app (after its other transformers)."""
    current = app.api_transformer
    transforms: list[Starlette | Callable[[ASGIApp], ASGIApp]] = []
    if isinstance(current, Sequence):
        transforms.extend(current)
    elif current is not None:
        transforms.append(current)
    transforms.append(lambda asgi: UploadGuard(asgi, app))
    app.api_transformer = transforms
