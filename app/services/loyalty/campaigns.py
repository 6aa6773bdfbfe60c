"""The operator's missions and races: create one, schedule it (a start and an end), stop it.
The console (app/services/backoffice/campaigns.py) and the CLI (`app.cli missions`) both
come here, so both get the same validation; each change is one transaction with the caller's
audit record in it.

A stop ends the schedule now: nothing counts after it, a mission leaves the members' list
(rewards already claimed stay), and a race's period that was running still pays its places
at that period's end, ranked on what was scored before the stop.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from enum import StrEnum
from typing import Any

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services.amounts import parse_amount, parse_number
from app.services.brands import brands
from app.services.catalogue.rules import GAME_TYPES
from app.services.loyalty.missions import mission_offered
from app.services.loyalty.rewards import scheduled_at
from models.loyalty_missions import (
    Mission,
    MissionKind,
    MissionPeriod,
    MissionReward,
    Race,
    RaceMetric,
)

MISSION, RACE = "mission", "race"
KINDS = (MISSION, RACE)
CODE = re.compile(r"[A-Z0-9][A-Z0-9_-]{1,31}")
MAX_TITLE = 120
MAX_TARGET = 100_000
MAX_REWARD = Decimal("100000.00")
MAX_PRIZES = 20
MAX_MULTIPLIER = Decimal("100000")
SCHEDULED, RUNNING, ENDED = "scheduled", "running", "ended"
# A form's or command line's moment: ISO with an offset, or the console's UTC minutes.
MINUTES = "%Y-%m-%dT%H:%M"

# Writes the change's audit entry in its transaction: (session, action, code, detail).
Record = Callable[[AsyncSession, str, str, dict[str, Any]], Awaitable[None]]


@dataclass(frozen=True)
class Campaign:
    """A mission or race as the console and the CLI list it."""

    kind: str  # MISSION or RACE
    code: str
    titles: dict[str, str]
    period: str
    measure: str  # the mission's kind or the race's metric
    rewards: tuple[Decimal, ...]  # a mission's reward amount, a race's prizes by place
    reward_kind: str
    starts_at: datetime | None
    ends_at: datetime | None
    state: str  # SCHEDULED, RUNNING or ENDED

    def title_in(self, language: str) -> str:
        return self.titles.get(language.upper()) or self.titles.get("EN") or self.code

    @property
    def reward(self) -> str:
        """The rewards as the CLI prints them ("100.00 / 50.00")."""
        return " / ".join(f"{amount:.2f}" for amount in self.rewards)


@dataclass(frozen=True)
class Draft:
    """A new mission's or race's fields as typed (text: the console's form or the CLI's
    arguments); `create` checks every one."""

    kind: str
    code: str
    title_en: str
    title_pt: str
    period: str
    measure: str  # MissionKind or RaceMetric
    reward_kind: str = MissionReward.CASH.value
    target: str = ""  # missions: how many
    reward: str = ""  # missions: the amount
    category: str = ""
    game_code: str = ""  # missions only
    min_multiplier: str = ""  # MULTIPLIER missions
    min_bet: str = ""  # races: smaller bets count not
    prizes: tuple[str, ...] = field(default_factory=tuple)  # races: by place
    starts: str = ""
    ends: str = ""


def moment(value: str | None) -> datetime | None:
    """A schedule moment: "" is none; ISO with an offset, or UTC minutes (the console)."""
    text = (value or "").strip()
    if not text:
        return None
    try:
        found = datetime.fromisoformat(text) if len(text) > 16 else None
        if found is None:
            found = datetime.strptime(text, MINUTES).replace(tzinfo=UTC)
    except ValueError:
        raise AppError("campaign-invalid-moment", 422, {"value": text[:40]}) from None
    if found.tzinfo is None:
        raise AppError("campaign-invalid-moment", 422, {"value": text[:40]})
    return found.astimezone(UTC)


def _window(starts: datetime | None, ends: datetime | None, now: datetime) -> None:
    if ends is not None and (ends <= now or (starts is not None and ends <= starts)):
        raise AppError("campaign-invalid-window", 422)


def _choice(value: str, allowed: type[StrEnum] | tuple[str, ...], error: str) -> str:
    text = value.strip().upper()
    if text not in [str(choice) for choice in allowed]:
        raise AppError(error, 422, {"value": value[:32]})
    return text


def _code(value: str) -> str:
    code = value.strip().upper()
    if not CODE.fullmatch(code):
        raise AppError("campaign-invalid-code", 422)
    return code


def _titles(draft: Draft) -> dict[str, str]:
    titles = {"EN": draft.title_en.strip(), "PT": draft.title_pt.strip()}
    if not all(0 < len(t) <= MAX_TITLE and t.isprintable() for t in titles.values()):
        raise AppError("campaign-invalid-title", 422, {"max": MAX_TITLE})
    return titles


def _category(value: str) -> str:
    return "" if not value.strip() else _choice(value, GAME_TYPES, "campaign-invalid-category")


def _state(row: Mission | Race, now: datetime) -> str:
    if scheduled_at(row, now):
        return RUNNING
    if row.enabled and row.starts_at is not None and now < row.starts_at:
        return SCHEDULED
    return ENDED


def _view(row: Mission | Race, now: datetime) -> Campaign:
    rewards: tuple[Decimal, ...]
    if isinstance(row, Mission):
        kind, measure, rewards = MISSION, row.kind, (Decimal(row.reward_amount),)
    else:
        kind, measure = RACE, row.metric
        rewards = tuple(Decimal(str(p)) for p in row.prizes)
    return Campaign(
        kind=kind,
        code=row.code,
        titles={str(k): str(v) for k, v in (row.titles or {}).items()},
        period=row.period,
        measure=measure,
        rewards=rewards,
        reward_kind=row.reward_kind,
        starts_at=row.starts_at,
        ends_at=row.ends_at,
        state=_state(row, now),
    )


def _plain(found: Campaign) -> dict[str, Any]:
    return {
        "kind": found.kind,
        "period": found.period,
        "measure": found.measure,
        "reward": found.reward,
        "starts": found.starts_at.isoformat() if found.starts_at else None,
        "ends": found.ends_at.isoformat() if found.ends_at else None,
    }


async def listing(merchant_id: int, now: datetime) -> list[Campaign]:
    """The brand's missions, then its races, each in its order."""
    async with session_scope() as session:
        missions = (
            await session.exec(
                select(Mission)
                .where(Mission.merchant_id == merchant_id)
                .order_by(col(Mission.sort), col(Mission.id))
            )
        ).all()
        races = (
            await session.exec(
                select(Race).where(Race.merchant_id == merchant_id).order_by(col(Race.id))
            )
        ).all()
    rows: list[Mission | Race] = [*missions, *races]
    return [_view(row, now) for row in rows]


def _mission(merchant_id: int, draft: Draft, code: str) -> Mission:
    kind = MissionKind(_choice(draft.measure, MissionKind, "campaign-invalid-measure"))
    target = int(
        parse_number(
            draft.target, "campaign-invalid-target", places=0,
            minimum=Decimal(1), maximum=Decimal(MAX_TARGET),
        )
    )  # fmt: skip
    multiplier = None
    if kind is MissionKind.MULTIPLIER:
        multiplier = parse_number(
            draft.min_multiplier, "campaign-invalid-multiplier", places=2,
            minimum=Decimal("1.01"), maximum=MAX_MULTIPLIER,
        )  # fmt: skip
    game_code = draft.game_code.strip()
    if len(game_code) > 64 or not game_code.isprintable():
        raise AppError("campaign-invalid-game", 422)
    return Mission(
        merchant_id=merchant_id,
        code=code,
        titles=_titles(draft),
        period=_choice(draft.period, MissionPeriod, "campaign-invalid-period"),
        kind=kind.value,
        category=_category(draft.category),
        game_code=game_code,
        target=target,
        min_multiplier=multiplier,
        reward_kind=_choice(draft.reward_kind, MissionReward, "campaign-invalid-reward"),
        reward_amount=parse_amount(draft.reward, "campaign-invalid-reward", maximum=MAX_REWARD),
    )


def _race(merchant_id: int, draft: Draft, code: str) -> Race:
    prizes = [p for p in draft.prizes if p.strip()]
    if not 0 < len(prizes) <= MAX_PRIZES:
        raise AppError("campaign-invalid-prizes", 422, {"max": MAX_PRIZES})
    amounts = [parse_amount(p, "campaign-invalid-prizes", maximum=MAX_REWARD) for p in prizes]
    if amounts != sorted(amounts, reverse=True):
        raise AppError("campaign-invalid-prizes", 422, {"max": MAX_PRIZES})
    min_bet = draft.min_bet.strip() or "0"
    return Race(
        merchant_id=merchant_id,
        code=code,
        titles=_titles(draft),
        period=_choice(draft.period, MissionPeriod, "campaign-invalid-period"),
        metric=_choice(draft.measure, RaceMetric, "campaign-invalid-measure"),
        category=_category(draft.category),
        min_bet=parse_amount(min_bet, "campaign-invalid-min-bet", allow_zero=True),
        prizes=[str(a) for a in amounts],
        reward_kind=_choice(draft.reward_kind, MissionReward, "campaign-invalid-reward"),
    )


async def _find(session: AsyncSession, merchant_id: int, kind: str, code: str) -> Mission | Race:
    wanted = code.strip().upper()
    row: Mission | Race | None
    if kind == MISSION:
        statement = select(Mission).where(
            Mission.merchant_id == merchant_id, Mission.code == wanted
        )
        row = (await session.exec(statement.with_for_update())).first()
    else:
        found = select(Race).where(Race.merchant_id == merchant_id, Race.code == wanted)
        row = (await session.exec(found.with_for_update())).first()
    if row is None:
        raise AppError("campaign-unknown", 404, {"code": code[:32]})
    return row


async def create(merchant_id: int, draft: Draft, now: datetime, record: Record) -> Campaign:
    """A new mission or race, running from its start (none: now) to its end (none: open)."""
    kind = draft.kind if draft.kind in KINDS else ""
    if not kind:
        raise AppError("campaign-invalid-kind", 422)
    code = _code(draft.code)
    starts, ends = moment(draft.starts), moment(draft.ends)
    _window(starts, ends, now)
    row: Mission | Race = (
        _mission(merchant_id, draft, code) if kind == MISSION else _race(merchant_id, draft, code)
    )
    if isinstance(row, Mission) and not mission_offered(row.kind, await brands.by_id(merchant_id)):
        raise AppError("campaign-deposit-mission-barred", 422)
    row.starts_at, row.ends_at = starts, ends
    async with write_transaction() as session:
        model: type[Mission] | type[Race] = Mission if kind == MISSION else Race
        taken = (
            await session.exec(
                select(model.id).where(model.merchant_id == merchant_id, model.code == code)
            )
        ).first()
        if taken is not None:
            raise AppError("campaign-code-taken", 409, {"code": code})
        session.add(row)
        await session.flush()
        found = _view(row, now)
        await record(session, f"{kind}s.create", code, _plain(found))
    return found


async def schedule(
    merchant_id: int,
    kind: str,
    code: str,
    starts: str,
    ends: str,
    now: datetime,
    record: Record,
) -> Campaign:
    """Set a mission's or race's start and end again (a stopped one runs again)."""
    if kind not in KINDS:
        raise AppError("campaign-invalid-kind", 422)
    starts_at, ends_at = moment(starts), moment(ends)
    _window(starts_at, ends_at, now)
    async with write_transaction() as session:
        row = await _find(session, merchant_id, kind, code)
        before = _plain(_view(row, now))
        row.starts_at, row.ends_at, row.enabled = starts_at, ends_at, True
        session.add(row)
        found = _view(row, now)
        await record(session, f"{kind}s.schedule", row.code, {"before": before, **_plain(found)})
    return found


async def stop(merchant_id: int, kind: str, code: str, now: datetime, record: Record) -> Campaign:
    """End a mission or race now (one not started yet never starts)."""
    if kind not in KINDS:
        raise AppError("campaign-invalid-kind", 422)
    async with write_transaction() as session:
        row = await _find(session, merchant_id, kind, code)
        if not scheduled_at(row, now) and _state(row, now) == ENDED:
            raise AppError("campaign-already-ended", 409, {"code": row.code})
        if row.starts_at is not None and now < row.starts_at:
            row.starts_at = now
        row.ends_at = now
        session.add(row)
        found = _view(row, now)
        await record(session, f"{kind}s.stop", row.code, _plain(found))
    return found
