"""Which named dialogs are open; the dialog component reads this."""

from __future__ import annotations

import asyncio
import re
import time

import reflex as rx

from app.services import gates
from state.guard import ARGS, Millis, Name, checked

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    **gates.each("DialogState.", "close close_on_escape open open_for page_changed", gates.VIEW),
}

# A dialog's name is a short slug (state/accounts/auth.py, state/studio/play.py ...); a tab has
# few open.
_NAME = re.compile(r"[a-z0-9-]{1,32}")
MAX_OPEN = 8
CLOSER_GRACE_SECONDS = 2.0


class DialogState(rx.State):
    open_names: list[str] = []
    # The id of the document the tab shows (assets/page-load.js), and the last page load
    # seen (that id and the URL; the socket): a socket that reconnects runs the page's
    # loaders again with the same id and URL on a new socket, a reload comes with a new id,
    # a navigation with a new URL, a link to the page already shown on the same socket.
    page_load: str = rx.SessionStorage("", name="pageLoad")
    _page_seen: str = ""
    _socket_seen: str = ""
    # The self-closing dialog (open_for): its name, its deadline, and when the running
    # closer wakes next (a closer that died with its process is replaced once that is past).
    _closing: str = ""
    _close_at: float = 0.0
    _closer_wakes: float = 0.0
    # The URL each open dialog was opened on: one opened on a page the tab has just gone to,
    # before that page's loaders ran, belongs to that page.
    _opened_on: dict[str, str] = {}

    def _add(self, name: str, url: str) -> None:
        """Open `name` on the page at `url` (the URL of the event that opens it: the router
        of a state fetched for another state's event still holds its own last event's)."""
        if _NAME.fullmatch(name) and name not in self.open_names:
            self.open_names = [*self.open_names, name][-MAX_OPEN:]
            self._opened_on = {
                **{n: u for n, u in self._opened_on.items() if n in self.open_names},
                name: url,
            }

    def _remove(self, name: str) -> None:
        self.open_names = [n for n in self.open_names if n != name]
        self._opened_on = {n: u for n, u in self._opened_on.items() if n != name}

    @rx.event
    @checked
    def open(self, name: Name) -> None:
        self._add(name, str(self.router.url))

    @rx.event
    @checked
    def close(self, name: Name) -> None:
        self._remove(name)

    @rx.event
    def page_changed(self) -> None:
        """First on every page load: a dialog belongs to the page that opened it, so none
        survives navigation, Back or a reload (the new page opens its own). A socket that
        reconnects runs the loaders again on the same page: its dialogs stay as they are.
        A dialog opened on the new page before its loaders ran (a quick click) stays."""
        url = str(self.router.url)
        seen, socket = f"{self.page_load}|{url}", self.router.session.session_id
        reconnected = bool(self.page_load) and seen == self._page_seen
        reconnected = reconnected and socket != self._socket_seen
        arrived = self._page_seen.partition("|")[2] != url  # a new URL, not a reload
        self._page_seen, self._socket_seen = seen, socket
        if reconnected:
            return
        kept = [n for n in self.open_names if arrived and self._opened_on.get(n) == url]
        self.open_names = kept
        self._opened_on = {n: u for n, u in self._opened_on.items() if n in kept}
        if self._closing not in kept:
            self._closing = ""

    @rx.event
    @checked
    def close_on_escape(self, name: Name, key: Name) -> None:
        if key == "Escape":
            self._remove(name)

    @rx.event(background=True)
    @checked
    async def open_for(self, name: Name, timeout_ms: Millis) -> None:
        """Helper variant: open, then close by itself after the timeout. One closer per tab:
        a newer call moves the deadline (and the name) of the running one."""
        async with self:
            self._add(name, str(self.router.url))
            if self._closing and self._closing != name:
                self._remove(self._closing)
            self._closing = name
            now = time.time()
            self._close_at = now + timeout_ms / 1000
            if self._closer_wakes + CLOSER_GRACE_SECONDS > now:
                return
            self._closer_wakes = self._close_at
        while True:
            async with self:
                now = time.time()
                if self._close_at <= now:
                    self._remove(self._closing)
                    self._closing = ""
                    self._closer_wakes = 0.0
                    return
                self._closer_wakes = self._close_at
                left = self._close_at - now
            await asyncio.sleep(left)


async def open_within(state: rx.State, name: str) -> None:
    """Open `name` from another state's handler, in that handler's own delta: no second
    event waits in the tab's queue behind it."""
    dialogs = await state.get_state(DialogState)
    dialogs._add(name, str(state.router.url))


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "DialogState.open": f"{ARGS}; slug names, at most {8} open",
    "DialogState.close": ARGS,
    "DialogState.page_changed": "no arguments; the tab's own dialogs only",
    "DialogState.close_on_escape": ARGS,
    "DialogState.open_for": f"{ARGS}; at most 10 s, one closer per tab",
}
