"""Counting the calls of an async function while a test runs (how often a page event reads)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest


def counted_calls(
    monkeypatch: pytest.MonkeyPatch,
    owner: object,
    name: str,
    counts: Callable[..., bool] = lambda *_args, **_kwargs: True,
) -> list[int]:
    """`owner.name` (an async function) replaced by one that still answers, and the list that
    grows by one at each call (that `counts`, given its arguments: a test's own member's, not
    those of pages an earlier test left open in the process)."""
    calls: list[int] = []
    original = getattr(owner, name)

    async def counted(*args: Any, **kwargs: Any) -> Any:
        if counts(*args, **kwargs):
            calls.append(1)
        return await original(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls
