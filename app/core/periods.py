"""Schedules as cron expressions (UTC; a sixth field counts seconds) and the periods they cut
time into: a period starts at a tick and lasts until the next one."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from croniter import croniter  # type: ignore[import-untyped]


def every(seconds: float) -> str:
    """The cron expression of "every `seconds`", aligned on the clock (every 5 minutes ticks
    at :00, :05, …). The period must divide a minute, an hour or a day."""
    whole = int(seconds)
    if whole != seconds or whole <= 0:
        raise ValueError(f"a period of {seconds} s is not a whole number of seconds")
    if whole < 60 and 60 % whole == 0:
        return "* * * * * *" if whole == 1 else f"* * * * * */{whole}"
    if whole % 60 == 0 and whole < 3600 and 60 % (whole // 60) == 0:
        minutes = whole // 60
        return "* * * * *" if minutes == 1 else f"*/{minutes} * * * *"
    if whole % 3600 == 0 and whole <= 86400 and 24 % (whole // 3600) == 0:
        hours = whole // 3600
        return {1: "0 * * * *", 24: "0 0 * * *"}.get(hours, f"0 */{hours} * * *")
    raise ValueError(f"a period of {seconds} s does not divide a minute, an hour or a day")


def valid(cron: str) -> bool:
    return bool(croniter.is_valid(cron))


def period_at(cron: str, now: datetime) -> datetime:
    """The start of the period `now` is in: the last tick at or before it. Ticks fall on
    whole seconds, so that is the last tick before the next whole second."""
    after = now.astimezone(UTC).replace(microsecond=0) + timedelta(seconds=1)
    previous: datetime = croniter(cron, after).get_prev(datetime)
    return previous.astimezone(UTC)


def next_tick(cron: str, now: datetime) -> datetime:
    """The first tick strictly after `now`."""
    following: datetime = croniter(cron, now.astimezone(UTC)).get_next(datetime)
    return following.astimezone(UTC)


def ticks_between(cron: str, after: datetime, until: datetime) -> list[datetime]:
    """Every tick strictly after `after` and at or before `until`, in order."""
    ticks = []
    tick = next_tick(cron, after)
    while tick <= until:
        ticks.append(tick)
        tick = next_tick(cron, tick)
    return ticks
