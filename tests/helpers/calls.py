"""Counting the calls of an async function while a test runs (how often a page event reads)."""

from __future__ import annotations

from typing import Any

import pytest


def counted_calls(monkeypatch: pytest.MonkeyPatch, owner: object, name: str) -> list[int]:
    """`owner.name` (an async function) replaced by one that still answers, and the list that
    grows by one at each call."""
    calls: list[int] = []
    original = getattr(owner, name)

    async def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return await original(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls
