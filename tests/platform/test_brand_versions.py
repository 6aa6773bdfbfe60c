"""The shared brand version (app/services/brands.py): requests waiting at the same time share
one read of it, and none is answered by a read sent before a change announced before it
arrived (an announcement returns ANNOUNCE_SETTLE_SECONDS after its bump, a read is reused that
long at most), so a change announced by another process is seen by every request that comes
after it."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys

import pytest

from app.client import PlatformClient
from app.core import work_units
from app.core.cache import close_redis, get_redis
from app.core.config import PROJECT_ROOT
from app.services import brands
from tests.helpers.databases import use_postgres


class _Redis:
    """VERSION_KEY as a Redis would answer it: the value when the read arrives, the answer
    when `answer` lets it go."""

    def __init__(self) -> None:
        self.value = "1"
        self.sent: list[str] = []
        self.answer = asyncio.Event()

    async def read(self) -> str | None:
        seen = self.value
        self.sent.append(seen)
        await self.answer.wait()
        return seen


@pytest.fixture
def redis(monkeypatch: pytest.MonkeyPatch) -> _Redis:
    fake = _Redis()
    monkeypatch.setattr(brands, "is_shared", lambda: True)
    monkeypatch.setattr(brands, "_read_version", fake.read)
    monkeypatch.setattr(brands, "_shared_reads", brands._SharedReads())
    return fake


async def _announce(redis: _Redis, version: str) -> None:
    """Another process announces a change: the bump, then the wait before it returns."""
    redis.value = version
    await asyncio.sleep(brands.ANNOUNCE_SETTLE_SECONDS)


async def _settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


async def test_requests_waiting_together_share_one_read(redis: _Redis) -> None:
    waiting = [asyncio.ensure_future(brands._version()) for _ in range(20)]
    await _settle()
    redis.answer.set()
    assert await asyncio.gather(*waiting) == ["1"] * 20
    assert redis.sent == ["1"]


async def test_a_request_after_a_change_never_gets_an_older_read(redis: _Redis) -> None:
    before = asyncio.ensure_future(brands._version())
    await _settle()
    assert redis.sent == ["1"]  # on its way, and it read the old version
    redis.value = "2"  # another process announces a change
    after = [asyncio.ensure_future(brands._version()) for _ in range(3)]
    await _settle()
    assert redis.sent == ["1"]  # the later requests wait for a read of their own
    redis.answer.set()
    assert await before == "1"
    assert await asyncio.gather(*after) == ["2"] * 3
    assert redis.sent == ["1", "2"]  # one read for the three of them


async def test_a_read_that_fails_lets_the_next_requests_read_again(
    redis: _Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def unreachable() -> str | None:
        raise ConnectionError("redis went away")

    monkeypatch.setattr(brands, "_read_version", unreachable)
    with pytest.raises(ConnectionError):
        await brands._version()
    monkeypatch.setattr(brands, "_read_version", redis.read)
    redis.answer.set()
    assert await brands._version() == "1"


async def test_a_unit_of_work_asking_again_takes_the_read_sent_after_it_arrived(
    redis: _Redis,
) -> None:
    """A money call asks for its brand several times: one read serves it, since that read was
    sent after the call arrived; the next call, arrived after a change, reads again."""
    redis.answer.set()
    with work_units.unit_of_work():
        assert [await brands._version() for _ in range(4)] == ["1"] * 4
    assert redis.sent == ["1"]
    await _announce(redis, "2")
    with work_units.unit_of_work():
        assert [await brands._version() for _ in range(3)] == ["2"] * 3
    assert redis.sent == ["1", "2"]
    await _announce(redis, "3")
    assert await brands._version() == "3"  # outside a unit of work: it arrives as it asks
    assert redis.sent == ["1", "2", "3"]


async def test_a_pinned_block_neither_reads_the_version_nor_reloads(redis: _Redis) -> None:
    """A debit pins the brands before its transaction (`BrandRegistry.pinned`): inside it,
    where a reload would wait for a second pooled connection, a change announced meanwhile is
    neither read nor loaded; a task started inside it, and the next call after it, see the
    change."""
    registry = brands.BrandRegistry()
    redis.answer.set()
    async with registry.pinned():
        pinned = registry._snapshot
        assert pinned is not None and redis.sent == ["1"]
        await _announce(redis, "2")
        await registry.all()
        assert registry._snapshot is pinned and redis.sent == ["1"]
        await asyncio.create_task(registry.all())
        reloaded = registry._snapshot
        assert reloaded is not None and reloaded.version == "2"
        await registry.all()
        assert registry._snapshot is reloaded and redis.sent == ["1", "2"]
    await _announce(redis, "3")
    await registry.all()
    assert registry._snapshot is not reloaded and redis.sent == ["1", "2", "3"]


async def test_a_request_just_after_a_read_takes_it_and_one_after_an_announcement_does_not(
    redis: _Redis,
) -> None:
    """The last read serves the requests arriving less than ANNOUNCE_SETTLE_SECONDS after it
    was sent: a change announced before they arrived was bumped before it was sent."""
    redis.answer.set()
    with work_units.unit_of_work():
        assert await brands._version() == "1"
    with work_units.unit_of_work():  # arrived just after: no read of its own
        assert await brands._version() == "1"
    assert redis.sent == ["1"]
    await _announce(redis, "2")
    with work_units.unit_of_work():
        assert await brands._version() == "2"
    assert redis.sent == ["1", "2"]


async def test_an_announcement_returns_once_the_reads_before_it_are_too_old_to_reuse(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    bumps: list[str] = []

    class _Bumped:
        async def incr(self, key: str) -> int:
            bumps.append(key)
            return 1

    monkeypatch.setattr(brands, "is_shared", lambda: True)
    monkeypatch.setattr(brands, "get_redis", _Bumped)
    monkeypatch.setattr(brands, "ANNOUNCE_SETTLE_SECONDS", 3600)
    announcing = asyncio.ensure_future(brands.announce_change())
    await _settle()
    assert bumps == [brands.VERSION_KEY]  # bumped, and still settling
    assert not announcing.done()
    announcing.cancel()
    with pytest.raises(asyncio.CancelledError):
        await announcing


async def test_a_long_unit_of_work_reads_again_after_a_while(
    redis: _Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A page's background watch is one long unit: a change announced while it runs reaches
    it within REUSED_READ_SECONDS."""
    redis.answer.set()
    moments = iter([100.0, 100.1, 100.2, 101.5, 101.6, 101.7])
    monkeypatch.setattr(work_units, "now", lambda: next(moments))
    with work_units.unit_of_work():  # arrives at 100.0
        assert await brands._version() == "1"  # sent at 100.1 (checked at none: no read yet)
        redis.value = "2"
        assert await brands._version() == "1"  # at 100.2: the read of 100.1 serves
        assert await brands._version() == "2"  # at 101.5: too old, read again (sent 101.6)
    assert redis.sent == ["1", "2"]


async def test_a_request_cancelled_while_it_waits_leaves_the_read_to_the_others(
    redis: _Redis,
) -> None:
    leaving = asyncio.ensure_future(brands._version())
    staying = asyncio.ensure_future(brands._version())
    await _settle()
    leaving.cancel()
    await _settle()
    redis.answer.set()
    assert await staying == "1"
    assert leaving.cancelled() and redis.sent == ["1"]


@pytest.mark.engines
@pytest.mark.skipif(not use_postgres(), reason="reads a real Redis: TEST_DATABASE=postgres")
async def test_the_reads_connection_opens_again_after_redis_closed_it() -> None:
    """The version reads keep a connection of their own: Redis closing it (a restart, an
    idle timeout) costs the next read a new connection, not a failed read."""
    await get_redis().incr(brands.VERSION_KEY)
    version = await brands._read_version()
    assert version is not None and int(version) > 0
    connection = await brands._version_connection()
    await connection.send_command("CLIENT", "ID")
    await get_redis().client_kill_filter(_id=await connection.read_response())
    assert await brands._read_version() == version


@pytest.mark.engines
@pytest.mark.skipif(not use_postgres(), reason="reads a real Redis: TEST_DATABASE=postgres")
async def test_closing_the_client_closes_the_reads_connection() -> None:
    """A process that stops (`close_redis`) leaves no connection of the version reads open."""
    assert await brands._read_version() is not None
    connection = await brands._version_connection()
    assert connection.is_connected
    await close_redis()
    assert not connection.is_connected
    assert await brands._read_version() is not None  # a new client, a new kept connection


def _operator(*args: str) -> None:
    """An operator's command in a process of its own: its announcement crosses Redis."""
    subprocess.run(
        [sys.executable, "-m", "app.cli", *args],
        cwd=PROJECT_ROOT, env=os.environ, check=True, capture_output=True,
    )  # fmt: skip


@pytest.mark.engines
@pytest.mark.skipif(not use_postgres(), reason="another process's change: a shared Redis")
async def test_a_change_announced_by_another_process_is_answered_at_the_next_call(
    api: PlatformClient,
) -> None:
    """This process's snapshot is not forgotten here (brands reload on a timer of an hour in
    the tests): only the shared version tells it; its kept status answers give way."""
    assert (await api.get("/wps/system/status"))["status"] == 0
    assert (await api.get("/wps/system/status"))["status"] == 0
    try:
        _operator("status", "maintenance", "--message", "Upgrade")
        assert (await api.get("/wps/system/status"))["status"] == 1
    finally:
        _operator("status", "normal")
    assert (await api.get("/wps/system/status"))["status"] == 0
