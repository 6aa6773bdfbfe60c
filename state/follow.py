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
# it read it again (state.cashier.wallet's watch hands these on).
AFTER_BALANCE: list[Any] = []
