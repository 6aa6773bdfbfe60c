"""An outsider's websocket client: Socket.IO speaking the page's own protocol (Reflex events),
with whatever token, cookie and Origin the outsider chooses, and the hostile arguments it
sends to every public event handler."""

from __future__ import annotations

import asyncio
import inspect
import time
from collections.abc import Iterator
from types import TracebackType
from typing import Any
from uuid import uuid4

import aiohttp
import httpx
import reflex as rx
import socketio  # type: ignore[import-untyped]
from reflex.state import BaseState

import app.app  # noqa: F401 (registers every state)
from state.studio.crash import CrashState

NAMESPACE = "/_event"  # the page's socket.io namespace, the same as the engine's path
QUIET_SECONDS = 2.0  # no update for this long: the server is done with what was sent
SETTLE_LIMIT_SECONDS = 240.0
# States whose live watch, once the barrage has started it, pushes updates on its own clock
# (the crash round's phase and multiplier): they say nothing of the server still working.
TICKING = frozenset({CrashState.get_full_name()})
# The namespace's connect runs the tab's claim and hydration: on a busy machine it takes more
# than the client's default second.
CONNECT_SECONDS = 30
# Handlers that end or switch the outsider's own login: called last.
LAST = ("logout", "start_trial")
HUGE = "x" * 100_000


def states(root: type[BaseState] = rx.State) -> Iterator[type[BaseState]]:
    yield root
    for substate in root.get_substates():
        yield from states(substate)


def handler_names() -> list[str]:
    """Every public handler of every state, as the page names them (state.handler)."""
    names = [f"{cls.get_full_name()}.{name}" for cls in states() for name in cls.event_handlers]
    return sorted(names, key=lambda n: (n.rsplit(".", 1)[-1] in LAST, n))


def parameters(full_name: str) -> list[str]:
    state_name, _, name = full_name.rpartition(".")
    cls = next(c for c in states() if c.get_full_name() == state_name)
    handler = cls.event_handlers[name]
    if name == "setvar":
        return ["var_name", "value"]
    return [p for p in inspect.signature(handler.fn).parameters if p != "self"]


def hostile_payloads(
    full_name: str, victim_id: int, victim_name: str, game_id: int, *, malformed: bool = True
) -> list[dict[str, Any]]:
    """No arguments; forged identity arguments; then every argument set to one hostile value:
    the victim's id, a game card naming the victim, a form naming the victim, and (`malformed`)
    a huge string and nothing. What a handler does with a malformed value does not depend on
    who sends it: one identity's barrage sends them."""
    forged = {"member_id": victim_id, "memberId": victim_id, "account": victim_name}
    card = {
        "id": str(game_id),
        "vendor": "BGS",
        "vendor_name": "BGS",
        "type": "RNG",
        "memberId": str(victim_id),
        "key": str(victim_id),
        "round": str(victim_id),
    }
    form = {
        "__reflex_form_data__": [
            ["username", victim_name],
            ["memberId", str(victim_id)],
            ["amount", "1"],
            ["password", "Segura123"],
            ["accountId", str(victim_id)],
        ]
    }
    names = parameters(full_name)
    values: list[Any] = [victim_id, card, form, *((HUGE, None) if malformed else ())]
    payloads = [{}, forged, *({name: value for name in names} for value in values)]
    # A handler without parameters gets each distinct payload once (start_trial, for one,
    # is limited per address and hour).
    unique: dict[str, dict[str, Any]] = {repr(p): p for p in payloads}
    return list(unique.values())


async def browser_cookie(site_url: str) -> str:
    """A browser secret of the outsider's own, as a page load hands it out."""
    async with httpx.AsyncClient() as client:
        response = await client.get(site_url + "/")
    value = response.cookies.get("browser")
    assert value, "the site gives every browser its cookie"
    return f"browser={value}"


class Outsider:
    """One socket to the site with a chosen tab token, cookie and Origin."""

    def __init__(
        self,
        site_url: str,
        *,
        token: str | None = None,
        cookie: str | None = None,
        origin: str | None = None,
        path: str = "/",
    ) -> None:
        self.site_url = site_url
        self.token = token or str(uuid4())
        self.cookie = cookie
        self.origin = origin
        self.path = path
        self.updates: list[dict[str, Any]] = []
        self.new_tokens: list[str] = []
        self._last = time.monotonic()
        # The client hands a Cookie header to its HTTP session's cookie jar, which by default
        # keeps no cookie for an IP address host such as 127.0.0.1: this one does.
        self.http = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
        self.client = socketio.AsyncClient(reconnection=False, http_session=self.http)

    async def __aenter__(self) -> Outsider:
        async def on_update(update: dict[str, Any]) -> None:
            self.updates.append(update)
            if update.get("events") or not set(update.get("delta") or {}) <= TICKING:
                self._last = time.monotonic()

        async def on_new_token(token: str) -> None:
            self.new_tokens.append(token)

        self.client.on("event", on_update, namespace=NAMESPACE)
        self.client.on("new_token", on_new_token, namespace=NAMESPACE)
        headers = {}
        if self.cookie:
            headers["Cookie"] = self.cookie
        if self.origin:
            headers["Origin"] = self.origin
        try:
            await self._connect(headers)
        except BaseException:
            await self.http.close()
            raise
        await self.settle()
        return self

    async def _connect(self, headers: dict[str, str]) -> None:
        root = rx.State.get_full_name()
        await self.client.connect(
            f"{self.site_url}?token={self.token}",
            socketio_path=NAMESPACE,
            namespaces=[NAMESPACE],
            transports=["websocket"],
            headers=headers,
            auth={"event": self._event(f"{root}.hydrate_and_load", {})},
            wait_timeout=CONNECT_SECONDS,
        )

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        await self.client.disconnect()
        await self.http.close()

    def _event(self, name: str, payload: dict[str, Any]) -> dict[str, Any]:
        return {
            "name": name,
            "payload": payload,
            "router_data": {"pathname": self.path, "asPath": self.path, "query": {}},
        }

    async def call(self, name: str, payload: dict[str, Any] | None = None) -> None:
        await self.client.emit("event", self._event(name, payload or {}), namespace=NAMESPACE)
        self._last = time.monotonic()

    async def settle(self) -> None:
        """Wait until the server has gone quiet (no update for QUIET_SECONDS but a TICKING
        state's)."""
        deadline = time.monotonic() + SETTLE_LIMIT_SECONDS
        while time.monotonic() < deadline and time.monotonic() - self._last < QUIET_SECONDS:
            await asyncio.sleep(0.25)

    def state(self) -> dict[str, dict[str, Any]]:
        """The page state as this socket was told it (every delta merged)."""
        merged: dict[str, dict[str, Any]] = {}
        for update in self.updates:
            for name, values in (update.get("delta") or {}).items():
                merged.setdefault(name, {}).update(values)
        return merged

    def values(self, var: str) -> list[Any]:
        """Every value this socket was ever sent for a var (by its name in the delta)."""
        return [
            values[var]
            for update in self.updates
            for values in (update.get("delta") or {}).values()
            if var in values
        ]

    async def barrage(
        self, victim_id: int, victim_name: str, game_id: int, *, malformed: bool = True
    ) -> int:
        """Every public handler with every hostile payload; how many events were sent."""
        sent = 0
        for name in handler_names():
            payloads = hostile_payloads(name, victim_id, victim_name, game_id, malformed=malformed)
            for payload in payloads:
                await self.call(name, payload)
                sent += 1
            await asyncio.sleep(0)
        await self.settle()
        return sent
