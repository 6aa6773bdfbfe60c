"""The time the platform's rules see: the system's UTC time, which tests move forward
(`advance`) instead of sleeping until a window has passed. Use cases read it once and pass
`now` down to the rules they call."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

_offset = timedelta(0)
_frozen: datetime | None = None


def now() -> datetime:
    return (_frozen or datetime.now(UTC)) + _offset


def freeze() -> None:
    """Stop the clock where it is (tests): a window of a second stays open however slow the
    machine, until `advance` moves it."""
    global _frozen
    _frozen = datetime.now(UTC)


def advance(seconds: float) -> None:
    """Move the clock forward (tests): windows and throttles see the time `seconds` later."""
    global _offset
    _offset += timedelta(seconds=seconds)


def reset() -> None:
    global _offset, _frozen
    _offset, _frozen = timedelta(0), None
