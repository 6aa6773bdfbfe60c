"""Pay periods in the brand's time zone (pure): D a day, W a week from Monday, H half a month
(1st-15th, 16th-end), M a month, h an hour, 5 five minutes. A period is [start, end) in UTC."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from app.core.errors import AppError

CODES = ("D", "W", "H", "M", "h", "5")


def _local_midnight(zone: ZoneInfo, year: int, month: int, day: int) -> datetime:
    return datetime(year, month, day, tzinfo=zone)


def _next_month(year: int, month: int) -> tuple[int, int]:
    return (year + 1, 1) if month == 12 else (year, month + 1)


def bounds(code: str, moment: datetime, timezone: str) -> tuple[datetime, datetime]:
    """The period of kind `code` that `moment` (aware) falls in, as UTC [start, end)."""
    if code not in CODES:
        raise AppError("agent-invalid-period", 422)
    if moment.tzinfo is None:
        raise AppError("agent-invalid-period", 422)
    if code == "5":
        utc = moment.astimezone(UTC).replace(second=0, microsecond=0)
        start = utc - timedelta(minutes=utc.minute % 5)
        return start, start + timedelta(minutes=5)
    zone = ZoneInfo(timezone)
    local = moment.astimezone(zone)
    if code == "h":
        start = local.replace(minute=0, second=0, microsecond=0)
        utc_start = start.astimezone(UTC)
        return utc_start, utc_start + timedelta(hours=1)
    if code == "D":
        start = _local_midnight(zone, local.year, local.month, local.day)
        end_day = (start + timedelta(days=1)).date()
        end = _local_midnight(zone, end_day.year, end_day.month, end_day.day)
    elif code == "W":
        monday = local.date() - timedelta(days=local.weekday())
        start = _local_midnight(zone, monday.year, monday.month, monday.day)
        following = monday + timedelta(days=7)
        end = _local_midnight(zone, following.year, following.month, following.day)
    elif code == "H":
        if local.day <= 15:
            start = _local_midnight(zone, local.year, local.month, 1)
            end = _local_midnight(zone, local.year, local.month, 16)
        else:
            start = _local_midnight(zone, local.year, local.month, 16)
            end = _local_midnight(zone, *_next_month(local.year, local.month), 1)
    else:  # M
        start = _local_midnight(zone, local.year, local.month, 1)
        end = _local_midnight(zone, *_next_month(local.year, local.month), 1)
    return start.astimezone(UTC), end.astimezone(UTC)


def last_closed(code: str, now: datetime, timezone: str) -> tuple[datetime, datetime]:
    """The latest period of kind `code` that has ended at `now`."""
    start, _ = bounds(code, now, timezone)
    return bounds(code, start - timedelta(seconds=1), timezone)


def between(
    code: str, since: datetime, until: datetime, timezone: str
) -> list[tuple[datetime, datetime]]:
    """Every period of kind `code` that starts at or after the period of `since` and ends
    at or before `until`, in order."""
    found = []
    start, end = bounds(code, since, timezone)
    while end <= until:
        found.append((start, end))
        start, end = bounds(code, end, timezone)
    return found
