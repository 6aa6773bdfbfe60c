"""The key of a page's live watch (a background task that follows a version in Redis: the
header balance, the chat desk). A watch runs once per tab, socket and page:

- the page, because the events a background task yields carry the router data of the event
  that started it, and would take the tab's state back to that page;
- the socket, because Reflex cancels the running page load's tasks when its socket drops,
  and the reconnect's page load must then start a new watch.

A watch keeps the key it started with and stops when the state holds another one.
"""

from __future__ import annotations

from typing import Generic, TypeVar

import reflex as rx

T = TypeVar("T")


def watch_key(state: rx.State) -> str:
    session = state.router.session
    return f"{session.client_token} {session.session_id} {state.router.url}"


# A watch reads again when the tab's own event showed what it follows while it read, at most
# this many times a wake (each such event read it itself).
READS_PER_WAKE = 3


class Shows(Generic[T]):
    """What the tab of each watch running in this process showed of what the watch follows:
    how many times, and what it showed last. A watch reads outside the tab's lock (a round
    wakes hundreds of watches at once, and a lock held over a busy database's reads expired,
    Reflex's LockExpiredError, while the tab's own events waited behind it): a read that the
    tab's own event overtook (the count moved while it read) is older than what that event
    showed and must not cover it; the watch reads again."""

    def __init__(self) -> None:
        self._by_watch: dict[str, tuple[int, T | None]] = {}

    def __contains__(self, key: str) -> bool:
        return key in self._by_watch

    def start(self, key: str, first: T | None = None) -> None:
        self._by_watch[key] = (0, first)

    def end(self, key: str) -> None:
        self._by_watch.pop(key, None)

    def shown(self, key: str, what: T | None) -> None:
        """The tab of watch `key` showed `what` (nothing when no watch of it runs here)."""
        if key in self._by_watch:
            self._by_watch[key] = (self._by_watch[key][0] + 1, what)

    def count(self, key: str) -> int:
        return self._by_watch.get(key, (0, None))[0]

    def last(self, key: str) -> T | None:
        return self._by_watch.get(key, (0, None))[1]
