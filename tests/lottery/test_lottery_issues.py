"""Lottery issues in the database: created once per slot however many workers run, opened,
closed and drawn by the clock, drawn only from the committed seed, official results through
a provider or typed by staff (two of them: the back office's four-eyes), and the database's
own refusals."""

from __future__ import annotations

import ast
import asyncio
import json
import os
import subprocess
import sys
import threading
from datetime import timedelta
from decimal import Decimal
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

import pytest
from sqlalchemy import func, update
from sqlalchemy.exc import DBAPIError
from sqlmodel import col, select

from app.core.config import PROJECT_ROOT, get_settings
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services.lottery import beacon, issues, rng
from app.services.lottery.games import game, slots
from models import LotteryAudit, LotteryBet, LotteryIssue
from models.lottery import IssueStatus, ResultSource
from tests.helpers.lottery import new_day, open_issue, player

pytestmark = pytest.mark.engines  # see the Makefile: runs on SQLite and on PostgreSQL


async def count_issues(game_code: str, day_start: object, day_end: object) -> int:
    async with session_scope() as session:
        return (
            await session.exec(
                select(func.count())
                .select_from(LotteryIssue)
                .where(
                    LotteryIssue.game_code == game_code,
                    col(LotteryIssue.draw_at) > day_start,
                    col(LotteryIssue.draw_at) <= day_end,
                )
            )
        ).one()


async def test_issues_are_made_once_per_slot_however_many_workers_run() -> None:
    day = new_day()
    window = timedelta(minutes=30)
    made = await asyncio.gather(
        *(issues.create_issues(day, window, ["ssc-1m", "k3-3m"]) for _ in range(4))
    )
    expected = len(slots(game("ssc-1m"), day, day + window)) + len(
        slots(game("k3-3m"), day, day + window)
    )
    assert expected == 30 + 10
    assert sum(made) == expected
    assert await count_issues("ssc-1m", day, day + window) == 30
    assert await issues.create_issues(day, window, ["ssc-1m", "k3-3m"]) == 0


def test_a_fast_game_has_1440_issues_a_day() -> None:
    day = new_day()
    one_day = slots(game("pk10-1m"), day, day + timedelta(days=1))
    assert len(one_day) == 1440
    assert len({slot.issue_no for slot in one_day}) == 1440
    assert all(slot.close_at == slot.draw_at - timedelta(seconds=10) for slot in one_day)


async def test_the_clock_opens_closes_and_draws_from_the_committed_seed() -> None:
    issue, _ = await open_issue("11x5-1m")
    assert issue.status == IssueStatus.OPEN
    assert issue.seed_hash is not None and issue.server_seed is None and issue.result is None
    await issues.advance(issue.close_at)
    assert (await issues.find("11x5-1m", issue.issue_no)).status == IssueStatus.CLOSED
    await issues.advance(issue.draw_at)
    drawn = await issues.find("11x5-1m", issue.issue_no)
    assert drawn.status == IssueStatus.DRAWN
    assert drawn.result_source == ResultSource.RNG
    assert drawn.server_seed is not None
    assert rng.seed_hash(drawn.server_seed) == issue.seed_hash  # the seed committed before
    assert drawn.result == list(
        rng.stream(drawn.server_seed, "11x5-1m", drawn.issue_no).sample(11, 5)
    )
    check = issues.verify(drawn)
    assert check.matches


async def test_the_database_refuses_a_bet_row_after_close_even_without_the_service() -> None:
    issue, now = await open_issue()
    member = await player()
    await issues.advance(issue.close_at)
    with pytest.raises(DBAPIError, match="lottery-issue-closed"):
        async with write_transaction() as session:
            session.add(
                LotteryBet(
                    uid="closed-" + issue.issue_no,
                    merchant_id=member.merchant_id,
                    member_id=member.id or 0,
                    currency="BRL",
                    issue_id=issue.id or 0,
                    game_code=issue.game_code,
                    play_code="ssc.position",
                    prize_mode="LOTT",
                    selection={"singles": [["1:1"]]},
                    bet_count=1,
                    unit=Decimal("1.00"),
                    multiplier=1,
                    stake=Decimal("1.00"),
                    placed_at=now,
                )
            )


async def test_a_written_result_and_the_committed_hash_never_change() -> None:
    issue, _ = await open_issue()
    await issues.advance(issue.draw_at)
    drawn = await issues.find(issue.game_code, issue.issue_no)
    assert drawn.result is not None
    other = [(n + 1) % 10 for n in drawn.result]
    for change in ({"result": other}, {"seed_hash": "0" * 64}):
        with pytest.raises(DBAPIError, match="lottery-result-final"):
            async with write_transaction() as session:
                await session.exec(
                    update(LotteryIssue).where(col(LotteryIssue.id) == drawn.id).values(**change)
                )  # type: ignore[call-overload]
    assert (await issues.find(issue.game_code, issue.issue_no)).result == drawn.result
    # drawing again changes nothing either
    await issues.advance(issue.draw_at + timedelta(minutes=5))
    assert (await issues.find(issue.game_code, issue.issue_no)).result == drawn.result


async def test_nobody_can_enter_a_private_games_result() -> None:
    issue, _ = await open_issue()
    await issues.advance(issue.close_at)
    closed = await issues.find(issue.game_code, issue.issue_no)
    with pytest.raises(AppError) as refused:
        issues.check_manual_result(closed, [1, 2, 3, 4, 5])
    assert refused.value.code == "lottery-result-private"


def _writes_a_row(callee: ast.expr) -> bool:
    """A call that can store a `result=` keyword: building the model itself or an SQL
    `update(...).values(...)`; read-side views (IssueRow(result=...)) only copy it."""
    if isinstance(callee, ast.Name):
        return callee.id == "LotteryIssue"
    return isinstance(callee, ast.Attribute) and callee.attr in {"values", "update"}


def _result_writers() -> set[tuple[str, str]]:
    """Every function under app/ that assigns an issue's `result` (attribute or keyword), in
    the modules that know lottery issues (other things have results too: a back-office
    approval's)."""
    writers: set[tuple[str, str]] = set()
    for path in (PROJECT_ROOT / "app").rglob("*.py"):
        source = path.read_text()
        if "LotteryIssue" not in source and "lottery" not in path.parts:
            continue
        tree = ast.parse(source)
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for node in ast.walk(function):
                targets: list[ast.expr] = []
                if isinstance(node, ast.Assign):
                    targets = node.targets
                elif isinstance(node, ast.AugAssign | ast.AnnAssign):
                    targets = [node.target]
                hit = any(isinstance(t, ast.Attribute) and t.attr == "result" for t in targets)
                hit = hit or (
                    isinstance(node, ast.Call)
                    and _writes_a_row(node.func)
                    and any(keyword.arg == "result" for keyword in node.keywords)
                )
                if hit:
                    writers.add((str(path.relative_to(PROJECT_ROOT)), function.name))
    return writers


def test_only_the_seed_draw_and_an_official_result_write_a_result() -> None:
    """There is no re-draw, kill or typed-number path for a private game: the only writers
    of a result are the draw from the committed seed and the official-result path (which
    refuses private games)."""
    assert _result_writers() == {
        ("app/services/lottery/issues.py", "_draw_committed"),
        ("app/services/lottery/issues.py", "_apply_official"),
    }
    source = (PROJECT_ROOT / "app/services/lottery/issues.py").read_text()
    official = source[source.index("async def _apply_official") :]
    callers = [line for line in source.splitlines() if "_apply_official(" in line]
    assert len(callers) == 3  # its definition, the provider and the approved entry
    assert "not issue.official" in official  # the typed entry refuses private games


async def test_official_results_come_from_the_provider() -> None:
    day = new_day()
    await issues.create_issues(day, timedelta(days=7), ["lhc-hk"])
    first = (await issues.upcoming("lhc-hk", day, 1))[0]
    # no LOTTERY_RESULTS_URL: the demo feed will draw it, from a seed committed now
    assert first.seed_hash is not None and first.server_seed is None
    await issues.advance(first.close_at)
    # the job reads the demo feed, which draws at draw time (other tests' official issues of
    # earlier days may be drawn meanwhile)
    await issues.collect_results(first.close_at)
    assert (await issues.find("lhc-hk", first.issue_no)).status == IssueStatus.CLOSED
    assert await issues.collect_results(first.draw_at) >= 1
    drawn = await issues.find("lhc-hk", first.issue_no)
    assert drawn.status == IssueStatus.DRAWN and drawn.result_source == ResultSource.DEMO
    assert drawn.result is not None and len(set(drawn.result)) == 7
    assert issues.verify(drawn).matches


FEED_SECRET = "results-feed-test-secret"


class Feed(BaseHTTPRequestHandler):
    """A real HTTP results feed: the numbers of the issues in `published`, signed under
    `secret`, 404 otherwise."""

    published: ClassVar[dict[str, list[int]]] = {}
    secret: ClassVar[str] = FEED_SECRET

    def do_GET(self) -> None:
        numbers = self.published.get(self.path)
        body = json.dumps({"numbers": numbers}).encode()
        game_code, issue_no = self.path.strip("/").split("/", 1)
        self.send_response(200 if numbers is not None else 404)
        self.send_header("Content-Type", "application/json")
        self.send_header(
            issues.SIGNATURE_HEADER, issues.feed_signature(self.secret, game_code, issue_no, body)
        )
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        return


async def test_official_results_over_http_and_impossible_ones_refused() -> None:
    day = new_day()
    await issues.create_issues(day, timedelta(days=7), ["lhc-hk", "4d-mkt"])
    mark_six = (await issues.upcoming("lhc-hk", day, 1))[0]
    four_d = (await issues.upcoming("4d-mkt", day, 1))[0]
    now = max(mark_six.draw_at, four_d.draw_at)
    await issues.advance(now)
    Feed.published = {
        f"/lhc-hk/{mark_six.issue_no}": [3, 9, 14, 22, 31, 40, 7],
        f"/4d-mkt/{four_d.issue_no}": [1234] * 23,  # 4D numbers never repeat
    }
    server = ThreadingHTTPServer(("127.0.0.1", 0), Feed)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        provider = issues.HttpResultsProvider(f"http://127.0.0.1:{server.server_port}", FEED_SECRET)
        assert await issues.collect_official(now, provider) == 1
    finally:
        server.shutdown()
        thread.join()
    drawn = await issues.find("lhc-hk", mark_six.issue_no)
    assert drawn.result == [3, 9, 14, 22, 31, 40, 7]
    assert drawn.result_source == ResultSource.PROVIDER
    refused = await issues.find("4d-mkt", four_d.issue_no)
    assert refused.status == IssueStatus.CLOSED and refused.result is None
    async with session_scope() as session:
        audit = (
            await session.exec(
                select(LotteryAudit.action).where(LotteryAudit.issue_id == four_d.id)
            )
        ).all()
    assert audit == ["result-refused"]


async def test_a_typed_result_is_checked_and_applied_as_manual_and_audited() -> None:
    """The lottery's side of a typed official result (the back office's four-eyes asks and
    approves it: tests/backoffice/test_four_eyes_policy.py)."""
    day = new_day()
    await issues.create_issues(day, timedelta(days=2), ["vn-mb"])
    first = (await issues.upcoming("vn-mb", day, 1))[0]
    numbers = [12345, 54321, *range(10000, 10008), *range(1000, 1010), 123, 456, 789, 1, 2, 3, 4]
    with pytest.raises(AppError) as early:
        issues.check_manual_result(first, numbers)
    assert early.value.code == "lottery-result-not-due"
    await issues.advance(first.close_at)
    closed = await issues.find("vn-mb", first.issue_no)
    with pytest.raises(AppError) as bad:
        issues.check_manual_result(closed, [*numbers[:-1], 100])
    assert bad.value.code == "lottery-result-invalid"  # the 7th prize has two digits
    async with write_transaction() as session:
        locked = await issues.locked_issue(session, first.id)
        await issues.apply_manual_result(session, locked, numbers, first.draw_at, staff="second")
    drawn = await issues.find("vn-mb", first.issue_no)
    assert drawn.result == numbers and drawn.result_source == ResultSource.MANUAL
    with pytest.raises(AppError) as final:
        issues.check_manual_result(drawn, numbers)
    assert final.value.code == "lottery-result-final"
    async with session_scope() as session:
        actions = (
            await session.exec(
                select(LotteryAudit.action, LotteryAudit.detail).where(
                    LotteryAudit.issue_id == first.id
                )
            )
        ).all()
    assert [(a, d["source"], d["staff"]) for a, d in actions] == [
        ("result-applied", "MANUAL", "second")
    ]


async def test_a_private_issue_cannot_be_voided_once_closed() -> None:
    issue, _ = await open_issue()
    await issues.advance(issue.close_at)
    closed = await issues.find(issue.game_code, issue.issue_no)
    with pytest.raises(AppError) as refused:
        issues.check_void(closed, "late", issue.close_at)
    assert refused.value.code == "lottery-void-not-allowed"


@pytest.mark.slow
async def test_the_cli_recomputes_a_drawn_issue_from_its_revealed_seed() -> None:
    issue, _ = await open_issue("pk10-1m")
    await issues.advance(issue.draw_at)
    drawn = await issues.find("pk10-1m", issue.issue_no)
    done = subprocess.run(
        [sys.executable, "-m", "app.cli", "lottery-verify", "pk10-1m", issue.issue_no],
        cwd=PROJECT_ROOT,
        env=dict(os.environ),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert drawn.server_seed is not None and drawn.server_seed in done.stdout
    assert " ".join(map(str, drawn.result or [])) in done.stdout
    assert "matches: yes" in done.stdout
    undrawn = subprocess.run(
        [sys.executable, "-m", "app.cli", "lottery-verify", "pk10-1m", "20991231-0001"],
        cwd=Path(PROJECT_ROOT),
        env=dict(os.environ),
        capture_output=True,
        text=True,
        check=False,
    )
    assert undrawn.returncode == 2


# A round the League of Entropy published on quicknet, as drand-verify documents it.
QUICKNET_ROUND = 657413
QUICKNET_SIGNATURE = (
    "b713718a38ae728dfd477991af2822e08d2f305e47718cef"
    "9f7848ce4050e7be41076862b98fad56e91a6b85b89cd97b"
)
QUICKNET_RANDOMNESS = "fc1873a13f3545aeade8401532ef5519920652eee6b0d2b19ca12643b87b3587"


class Drand(BaseHTTPRequestHandler):
    """A real HTTP server answering drand's /public/{round} for the rounds in `signatures`."""

    signatures: ClassVar[dict[int, str]] = {}

    def do_GET(self) -> None:
        round_number = int(self.path.rsplit("/", 1)[1])
        signature = self.signatures.get(round_number)
        self.send_response(200 if signature is not None else 404)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(json.dumps({"round": round_number, "signature": signature}).encode())

    def log_message(self, format: str, *args: object) -> None:
        return


def test_beacon_rounds_are_fixed_after_the_close() -> None:
    assert beacon.published_at(1) == beacon.QUICKNET_GENESIS
    published = beacon.published_at(QUICKNET_ROUND)
    assert beacon.round_after(published) == QUICKNET_ROUND + 1
    assert beacon.round_after(published - timedelta(milliseconds=1)) == QUICKNET_ROUND
    assert beacon.randomness(QUICKNET_ROUND, QUICKNET_SIGNATURE) == QUICKNET_RANDOMNESS
    assert beacon.randomness(QUICKNET_ROUND + 1, QUICKNET_SIGNATURE) is None


async def test_a_beacon_game_draws_only_with_its_verified_round(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(get_settings(), "lottery_beacon_games", ["ssc-5m"])
    day = new_day()
    await issues.create_issues(day, timedelta(minutes=10), ["ssc-5m"])
    first = (await issues.upcoming("ssc-5m", day, 1))[0]
    assert first.beacon_round == beacon.round_after(first.close_at)  # fixed before betting
    # Set-up: this issue's round becomes a published one whose signature we hold.
    async with write_transaction() as session:
        await session.exec(
            update(LotteryIssue)
            .where(col(LotteryIssue.id) == first.id)
            .values(beacon_round=QUICKNET_ROUND)
        )
    await issues.advance(first.draw_at)
    waiting = await issues.find("ssc-5m", first.issue_no)
    assert waiting.status == IssueStatus.CLOSED and waiting.result is None
    server = ThreadingHTTPServer(("127.0.0.1", 0), Drand)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    source = beacon.DrandHttpBeacon(f"http://127.0.0.1:{server.server_port}")
    try:
        Drand.signatures = {QUICKNET_ROUND: QUICKNET_SIGNATURE[:-2] + "00"}  # forged
        assert await issues.collect_beacons(first.draw_at, source) == 0
        Drand.signatures = {QUICKNET_ROUND: QUICKNET_SIGNATURE}
        assert await issues.collect_beacons(first.draw_at, source) == 1
    finally:
        server.shutdown()
        thread.join()
    await issues.advance(first.draw_at)
    drawn = await issues.find("ssc-5m", first.issue_no)
    assert drawn.status == IssueStatus.DRAWN and drawn.beacon == QUICKNET_RANDOMNESS
    assert drawn.server_seed is not None and issues.verify(drawn).matches
    without = rng.stream(drawn.server_seed, "ssc-5m", drawn.issue_no).digits(5)
    assert drawn.result == list(
        rng.stream(drawn.server_seed, "ssc-5m", drawn.issue_no, QUICKNET_RANDOMNESS).digits(5)
    )
    assert drawn.result != list(without)
    async with session_scope() as session:
        actions = (
            await session.exec(select(LotteryAudit.action).where(LotteryAudit.issue_id == first.id))
        ).all()
    assert actions == ["beacon-refused"]
