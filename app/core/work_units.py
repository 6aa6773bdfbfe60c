"""The unit of work the current task serves (an HTTP call, a site event, a live socket's
message): when it arrived. A read that must see every change announced before its unit
arrived may reuse a read sent after that moment (`brands`' shared version: a money call asks
for its brand several times, and each ask was a round trip to Redis)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

ARRIVED: ContextVar[float | None] = ContextVar("unit_arrived", default=None)


def now() -> float:
    """The clock units arrive by (monotonic: an arrival and a read's sending compare)."""
    return time.monotonic()


@contextmanager
def unit_of_work() -> Iterator[None]:
    """The block serves one unit of work, arrived now."""
    reset = ARRIVED.set(now())
    try:
        yield
    finally:
        ARRIVED.reset(reset)
