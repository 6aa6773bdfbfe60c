"""The websocket's event door: an event a browser sends comes from a socket with a tab and
names a registered handler, or it is refused before Reflex queues it. Reflex would log each
such event with a full traceback (or the whole event); here a refusal costs one short line,
at most one per kind every `LOG_EVERY_SECONDS` (app/core/quiet_log.py), so a script sending
them cannot flood the log."""

from __future__ import annotations

import logging
from typing import Any

import reflex as rx
from reflex_base.registry import RegistrationContext

from app.core.quiet_log import QuietLog

logger = logging.getLogger(__name__)
LOG_EVERY_SECONDS = 60.0
# How much of a refused event's name a log line shows.
NAME_SHOWN = 80
refusals = QuietLog(logger, LOG_EVERY_SECONDS)


def known_event(data: object) -> bool:
    """Whether `data` is an event (a dict) naming a registered handler."""
    if not isinstance(data, dict):
        refusals.warning("malformed-event", "refused a websocket event that is no object")
        return False
    name = data.get("name")
    if not isinstance(name, str) or name not in RegistrationContext.get().event_handlers:
        refusals.warning(
            "unknown-event", "refused an event naming no handler: %r", str(name)[:NAME_SHOWN]
        )
        return False
    return True


def refuse_unknown_events(app: rx.App) -> None:
    """Put the check in front of the event namespace's `on_event` (which the socket's
    `event` messages and the connection's boot event both reach)."""
    namespace = app.event_namespace
    if namespace is None:
        return
    handle = namespace.on_event

    async def on_event(sid: str, data: Any) -> None:
        if sid not in namespace.sid_to_token:
            # Reflex would log the whole event for each one.
            refusals.warning("tokenless-event", "refused an event of a socket with no tab")
            return
        if known_event(data):
            await handle(sid, data)

    namespace.on_event = on_event  # type: ignore[method-assign]
