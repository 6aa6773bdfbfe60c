"""Log lines that anyone outside can cause: at most one line per kind every so many seconds,
each saying how many like it were left out since the last one, so a flood of bad requests
cannot flood the log."""

from __future__ import annotations

import logging
from datetime import datetime

from app.core import clock


class QuietLog:
    """One warning per kind per `every_seconds` (kinds are a few fixed words, never a value
    the request chose, so the table stays small)."""

    def __init__(self, logger: logging.Logger, every_seconds: float) -> None:
        self.logger = logger
        self.every_seconds = every_seconds
        self._last: dict[str, datetime] = {}
        self._left_out: dict[str, int] = {}

    def warning(self, kind: str, message: str, *args: object) -> bool:
        """Log `message % args` unless a line of `kind` was logged within the interval;
        whether it was logged."""
        now = clock.now()
        last = self._last.get(kind)
        if last is not None and (now - last).total_seconds() < self.every_seconds:
            self._left_out[kind] = self._left_out.get(kind, 0) + 1
            return False
        self._last[kind] = now
        left_out = self._left_out.pop(kind, 0)
        self.logger.warning(message + " (%d more not logged before this)", *args, left_out)
        return True
