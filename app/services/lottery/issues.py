"""Issues in the database: scheduled → open → closed → drawn → settled, or voided.

- `create_issues(now)` makes the issues whose draws fall in the next `horizon`, once: the
  pair (game, issue number) is unique in the database, so any number of workers may run it.
  A private issue is created with its server seed (stored encrypted) and the seed's SHA-256,
  which is public from then on.
- `advance(now)` opens, closes and draws the issues the clock has reached. A private issue's
  result is derived from its committed seed (`rng`), never typed, and the seed is revealed in
  the same write. The database refuses to change a result once written.
- Official-result games take their numbers from the results feed (LOTTERY_RESULTS_URL: a
  `ResultsProvider` whose answers must carry the feed's HMAC signature, `collect_official`), or
  from a staff member's entry approved by a second one (the back office's four-eyes calls
  `apply_manual_result`); all are in the audit log. Without a feed (the demo; never in
  production) an official issue is created with a committed seed like a private one, and the
  demo feed draws it from that seed at its draw time and reveals the seed (`collect_demo`):
  nobody can compute it in advance, anyone can verify it after.
- `void_locked` cancels an issue that has not closed (an official one also after close, while
  waiting for its result); settlement then refunds every bet. A private issue past its close
  cannot be voided: by then the house could know the outcome, and a void would be a choice.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Protocol

from sqlalchemy import Table, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core import clock, http
from app.core.config import get_settings
from app.core.db import get_engine, session_scope, write_transaction
from app.core.errors import AppError
from app.core.security import decrypt_secret, encrypt_secret
from app.services.lottery import beacon, rng
from app.services.lottery.families import FAMILIES
from app.services.lottery.games import GAMES, Game, game, slots
from models.lottery import IssueStatus, LotteryAudit, LotteryIssue, ResultSource

logger = logging.getLogger(__name__)

SEED_PURPOSE = "lottery-server-seed"
SIGNATURE_HEADER = "X-Signature"
DEFAULT_HORIZON = timedelta(hours=1)
BETTING = (IssueStatus.SCHEDULED, IssueStatus.OPEN)
_ISSUES: Table = LotteryIssue.__table__  # type: ignore[attr-defined]


# ---- creating and advancing ----------------------------------------------------------------


def _row(found: Game, slot: Any) -> dict[str, Any]:
    row: dict[str, Any] = {
        "game_code": found.code,
        "issue_no": slot.issue_no,
        "family": found.family,
        "official": found.official,
        "station": slot.station,
        "status": IssueStatus.SCHEDULED.value,
        "open_at": slot.open_at,
        "close_at": slot.close_at,
        "draw_at": slot.draw_at,
        "created_at": clock.now(),
    }
    settings = get_settings()
    if not found.official or settings.lottery_results_url is None:
        # Private games, and official ones the demo feed will draw: committed before opening.
        seed = rng.new_server_seed()
        row["seed_encrypted"] = encrypt_secret(seed, SEED_PURPOSE)
        row["seed_hash"] = rng.seed_hash(seed)
    if not found.official and found.code in settings.lottery_beacon_games:
        row["beacon_round"] = beacon.round_after(slot.close_at)
    return row


async def create_issues(
    now: datetime, horizon: timedelta = DEFAULT_HORIZON, games: Sequence[str] | None = None
) -> int:
    """Create the issues drawing in (now, now + horizon] that do not exist yet; returns how
    many this call created (a concurrent worker's are not counted twice)."""
    end = now + horizon
    created = 0
    for code in games if games is not None else list(GAMES):
        found = game(code)
        wanted = slots(found, now, end)
        if not wanted:
            continue
        async with session_scope() as session:
            existing = set(
                (
                    await session.exec(
                        select(LotteryIssue.issue_no).where(
                            LotteryIssue.game_code == found.code,
                            col(LotteryIssue.draw_at) > now,
                            col(LotteryIssue.draw_at) <= end,
                        )
                    )
                ).all()
            )
        rows = [_row(found, slot) for slot in wanted if slot.issue_no not in existing]
        if not rows:
            continue
        insert = pg_insert if get_engine().dialect.name == "postgresql" else sqlite_insert
        statement = (
            insert(_ISSUES)
            .values(rows)
            .on_conflict_do_nothing(index_elements=["game_code", "issue_no"])
            .returning(_ISSUES.c.id)
        )
        async with write_transaction() as session:
            result = await session.exec(statement)
            created += len(result.all())
    return created


def derive(issue: LotteryIssue, server_seed: str) -> list[int]:
    """A seeded issue's numbers from its seed (and its beacon, where it has one)."""
    words = rng.stream(server_seed, issue.game_code, issue.issue_no, issue.beacon or "")
    return list(FAMILIES[issue.family].derive(words))


async def _draw_committed(issue_id: int, now: datetime) -> bool:
    """Draw one closed issue from its committed seed and reveal the seed: a private game's
    draw, or an official game's on the demo feed (audited like any official result)."""
    async with write_transaction() as session:
        issue = (
            await session.exec(
                select(LotteryIssue).where(LotteryIssue.id == issue_id).with_for_update()
            )
        ).one()
        if issue.status != IssueStatus.CLOSED or issue.seed_encrypted is None:
            return False
        if issue.beacon_round is not None and issue.beacon is None:
            return False  # waits for its beacon round (collect_beacons)
        seed = decrypt_secret(issue.seed_encrypted, SEED_PURPOSE)
        issue.result = derive(issue, seed)
        issue.server_seed = seed
        issue.result_source = ResultSource.DEMO if issue.official else ResultSource.RNG
        issue.status = IssueStatus.DRAWN
        issue.drawn_at = now
        session.add(issue)
        if issue.official:
            _audit(session, issue.id, None, "result-applied", source="DEMO", numbers=issue.result)
    return True


async def advance(now: datetime) -> int:
    """Open, close and draw what the clock has reached; returns how many issues changed."""
    changed = 0
    async with write_transaction() as session:
        opened = await session.exec(
            update(LotteryIssue)
            .where(
                col(LotteryIssue.status) == IssueStatus.SCHEDULED,
                col(LotteryIssue.open_at) <= now,
                col(LotteryIssue.close_at) > now,
            )
            .values(status=IssueStatus.OPEN)
        )
        closed = await session.exec(
            update(LotteryIssue)
            .where(col(LotteryIssue.status).in_(BETTING), col(LotteryIssue.close_at) <= now)
            .values(status=IssueStatus.CLOSED)
        )
        changed += opened.rowcount + closed.rowcount
    async with session_scope() as session:
        due = (
            await session.exec(
                select(LotteryIssue.id).where(
                    LotteryIssue.status == IssueStatus.CLOSED,
                    col(LotteryIssue.official).is_(False),
                    col(LotteryIssue.draw_at) <= now,
                )
            )
        ).all()
    for issue_id in due:
        if issue_id is not None and await _draw_committed(issue_id, now):
            changed += 1
    return changed


async def collect_beacons(now: datetime, source: beacon.BeaconSource | None = None) -> int:
    """Fetch and verify the beacon rounds of closed issues that wait for one; returns how
    many issues got theirs (they draw on the next `advance`)."""
    source = source or beacon.DrandHttpBeacon(get_settings().lottery_beacon_url)
    async with session_scope() as session:
        waiting = (
            await session.exec(
                select(LotteryIssue).where(
                    LotteryIssue.status == IssueStatus.CLOSED,
                    col(LotteryIssue.beacon_round).is_not(None),
                    col(LotteryIssue.beacon).is_(None),
                )
            )
        ).all()
    got = 0
    for pending in waiting:
        assert pending.beacon_round is not None
        if beacon.published_at(pending.beacon_round) > now:
            continue
        signature = await source.signature(pending.beacon_round)
        if signature is None:
            continue  # not published yet where we asked
        value = beacon.randomness(pending.beacon_round, signature)
        async with write_transaction() as session:
            issue = await locked_issue(session, pending.id)
            if value is None:
                _audit(session, issue.id, None, "beacon-refused", round=issue.beacon_round)
                continue
            if issue.status == IssueStatus.CLOSED and issue.beacon is None:
                issue.beacon = value
                session.add(issue)
                got += 1
    return got


# ---- official results --------------------------------------------------------------------------


class ResultsProvider(Protocol):
    """Where official draws come from: the numbers of an issue, or None while not out yet.
    An answer that cannot be trusted raises `ResultRefused`."""

    async def fetch(self, game_code: str, issue_no: str) -> list[int] | None: ...


class ResultRefused(Exception):
    """A results feed's answer without its valid signature."""


def feed_signature(secret: str, game_code: str, issue_no: str, body: bytes) -> str:
    """The signature a results feed puts in `X-Signature`: HMAC-SHA256 (hex) under the shared
    LOTTERY_RESULTS_SECRET of `{game}/{issue}`, a newline and the body, so that an answer
    signed for one issue is worth nothing for another."""
    message = f"{game_code}/{issue_no}\n".encode() + body
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()


class HttpResultsProvider:
    """An official results feed over HTTP: GET {base}/{game}/{issue} answers
    {"numbers": [...]} once drawn, signed (`feed_signature`), and 404 before."""

    def __init__(self, base_url: str, secret: str, timeout: float = 10.0) -> None:
        self.base_url = base_url.rstrip("/")
        self.secret = secret
        self.timeout = timeout

    async def fetch(self, game_code: str, issue_no: str) -> list[int] | None:
        async with http.client(timeout=self.timeout) as client:
            answer = await client.get(f"{self.base_url}/{game_code}/{issue_no}")
        if answer.status_code == 404:
            return None
        answer.raise_for_status()
        expected = feed_signature(self.secret, game_code, issue_no, answer.content)
        if not hmac.compare_digest(
            answer.headers.get(SIGNATURE_HEADER, "").encode(), expected.encode()
        ):
            raise ResultRefused(f"{game_code} {issue_no}: bad or missing signature")
        numbers = answer.json().get("numbers")
        if not isinstance(numbers, list) or not all(isinstance(n, int) for n in numbers):
            return None
        return numbers


def _audit(
    session: AsyncSession, issue_id: int | None, actor_id: int | None, action: str, **detail: Any
) -> None:
    session.add(
        LotteryAudit(
            issue_id=issue_id,
            actor_id=actor_id,
            action=action,
            detail=json.loads(json.dumps(detail, default=str)),
        )
    )


def _checked_numbers(issue: LotteryIssue, numbers: object) -> list[int]:
    if (
        not isinstance(numbers, list)
        or not all(isinstance(n, int) and not isinstance(n, bool) for n in numbers)
        or not FAMILIES[issue.family].check(tuple(numbers))
    ):
        raise AppError("lottery-result-invalid", 422)
    return list(numbers)


async def _apply_official(
    session: AsyncSession,
    issue: LotteryIssue,
    numbers: list[int],
    source: ResultSource,
    actor_id: int | None,
    now: datetime,
    **detail: Any,
) -> None:
    """Write an official issue's result (the caller holds the issue's row lock)."""
    issue.result = numbers
    issue.result_source = source
    issue.status = IssueStatus.DRAWN
    issue.drawn_at = now
    session.add(issue)
    _audit(
        session, issue.id, actor_id, "result-applied", source=source.value, numbers=numbers,
        **detail,
    )  # fmt: skip


async def collect_official(now: datetime, provider: ResultsProvider) -> int:
    """Ask the provider for every closed official issue past its draw time; returns how many
    got their result. An issue not published yet is asked again on the next run."""
    async with session_scope() as session:
        due = (
            await session.exec(
                select(LotteryIssue).where(
                    LotteryIssue.status == IssueStatus.CLOSED,
                    col(LotteryIssue.official).is_(True),
                    col(LotteryIssue.draw_at) <= now,
                )
            )
        ).all()
    applied = 0
    for pending in due:
        try:
            numbers = await provider.fetch(pending.game_code, pending.issue_no)
        except ResultRefused as refused:
            logger.warning("official result refused: %s", refused)
            async with write_transaction() as session:
                _audit(session, pending.id, None, "result-refused", reason="signature")
            continue
        if numbers is None:
            continue
        async with write_transaction() as session:
            issue = await locked_issue(session, pending.id)
            if issue.status != IssueStatus.CLOSED:
                continue
            try:
                checked = _checked_numbers(issue, numbers)
            except AppError:
                _audit(session, issue.id, None, "result-refused", numbers=numbers)
                continue
            await _apply_official(session, issue, checked, ResultSource.PROVIDER, None, now)
            applied += 1
    return applied


async def locked_issue(
    session: AsyncSession, issue_id: int | None, *, shared: bool = False
) -> LotteryIssue:
    """The issue, row-locked for the rest of the caller's write transaction. Bets take the
    lock `shared` (PostgreSQL `FOR SHARE`): bets of one issue do not queue behind each
    other, but its close, draw or void (which update the row) waits for every bet being
    placed, and a bet waits for a close under way."""
    issue = (
        await session.exec(
            select(LotteryIssue)
            .where(LotteryIssue.id == issue_id)
            .with_for_update(read=shared)
            .execution_options(populate_existing=True)
        )
    ).first()
    if issue is None:
        raise AppError("lottery-issue-unknown", 404)
    return issue


async def collect_demo(now: datetime) -> int:
    """The demo feed: draw every closed official issue past its draw time from the seed it
    committed at creation; returns how many. An issue without one (created while a real
    feed was configured) waits for an operator's entry."""
    async with session_scope() as session:
        due = (
            await session.exec(
                select(LotteryIssue.id).where(
                    LotteryIssue.status == IssueStatus.CLOSED,
                    col(LotteryIssue.official).is_(True),
                    col(LotteryIssue.seed_encrypted).is_not(None),
                    col(LotteryIssue.draw_at) <= now,
                )
            )
        ).all()
    drawn = 0
    for issue_id in due:
        if issue_id is not None and await _draw_committed(issue_id, now):
            drawn += 1
    return drawn


async def collect_results(now: datetime) -> int:
    """The job's entry: official results from the configured feed (LOTTERY_RESULTS_URL),
    else from the demo feed; returns how many."""
    settings = get_settings()
    if settings.lottery_results_url is None:
        return await collect_demo(now)
    secret = settings.lottery_results_secret
    assert secret is not None  # the settings refuse a feed without its signing key
    feed = HttpResultsProvider(settings.lottery_results_url, secret.get_secret_value())
    return await collect_official(now, feed)


def check_manual_result(issue: LotteryIssue, numbers: object) -> list[int]:
    """The numbers typed for an official issue waiting for its result, checked against its
    game; staff's entry and its approval both check (the back office's four-eyes)."""
    if not issue.official:
        raise AppError("lottery-result-private", 409)
    if issue.status in BETTING:
        raise AppError("lottery-result-not-due", 409)
    if issue.status != IssueStatus.CLOSED:
        raise AppError("lottery-result-final", 409)
    return _checked_numbers(issue, numbers)


async def apply_manual_result(
    session: AsyncSession, issue: LotteryIssue, numbers: object, now: datetime, **detail: Any
) -> None:
    """Write a typed official result once a second staff member approved it (the caller
    holds the issue's row lock: `locked_issue`)."""
    checked = check_manual_result(issue, numbers)
    await _apply_official(session, issue, checked, ResultSource.MANUAL, None, now, **detail)


def check_void(issue: LotteryIssue, reason: str, now: datetime) -> str:
    """The reason to record when the issue may be voided now: still taking bets before its
    close, or an official one waiting for its result."""
    if not reason.strip():
        raise AppError("lottery-void-reason", 422)
    allowed = issue.status in BETTING and now < issue.close_at
    if issue.official and issue.status == IssueStatus.CLOSED:
        allowed = True
    if not allowed:
        raise AppError("lottery-void-not-allowed", 409)
    return reason.strip()[:200]


async def void_locked(
    session: AsyncSession, issue_id: int, reason: str, now: datetime, **detail: Any
) -> LotteryIssue:
    """The building block of a void (the back office's, once a second staff member approved
    it, with its own audit entry; the staff member is named in `detail`)."""
    issue = await locked_issue(session, issue_id)
    issue.void_reason = check_void(issue, reason, now)
    issue.status = IssueStatus.VOIDED
    issue.voided_at = now
    session.add(issue)
    _audit(session, issue_id, None, "voided", reason=issue.void_reason, **detail)
    return issue


# ---- finding and verifying -------------------------------------------------------------------


async def find(game_code: str, issue_no: str) -> LotteryIssue:
    async with session_scope() as session:
        issue = (
            await session.exec(
                select(LotteryIssue).where(
                    LotteryIssue.game_code == game_code, LotteryIssue.issue_no == issue_no
                )
            )
        ).first()
    if issue is None:
        raise AppError("lottery-issue-unknown", 404)
    return issue


async def upcoming(game_code: str, now: datetime, limit: int) -> list[LotteryIssue]:
    """The game's next issues still taking bets, soonest first."""
    async with session_scope() as session:
        found = await session.exec(
            select(LotteryIssue)
            .where(
                LotteryIssue.game_code == game_code,
                col(LotteryIssue.status).in_(BETTING),
                col(LotteryIssue.close_at) > now,
            )
            .order_by(col(LotteryIssue.draw_at), col(LotteryIssue.id))  # stations in day order
            .limit(limit)
        )
        return list(found.all())


@dataclass(frozen=True)
class Verification:
    game_code: str
    issue_no: str
    seed_hash: str
    server_seed: str
    beacon: str
    hash_matches: bool
    stored: list[int]
    recomputed: list[int]
    recipe: dict[str, object]  # the family's derivation, for the player's browser to redo

    @property
    def matches(self) -> bool:
        return self.hash_matches and self.stored == self.recomputed


def verify(issue: LotteryIssue) -> Verification:
    """Recompute a drawn issue from its revealed seed (a private game's, or an official one
    the demo feed drew), as anyone can."""
    if issue.server_seed is None or issue.seed_hash is None or issue.result is None:
        raise AppError("lottery-not-drawn", 409)
    return Verification(
        game_code=issue.game_code,
        issue_no=issue.issue_no,
        seed_hash=issue.seed_hash,
        server_seed=issue.server_seed,
        beacon=issue.beacon or "",
        hash_matches=rng.seed_hash(issue.server_seed) == issue.seed_hash,
        stored=list(issue.result),
        recomputed=derive(issue, issue.server_seed),
        recipe=FAMILIES[issue.family].recipe.plain(),
    )
