"""The shared brand version (app/services/brands.py): requests waiting at the same time share
one read of it, and none is answered by a read sent before it arrived, so a change announced
by another process is seen by every request that comes after it."""

from __future__ import annotations

import asyncio

import pytest

from app.services import brands


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
