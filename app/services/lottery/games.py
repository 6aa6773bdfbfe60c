"""The lottery's games and their draw schedules (all times UTC).

Private fast games (every family, every 1, 3 and 5 minutes) are drawn by the engine from a
committed seed: issue `YYYYMMDD-NNNN`, slot N of the UTC day (1 … 1,440 for the 1-minute
games); an issue opens when the one before it draws and closes `close_seconds` before its own
draw. Official-result games take their numbers from a results provider: Mark Six (Tuesday,
Thursday and Saturday, 21:30 Hong Kong), the Vietnamese regional draws (South 16:15, Central
17:15, North 18:15 Vietnam time, one issue per station drawing that day) and Magnum 4D
(Wednesday, Saturday and Sunday, 19:00 Malaysia time).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from app.core.errors import AppError
from app.services.lottery.families import FAMILIES

FAST_MINUTES = (1, 3, 5)
OFFICIAL_OPEN = timedelta(days=2)  # official issues take bets from two days before the draw

# Vietnamese stations drawing each weekday (Monday = 0), from the regions' published lists.
VN_SOUTH_STATIONS: dict[int, tuple[str, ...]] = {
    0: ("hcm", "dt", "cm"),
    1: ("btr", "vt", "bl"),
    2: ("dnai", "ct", "st"),
    3: ("tn", "ag", "bth"),
    4: ("vl", "bd", "tv"),
    5: ("hcm", "la", "bp", "hg"),
    6: ("tg", "kg", "dl"),
}
VN_CENTRAL_STATIONS: dict[int, tuple[str, ...]] = {
    0: ("py", "hue"),
    1: ("dlk", "qnm"),
    2: ("dng", "kh"),
    3: ("bdi", "qt", "qb"),
    4: ("gl", "nt"),
    5: ("dng", "qng", "dno"),
    6: ("kt", "kh", "hue"),
}
VN_NORTH_STATIONS: dict[int, tuple[str, ...]] = dict.fromkeys(range(7), ("mb",))
# Their names (proper nouns, the same in every language).
VN_STATION_NAMES: dict[str, str] = {
    "hcm": "TP. Hồ Chí Minh", "dt": "Đồng Tháp", "cm": "Cà Mau", "btr": "Bến Tre",
    "vt": "Vũng Tàu", "bl": "Bạc Liêu", "dnai": "Đồng Nai", "ct": "Cần Thơ",
    "st": "Sóc Trăng", "tn": "Tây Ninh", "ag": "An Giang", "bth": "Bình Thuận",
    "vl": "Vĩnh Long", "bd": "Bình Dương", "tv": "Trà Vinh", "la": "Long An",
    "bp": "Bình Phước", "hg": "Hậu Giang", "tg": "Tiền Giang", "kg": "Kiên Giang",
    "dl": "Đà Lạt", "py": "Phú Yên", "hue": "Thừa Thiên Huế", "dlk": "Đắk Lắk",
    "qnm": "Quảng Nam", "dng": "Đà Nẵng", "kh": "Khánh Hòa", "bdi": "Bình Định",
    "qt": "Quảng Trị", "qb": "Quảng Bình", "gl": "Gia Lai", "nt": "Ninh Thuận",
    "qng": "Quảng Ngãi", "dno": "Đắk Nông", "kt": "Kon Tum", "mb": "Miền Bắc",
}  # fmt: skip


@dataclass(frozen=True)
class Game:
    code: str
    family: str
    official: bool
    close_seconds: int
    vendor: str  # the catalogue vendor whose card opens it (wager facts name it)
    interval: timedelta | None = None  # fast private games
    weekdays: tuple[int, ...] = ()  # official games: draw days (Monday = 0)
    draw_time: time | None = None  # official games: draw time of day, UTC
    stations: dict[int, tuple[str, ...]] | None = None  # Vietnamese regional draws


@dataclass(frozen=True)
class Slot:
    issue_no: str
    open_at: datetime
    close_at: datetime
    draw_at: datetime
    station: str | None = None


def _vendor(family: str) -> str:
    return {"vns": "TCG_LOTTO_VN", "vnn": "TCG_LOTTO_VN", "4d": "TCG_SEA"}.get(family, "LOTT")


def _fast_games() -> list[Game]:
    return [
        Game(
            code=f"{family}-{minutes}m",
            family=family,
            official=False,
            close_seconds=10 if minutes == 1 else 30,
            vendor=_vendor(family),
            interval=timedelta(minutes=minutes),
        )
        for family in FAMILIES
        for minutes in FAST_MINUTES
    ]


OFFICIAL_GAMES = (
    Game("lhc-hk", "lhc", True, 900, "LOTT", weekdays=(1, 3, 5), draw_time=time(13, 30)),
    Game("vn-mn", "vns", True, 900, "TCG_LOTTO_VN", weekdays=tuple(range(7)),
         draw_time=time(9, 15), stations=VN_SOUTH_STATIONS),
    Game("vn-mt", "vns", True, 900, "TCG_LOTTO_VN", weekdays=tuple(range(7)),
         draw_time=time(10, 15), stations=VN_CENTRAL_STATIONS),
    Game("vn-mb", "vnn", True, 900, "TCG_LOTTO_VN", weekdays=tuple(range(7)),
         draw_time=time(11, 15), stations=VN_NORTH_STATIONS),
    Game("4d-mkt", "4d", True, 900, "TCG_SEA", weekdays=(2, 5, 6), draw_time=time(11, 0)),
)  # fmt: skip

GAMES: dict[str, Game] = {game.code: game for game in (*_fast_games(), *OFFICIAL_GAMES)}


def game(code: str) -> Game:
    found = GAMES.get(code) if isinstance(code, str) else None
    if found is None:
        raise AppError("lottery-game-unknown", 404)
    return found


def _days(start: datetime, end: datetime) -> Iterator[date]:
    day = start.date()
    while day <= end.date():
        yield day
        day += timedelta(days=1)


def slots(found: Game, start: datetime, end: datetime) -> list[Slot]:
    """The game's slots whose draw falls in (start, end]; the same slots on every call."""
    found_slots: list[Slot] = []
    for day in _days(start, end):
        midnight = datetime.combine(day, time(0), UTC)
        if found.interval is not None:
            per_day = int(timedelta(days=1) / found.interval)
            first = max(1, int((start - midnight) / found.interval))
            for n in range(first, per_day + 1):
                draw_at = midnight + n * found.interval
                if draw_at > end:
                    break
                if draw_at <= start:
                    continue
                found_slots.append(
                    Slot(
                        issue_no=f"{day:%Y%m%d}-{n:04d}",
                        open_at=draw_at - found.interval,
                        close_at=draw_at - timedelta(seconds=found.close_seconds),
                        draw_at=draw_at,
                    )
                )
            continue
        assert found.draw_time is not None
        draw_at = datetime.combine(day, found.draw_time, UTC)
        if day.weekday() not in found.weekdays or not start < draw_at <= end:
            continue
        close_at = draw_at - timedelta(seconds=found.close_seconds)
        stations = found.stations[day.weekday()] if found.stations is not None else (None,)
        for station in stations:
            suffix = f"-{station}" if station is not None else ""
            found_slots.append(
                Slot(f"{day:%Y%m%d}{suffix}", draw_at - OFFICIAL_OPEN, close_at, draw_at, station)
            )
    return found_slots
