"""The websocket's event door (issue 32): an event naming no handler is refused before Reflex
queues it, with one short line (no traceback) at most once a minute per kind, saying how
many were left out; an event naming a handler goes through."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import pytest
from reflex_base import constants

from app import event_door
from app.app import app
from app.core import clock
from app.core.quiet_log import QuietLog

SID, TOKEN = "sid-of-a-test", "token-of-a-test"
KNOWN = "reflex___state____state.set_is_hydrated"


class _Queue:
    def __init__(self) -> None:
        self.names: list[str] = []

    async def enqueue(self, token: str, event: Any) -> None:
        self.names.append(event.name)


@pytest.fixture
def queue(monkeypatch: pytest.MonkeyPatch) -> Iterator[_Queue]:
    namespace = app.event_namespace
    assert namespace is not None
    queued = _Queue()
    monkeypatch.setattr(app, "_event_processor", queued)
    monkeypatch.setitem(namespace.sid_to_token, SID, TOKEN)
    headers: dict[str, Any] = {constants.RouteVar.HEADERS: {}}
    monkeypatch.setitem(namespace._static_router_data, SID, headers)
    monkeypatch.setattr(event_door, "refusals", QuietLog(event_door.logger, 60))
    clock.freeze()
    yield queued


async def test_unknown_events_cost_one_quiet_line(
    queue: _Queue, caplog: pytest.LogCaptureFixture
) -> None:
    namespace = app.event_namespace
    assert namespace is not None
    caplog.set_level(logging.INFO)
    for number in range(100):
        await namespace.on_event(SID, {"name": f"state.nope.handler_{number}", "payload": {}})
    await namespace.on_event(SID, "not an event")
    await namespace.on_event(SID, {"name": KNOWN, "payload": {"value": True}})
    assert queue.names == [KNOWN]
    lines = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(lines) == 2, [r.getMessage()[:200] for r in lines]
    assert all(r.exc_info is None and "\n" not in r.getMessage() for r in lines)
    assert "state.nope.handler_0" in lines[0].getMessage()
    caplog.clear()
    clock.advance(61)
    await namespace.on_event(SID, {"name": "x" * 10_000, "payload": {}})
    [line] = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert "(99 more not logged before this)" in line.getMessage()
    assert len(line.getMessage()) < 300
    caplog.clear()
    for _ in range(50):
        await namespace.on_event("sid-without-a-tab", {"name": KNOWN, "payload": {"x": "y" * 1000}})
    lines = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(lines) == 1 and "y" * 10 not in lines[0].getMessage()
    assert queue.names == [KNOWN]
