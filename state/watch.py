"""The key of a page's live watch (a background task that follows a version in Redis: the
header balance, the chat desk). A watch runs once per tab, socket and page:

- the page, because the events a background task yields carry the router data of the event
  that started it, and would take the tab's state back to that page;
- the socket, because Reflex cancels the running page load's tasks when its socket drops,
  and the reconnect's page load must then start a new watch.

A watch keeps the key it started with and stops when the state holds another one.
"""

from __future__ import annotations

import reflex as rx


def watch_key(state: rx.State) -> str:
    session = state.router.session
    return f"{session.client_token} {session.session_id} {state.router.url}"
