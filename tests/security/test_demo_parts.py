"""Production refuses demo parts (issue 32): a start with ENVIRONMENT=prod names every sandbox
or demo component still on, at every entry point; the demo results feed draws from a seed
committed in advance (nobody computes a draw from the code's constants, anyone verifies it
after); the real results feed is believed only when its answer carries its signature."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from datetime import datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import ClassVar

import pytest
from pydantic import SecretStr, ValidationError
from sqlalchemy import delete
from sqlmodel import col, select

from app.core.config import PROJECT_ROOT, Settings, get_settings
from app.core.db import session_scope, write_transaction
from app.services.lottery import issues, rng
from app.services.lottery.families import FAMILIES
from app.services.providers import registry
from models import LotteryAudit, LotteryIssue
from models.lottery import IssueStatus, ResultSource
from tests.helpers.deployment import PRODUCTION
from tests.helpers.lottery import new_day

# Each demo part: the setting that turns it on, and the name the refusal gives it.
DEMO_PARTS = [
    ({"secret_key": None}, "SECRET_KEY"),
    ({"audit_log_key": None}, "AUDIT_LOG_KEY"),
    ({"sandbox_payments": True}, "SANDBOX_PAYMENTS"),
    ({"kyc_provider_url": None}, "KYC_PROVIDER_URL"),
    ({"liveness_provider_url": None}, "LIVENESS_PROVIDER_URL"),
    ({"lottery_results_url": None, "lottery_results_secret": None}, "LOTTERY_RESULTS_URL"),
    ({"provider_simulator_url": "http://127.0.0.1:8700"}, "PROVIDER_SIMULATOR_URL"),
    ({"sms_gateway_url": None}, "SMS_GATEWAY_URL"),
    ({"smtp_host": None}, "SMTP_HOST"),
    ({"argon2_profile": "test"}, "ARGON2_PROFILE"),
]
FEED_SECRET = "the-feed-and-we-share-this"


@pytest.mark.parametrize(("turned_on", "named"), DEMO_PARTS, ids=[n for _, n in DEMO_PARTS])
def test_a_production_start_with_a_demo_part_is_refused_naming_it(
    turned_on: dict[str, object], named: str
) -> None:
    with pytest.raises(ValidationError, match=named) as refused:
        Settings(**{**PRODUCTION, **turned_on}, _env_file=None)
    others = [setting for _, setting in DEMO_PARTS if setting != named]
    assert not any(setting in str(refused.value) for setting in others)
    # the same settings outside production run the demo part
    development = Settings(**{**PRODUCTION, **turned_on, "environment": "dev"}, _env_file=None)
    assert [named in part.setting for part in development.demo_parts()] == [True]


def test_production_starts_with_every_demo_part_off_and_the_demo_lists_them_all() -> None:
    assert Settings(**PRODUCTION, _env_file=None).demo_parts() == []
    demo = Settings(environment="dev", secret_key=None, _env_file=None)
    assert len(demo.demo_parts()) == len(DEMO_PARTS)


def test_a_results_feed_without_its_signing_key_is_refused_everywhere() -> None:
    with pytest.raises(ValidationError, match="LOTTERY_RESULTS_SECRET"):
        Settings(
            **{**PRODUCTION, "environment": "dev", "lottery_results_secret": None}, _env_file=None
        )


def _start(code: list[str], env: dict[str, str]) -> subprocess.Popen[str]:
    """A process of the test's environment without any of the settings PRODUCTION sets."""
    unset = {key.upper() for key in PRODUCTION}
    base = {key: value for key, value in os.environ.items() if key not in unset}
    return subprocess.Popen(
        [sys.executable, *code],
        cwd=PROJECT_ROOT,
        env={**base, **env},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _environment(settings: dict[str, object]) -> dict[str, str]:
    return {key.upper(): str(value) for key, value in settings.items()}


def test_every_entry_point_refuses_a_production_start_with_demo_parts() -> None:
    """The Reflex app's import (what `reflex run` and `app.cli serve` workers load) and the
    job worker stop, naming each part; the app imports when every part is off."""
    # Every other setting at its default (the demo's), with the test runs' cheap hashing.
    demo = {"ENVIRONMENT": "prod", "ARGON2_PROFILE": "test"}
    started = [
        _start(["-c", "import app.app"], demo),
        _start(["-m", "app.cli", "worker"], demo),
        _start(["-c", "import app.app"], _environment(PRODUCTION)),
    ]
    (app_refused, worker_refused, app_started) = [p.communicate(timeout=300) for p in started]
    assert started[0].returncode != 0 and started[1].returncode == 2
    for _, stderr in (app_refused, worker_refused):
        assert "ENVIRONMENT=prod refuses to start" in stderr
        assert all(setting in stderr for _, setting in DEMO_PARTS)
    assert started[2].returncode == 0, app_started[1][-2000:]


async def test_without_the_simulator_a_vendor_plays_only_on_its_configured_provider(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    settings = get_settings()
    monkeypatch.setattr(settings, "provider_simulator_url", None)
    assert await registry.provider_config("PG") is None  # not integrated: no game opens
    monkeypatch.setattr(settings, "provider_urls", {"PG": "https://pg.aggregator.example/"})
    config = await registry.provider_config("PG")
    assert config is not None and config.api_url == "https://pg.aggregator.example"


# ---- the demo results feed -------------------------------------------------------------------


async def _demo_draw(day: datetime, day_issue: str | None = None) -> tuple[LotteryIssue, str]:
    """The day's first Mark Six issue (or the given one), drawn by the demo feed; returns it
    and the seed hash it published before its draw."""
    await issues.create_issues(day, timedelta(days=7), ["lhc-hk"])
    if day_issue is None:
        day_issue = (await issues.upcoming("lhc-hk", day, 1))[0].issue_no
    before = await issues.find("lhc-hk", day_issue)
    assert before.seed_hash is not None and before.server_seed is None
    await issues.advance(before.close_at)
    await issues.collect_results(before.draw_at)
    return await issues.find("lhc-hk", day_issue), before.seed_hash


async def _forget(issue: LotteryIssue) -> None:
    """The issue as on a fresh deployment: never created."""
    async with write_transaction() as session:
        await session.exec(delete(LotteryAudit).where(col(LotteryAudit.issue_id) == issue.id))
        await session.exec(delete(LotteryIssue).where(col(LotteryIssue.id) == issue.id))


async def test_the_demo_feed_cannot_be_predicted_and_verifies_after_the_draw() -> None:
    day = new_day()
    drawn, commitment = await _demo_draw(day)
    assert drawn.status == IssueStatus.DRAWN and drawn.result_source == ResultSource.DEMO
    # what the code's public constants give for the issue is not the draw
    public = rng.stream("demo-feed", drawn.game_code, drawn.issue_no)
    assert drawn.result != list(FAMILIES[drawn.family].derive(public))
    # the seed revealed at the draw is the one committed before it, and gives the numbers
    check = issues.verify(drawn)
    assert drawn.seed_hash == commitment and check.hash_matches and check.matches
    # a fresh deployment draws the same issue from its own secret seed: other numbers
    first = list(drawn.result or [])
    await _forget(drawn)
    again, other_commitment = await _demo_draw(day, drawn.issue_no)
    assert other_commitment != commitment
    assert again.result != first and issues.verify(again).matches


# ---- the signed results feed -----------------------------------------------------------------


class Feed(BaseHTTPRequestHandler):
    """A results feed over HTTP answering each published path; `signing` says how it signs:
    "right", "none", "wrong-key" or "other-issue" (a signature made for another issue)."""

    published: ClassVar[dict[str, list[int]]] = {}
    signing: ClassVar[str] = "right"

    def do_GET(self) -> None:
        numbers = self.published.get(self.path)
        body = json.dumps({"numbers": numbers}).encode()
        game_code, issue_no = self.path.strip("/").split("/", 1)
        self.send_response(200 if numbers is not None else 404)
        if self.signing != "none":
            secret = "guessed" if self.signing == "wrong-key" else FEED_SECRET
            signed_issue = issue_no + "0" if self.signing == "other-issue" else issue_no
            signature = issues.feed_signature(secret, game_code, signed_issue, body)
            self.send_header(issues.SIGNATURE_HEADER, signature)
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        return


@pytest.fixture
def feed(monkeypatch: pytest.MonkeyPatch) -> Iterator[type[Feed]]:
    """The feed, configured as the deployment's LOTTERY_RESULTS_URL and secret."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), Feed)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    settings = get_settings()
    monkeypatch.setattr(settings, "lottery_results_url", f"http://127.0.0.1:{server.server_port}")
    monkeypatch.setattr(settings, "lottery_results_secret", SecretStr(FEED_SECRET))
    yield Feed
    server.shutdown()
    thread.join()


async def test_a_feed_answer_without_its_signature_is_refused_and_the_issue_stays_undrawn(
    feed: type[Feed], caplog: pytest.LogCaptureFixture
) -> None:
    day = new_day()
    await issues.create_issues(day, timedelta(days=7), ["lhc-hk"])
    issue = (await issues.upcoming("lhc-hk", day, 1))[0]
    await issues.advance(issue.draw_at)
    numbers = [3, 9, 14, 22, 31, 40, 7]
    feed.published = {f"/lhc-hk/{issue.issue_no}": numbers}
    for signing in ("none", "wrong-key", "other-issue"):
        feed.signing = signing
        caplog.clear()
        await issues.collect_results(issue.draw_at)
        undrawn = await issues.find("lhc-hk", issue.issue_no)
        assert undrawn.status == IssueStatus.CLOSED and undrawn.result is None, signing
        assert any(issue.issue_no in record.getMessage() for record in caplog.records)
    async with session_scope() as session:
        refusals = (
            await session.exec(
                select(LotteryAudit.action, LotteryAudit.detail).where(
                    LotteryAudit.issue_id == issue.id
                )
            )
        ).all()
    assert refusals == [("result-refused", {"reason": "signature"})] * 3
    feed.signing = "right"
    await issues.collect_results(issue.draw_at)
    drawn = await issues.find("lhc-hk", issue.issue_no)
    assert drawn.result == numbers and drawn.result_source == ResultSource.PROVIDER
