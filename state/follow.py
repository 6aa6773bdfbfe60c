"""Events a state hands on to the states built on it, without importing them (they import
it, and a state module never imports one that imports it back): a follower appends its
handler at import, the state returns every follower's handler with its own events. A page
that can show what the header's watch has just read registers a shower instead, which the
watch runs in the tab's lock (`SHOW_BALANCE`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

# After a login: the header's balance (state.cashier.wallet) loads.
AFTER_LOGIN: list[Any] = []
# After the language changes: amounts are formatted again in the new locale.
AFTER_LANGUAGE: list[Any] = []
# After the member's money moved elsewhere (a payout, a credit, another tab): pages that show
# it read it again. State.cashier.wallet's watch hands each on only to a tab on one of its
# pages (`shows`): a page that shows none of it costs no event.
AFTER_BALANCE: list[tuple[str, Any]] = []  # (a page's path, or a prefix ending in "/"; event)


@dataclass(frozen=True)
class Money:
    """The member's main wallet as the header's watch has just read it."""

    member_id: int
    currency: str
    cash: Decimal


# A page that shows the member's money as the watch read it, inside the tab's lock: no event of
# its own, no read of its own (a round's payments move a thousand tabs' money at once). It
# returns the events the page still needs (None: it showed the money).
Shower = Callable[[Any, Money], Awaitable[Any]]
SHOW_BALANCE: list[tuple[str, Shower]] = []  # (a page's path or prefix, as above; its shower)


def after_balance(page: str, event: Any) -> None:
    AFTER_BALANCE.append((page, event))


def show_balance(page: str, shower: Shower) -> None:
    SHOW_BALANCE.append((page, shower))


def shows(page: str, path: str) -> bool:
    """Whether the tab's page (`path`) is `page`, or below it when it ends in "/"."""
    return path.startswith(page) if page.endswith("/") else path == page


def balance_followers(path: str) -> list[Any]:
    """The events that read the money again on the tab's page."""
    return [event for page, event in AFTER_BALANCE if shows(page, path)]


async def show_balance_on(state: Any, path: str, money: Money) -> list[Any]:
    """The showers of the tab's page run with the watch's read, in the tab's lock; the events
    they hand back."""
    events: list[Any] = []
    for page, shower in SHOW_BALANCE:
        if shows(page, path) and (found := await shower(state, money)) is not None:
            events.append(found)
    return events
