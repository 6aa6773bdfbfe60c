"""Events a state hands on to the states built on it, without importing them (they import
it, and a state module never imports one that imports it back): a follower appends its
handler at import, the state returns every follower's handler with its own events."""

from __future__ import annotations

from typing import Any

# After a login: the header's balance (state.cashier.wallet) loads.
AFTER_LOGIN: list[Any] = []
# After the language changes: amounts are formatted again in the new locale.
AFTER_LANGUAGE: list[Any] = []
# After the member's money moved elsewhere (a payout, a credit, another tab): pages that show
# it read it again. State.cashier.wallet's watch hands each on only to a tab on one of its
# pages (`shows`): a page that shows none of it costs no event.
AFTER_BALANCE: list[tuple[str, Any]] = []  # (a page's path, or a prefix ending in "/"; event)


def after_balance(page: str, event: Any) -> None:
    AFTER_BALANCE.append((page, event))


def shows(page: str, path: str) -> bool:
    """Whether the tab's page (`path`) is `page`, or below it when it ends in "/"."""
    return path.startswith(page) if page.endswith("/") else path == page


def balance_followers(path: str) -> list[Any]:
    """The events that read the money again on the tab's page."""
    return [event for page, event in AFTER_BALANCE if shows(page, path)]
