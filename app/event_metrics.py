"""Websocket event latency by handler name, and a request id per event.

Reflex 0.10 offers no hook around an event's processing (its middleware has a preprocess
step only), so the processor's `_execute_event` is wrapped: it runs one queued event from
taking the tab's state to the handler's last update (a background handler: to its end).
Names are of registered handlers only: the event door refuses any other before it is
queued (app/event_door.py)."""

from __future__ import annotations

from time import perf_counter
from typing import Any

from reflex_base.event.processor.base_state_processor import BaseStateEventProcessor

from app.core import logs, metrics, work_units

_WRAPPED = "_platform_timed"


def time_events() -> None:
    """Wrap the processor class once (every app worker's processor is one of it)."""
    execute = BaseStateEventProcessor._execute_event
    if getattr(execute, _WRAPPED, False):
        return

    async def timed(self: BaseStateEventProcessor, *, entry: Any, registered_handler: Any) -> None:
        reset = logs.REQUEST_ID.set(logs.new_request_id(None))
        started = perf_counter()
        outcome = "error"
        try:
            with work_units.unit_of_work():
                await execute(self, entry=entry, registered_handler=registered_handler)
            outcome = "ok"
        finally:
            metrics.EVENT_LATENCY.labels(event=str(entry.event.name), outcome=outcome).observe(
                perf_counter() - started
            )
            logs.REQUEST_ID.reset(reset)

    setattr(timed, _WRAPPED, True)
    BaseStateEventProcessor._execute_event = timed  # type: ignore[method-assign]
