"""A tab's page state as the scaled site stores it, measured (issue 36: under 40 KB a user).

Scaled mode keeps a tab's state in Redis, one pickle per substate, and writes a substate only
once an event touched it (reflex/istate/manager/redis.py). `PickledStates` does the same in
process: after each event the substates it touched are pickled into its store and replaced in
the tab's tree by what unpickling gives back (the others are as the store would give them:
untouched since), so a size measured here is what Redis holds for the tab, and every page
runs on state that went through pickling, as it does on the site.

`Tab` drives the site's own event processor with the events a browser sends: the
`hydrate_and_load` of the page it opens first, the `on_load_internal` of each page a link
then leads to (the page's loaders, and what they chain), and clicks. `member_tab` binds a
tab to a browser whose login is a real session of a member, as the login dialog leaves it
(app/services/browser_logins.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import pickle
import uuid
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from typing import Any

from reflex.istate.manager.memory import StateManagerMemory
from reflex.istate.manager.token import BaseStateToken
from reflex.state import BaseState, OnLoadInternalState, State
from reflex_base.constants.route import RouteVar
from reflex_base.event import Event
from reflex_base.event.processor.base_state_processor import BaseStateEventProcessor

from app.services import browser_logins
from app.services.accounts import sessions
from app.services.brands import brands
from models import Member
from state.accounts.auth import AuthState
from tests.helpers.backoffice import log_in, make_staff_account

ROOT = State.get_full_name()
HOST = "localhost"  # a domain of the demo brand BR1
ADDRESS = "203.0.113.10"
SETTLE_SECONDS = 30.0
UNTIL_EVERY_SECONDS = 0.05  # how often `Tab.until` looks
# The pages a member opens on a visit: the lobby and its lists, a game, the lottery, the
# cashier and the member centre (paths of app/routes.py; query strings as the browser sends).
MEMBER_PAGES: tuple[str, ...] = (
    "/",
    "/rng",
    "/inHouse",
    "/play/BGS_PLINKO",
    "/lottery",
    "/lottery?gameCode=ssc-1m",
    "/promotions",
    "/depositv2",
    "/withdraw",
    "/transactionHistory",
    "/personalHistoryCopy",
    "/vip",
    "/pointMall",
    "/missionLeaderboard",
    "/rewardCenter",
    "/messageV2",
    "/securityCenter",
    "/",
)


@dataclasses.dataclass
class PickledStates(StateManagerMemory):
    """Redis's way of keeping tabs (touched substates, pickled), in this process."""

    stored: dict[tuple[str, str], bytes] = dataclasses.field(default_factory=dict)

    def _store(self, ident: str, state: BaseState) -> BaseState:
        """Store the touched substates under `state`; the tree as read back from the store
        (a substate not touched is as the store would give it: untouched since)."""
        if state._was_touched:
            data = state._serialize()
            self.stored[ident, state.get_full_name()] = data
            kept = BaseState._deserialize(data=data)
            kept.parent_state, kept.substates = state.parent_state, state.substates
            state = kept
        for name, substate in list(state.substates.items()):
            state.substates[name] = self._store(ident, substate)
            state.substates[name].parent_state = state
        return state

    @contextlib.asynccontextmanager
    async def modify_state(self, token: Any, **context: Any) -> AsyncIterator[Any]:  # type: ignore[override]
        token = self._coerce_token(token)
        async with super().modify_state(token, **context) as state:
            try:
                yield state
            finally:
                if isinstance(token, BaseStateToken):
                    key = token.cache_key
                    self.states[key] = self._store(token.ident, self.states[key])

    def sizes(self, ident: str) -> dict[str, int]:
        """Bytes stored per substate of the tab (what Redis's STRLEN of each key says)."""
        return {name: len(data) for (owner, name), data in self.stored.items() if owner == ident}


def var_sizes(data: bytes, top: int = 5) -> list[tuple[str, int]]:
    """The largest entries of one stored substate (vars, computed vars' caches), pickled."""
    state = BaseState._deserialize(data=data)
    entries = {
        name.removeprefix("__cached_").removesuffix("_rx_state_"): len(pickle.dumps(value))
        for name, value in BaseState.__getstate__(state).items()
    }
    return sorted(entries.items(), key=lambda item: -item[1])[:top]


def report(sizes: Mapping[str, int], top: int = 10) -> str:
    """The total and the largest substates, one a line."""
    ranked = sorted(sizes.items(), key=lambda item: -item[1])
    lines = [f"{sum(sizes.values()) / 1024:.1f} KB in {len(sizes)} substates"]
    lines += [f"  {size / 1024:7.1f} KB  {name.rpartition('.')[2]}" for name, size in ranked[:top]]
    return "\n".join(lines)


def _background(task_name: str) -> bool:
    """Whether an event task runs a background handler (a watcher lives as long as its
    page: it is not waited for)."""
    state_name, _, handler = task_name.split("|")[1].rpartition(".")
    found = State.get_class_substate(state_name).event_handlers.get(handler)
    return found is not None and found.is_background


class Tab:
    """One browser tab of the site, driven through the site's own event processor."""

    def __init__(self, site: Any, cookie: str = "", host: str = HOST) -> None:
        self.site = site
        self.host = host  # the brand's domain the tab is on
        self.token = str(uuid.uuid4())
        self.cookie = cookie
        self.manager = PickledStates()
        self.processor = BaseStateEventProcessor(
            middleware=site, backend_exception_handler=site.backend_exception_handler
        )
        self.processor.configure(state_manager=self.manager)
        # The deltas go nowhere, but are built as for a browser (computed vars and all).
        assert self.processor._root_context is not None
        self.processor._root_context = dataclasses.replace(
            self.processor._root_context,
            emit_delta_impl=self._delta,
            emit_event_impl=self._events,
        )
        self.sent: list[dict[str, set[str]]] = []  # the vars each delta carried, by state
        self.told: list[Event] = []  # the events sent to the browser (a redirect, a script)
        self.peak, self.peak_page, self.peak_sizes = 0, "", dict[str, int]()

    async def _delta(self, token: str, delta: Mapping[str, Any]) -> None:
        self.sent.append({name: set(fields) for name, fields in delta.items()})

    async def _events(self, token: str, *events: Event) -> None:
        self.told.extend(events)

    def _router(self, page: str) -> dict[str, Any]:
        path, _, query = page.partition("?")
        return {
            RouteVar.PATH: "/" + (self.site.router(path) or "404").removeprefix("/"),
            RouteVar.ORIGIN: page,
            RouteVar.QUERY: dict(part.split("=", 1) for part in query.split("&") if part),
            RouteVar.HEADERS: {
                "host": self.host,
                "cookie": self.cookie,
                "user-agent": "page-state",
            },
            RouteVar.CLIENT_IP: ADDRESS,
            RouteVar.SESSION_ID: f"sid-{self.token}",
            RouteVar.CLIENT_TOKEN: self.token,
        }

    async def send(self, name: str, page: str, **payload: Any) -> None:
        """One event as the page sends it, and everything it chains, run to the end."""
        event = Event(name=name, payload=payload, router_data=self._router(page))
        await self.processor.enqueue(self.token, event)
        await self.settle()

    async def settle(self) -> None:
        """Wait until the events sent, and all they chained, have run."""
        deadline = asyncio.get_running_loop().time() + SETTLE_SECONDS
        while True:
            await self.processor.join(SETTLE_SECONDS)
            running = [
                task
                for task in self.processor._tasks.values()
                if not task.done() and not _background(task.get_name())
            ]
            if not running:
                return
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                names = sorted(task.get_name().split("|")[1] for task in running)
                raise TimeoutError(f"events still running after {SETTLE_SECONDS} s: {names}")
            await asyncio.wait(running, timeout=left)

    async def open(self, page: str) -> None:
        """The page loaded in the browser: the socket connects and hydrates it."""
        await self.send(f"{ROOT}.hydrate_and_load", page)
        self._measure(page)

    async def go(self, page: str) -> None:
        """A link followed to another page of the site (the browser stays on the site)."""
        await self.send(f"{OnLoadInternalState.get_full_name()}.on_load_internal", page)
        self._measure(page)

    async def visit(self, pages: Sequence[str]) -> None:
        """The first page loaded, then each next one reached by a link."""
        async with self.processor:
            await self.open(pages[0])
            for page in pages[1:]:
                await self.go(page)

    def _measure(self, page: str) -> None:
        total = sum(self.sizes().values())
        if total > self.peak:
            self.peak, self.peak_page, self.peak_sizes = total, page, self.sizes()

    async def state(self, cls: type[BaseState]) -> Any:
        root = await self.manager.get_state(BaseStateToken(ident=self.token, cls=State))
        return await root.get_state(cls)

    async def until(
        self, cls: type[BaseState], shows: Callable[[Any], bool], seconds: float = 10.0
    ) -> Any:
        """The state once it shows what `shows` looks for (a background watch's work, in
        the tab's processor), or as it is after `seconds`: the caller asserts on it."""
        deadline = asyncio.get_running_loop().time() + seconds
        while not shows(state := await self.state(cls)):
            if asyncio.get_running_loop().time() >= deadline:
                break
            await asyncio.sleep(UNTIL_EVERY_SECONDS)
        return state

    def sizes(self) -> dict[str, int]:
        return self.manager.sizes(self.token)


async def member_tab(site: Any, member: Member, brand_code: str = "BR1", host: str = HOST) -> Tab:
    """A tab of a browser a member logged in from (the login bound to its cookie), on the
    brand's domain `host`."""
    token = await sessions.open_session(member, ADDRESS, "page-state", "WEB")
    login = await sessions.authenticate(token)
    brand = await brands.by_code(brand_code)
    secret = browser_logins.new_browser_secret()
    await browser_logins.remember(secret, brand.id, login.session_id, token)
    tab = Tab(site, cookie=f"{browser_logins.COOKIE_NAME}={secret}", host=host)
    # What the tab's first connection does (app/reconnect.py claim_tab).
    async with tab.manager.modify_state(BaseStateToken(ident=tab.token, cls=AuthState)) as root:
        auth = await root.get_state(AuthState)
        auth._browser = browser_logins.browser_digest(secret)
    return tab


async def staff_tab(site: Any, role: str, brand_code: str | None) -> Tab:
    """A browser tab logged in to the console as a new staff member of `role` (of
    `brand_code`; None: every brand)."""
    username, secret = await make_staff_account(role, brand_code)
    _staff, browser = await log_in(username, secret)
    return Tab(site, cookie=f"{browser_logins.COOKIE_NAME}={browser}")
