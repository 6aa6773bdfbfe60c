"""Balance-change signals: per-member versions in Redis that pages watch to refresh.

Each member has two counters: every movement of their money bumps the first; a movement that
may also change the header's badges (a message, a reward, a mission, a game wallet: every
signal but a game round's) bumps the second too, so that a page reads the badges again only
when they may have moved (`Version`).

A process reads the versions of every member one of its pages watches in one MGET every
FOLLOW_EVERY_SECONDS (`watching`) and wakes only the pages whose member's version moved: a
thousand open pages cost one read a second, not five hundred.

Without a shared Redis (embedded mode: one process, whose fakeredis no other process sees)
the counters are kept in this process's memory instead: the same signals, without fakeredis's
cost per command (a settlement batch signals hundreds of members on the loop players wait on).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import weakref
from collections.abc import AsyncIterator, Iterable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError
from redis.exceptions import TimeoutError as RedisTimeoutError

from app.core.cache import get_redis, is_shared
from app.core.logs import member_ref

logger = logging.getLogger(__name__)
_TTL_SECONDS = 7 * 24 * 3600
FOLLOW_EVERY_SECONDS = 1.0


class Version(NamedTuple):
    """A member's two counters: every movement (`money`), and those that may change the
    badges as well (`badges`)."""

    money: int
    badges: int


def _keys(member_id: int) -> tuple[str, str]:
    return f"wallet-version:{member_id}", f"wallet-badges:{member_id}"


def _versions_of(values: Sequence[object]) -> list[Version]:
    """The MGET answer for `_keys` of each member in turn."""
    counts = [int(value) if isinstance(value, (bytes, str)) and value else 0 for value in values]
    return [Version(counts[n], counts[n + 1]) for n in range(0, len(counts), 2)]


def _all_keys(member_ids: Iterable[int]) -> list[str]:
    return [key for member_id in member_ids for key in _keys(member_id)]


# Embedded mode's counters: one entry per member whose money moved since the process started.
_local: dict[int, Version] = {}


async def _read(member_ids: list[int]) -> list[Version]:
    if not is_shared():
        return [_local.get(member_id, Version(0, 0)) for member_id in member_ids]
    return _versions_of(await get_redis().mget(_all_keys(member_ids)))


async def balance_changed(member_id: int) -> None:
    """Call after a committed movement of the member's money (every worker sees it).

    The movement is already committed: with Redis out of reach the signal is skipped (pages
    refresh on the next change) rather than the caller being told its movement failed.
    """
    await balances_changed([member_id])


async def money_moved(member_ids: set[int] | list[int]) -> None:
    """`balances_changed` for a bet's or a round's movement, which changes the members' money
    and bonus progress and nothing else the header shows: pages leave the badges alone."""
    await _signal(member_ids, badges=False)


async def balance_version(member_id: int) -> Version:
    return (await _read([member_id]))[0]


async def balances_changed(member_ids: set[int] | list[int]) -> None:
    """`balance_changed` for many members (a job's batch), in one round trip."""
    await _signal(member_ids, badges=True)


async def _signal(member_ids: set[int] | list[int], *, badges: bool) -> None:
    if not member_ids:
        return
    if not is_shared():
        for member_id in member_ids:
            money, badge = _local.get(member_id, Version(0, 0))
            _local[member_id] = Version(money + 1, badge + 1 if badges else badge)
        return
    redis = get_redis()
    try:
        async with redis.pipeline(transaction=False) as pipe:
            for member_id in member_ids:
                money_key, badges_key = _keys(member_id)
                for key in (money_key, badges_key) if badges else (money_key,):
                    pipe.incr(key)
                    pipe.expire(key, _TTL_SECONDS)
            await pipe.execute()
    except (RedisConnectionError, RedisTimeoutError) as exc:
        shown = member_ref(next(iter(member_ids))) if len(member_ids) == 1 else len(member_ids)
        logger.warning("balance signals of %s skipped: %s", shown, type(exc).__name__)


@dataclass
class Watch:
    """One page's watch of a member's version (`watching`)."""

    member_id: int
    _event: asyncio.Event
    _versions: Versions

    async def version(self, known: Version, most: float) -> Version:
        """The member's version as soon as it is read to have moved (the first read counts),
        else after `most` seconds: `known` when it was never read."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._event.wait(), most)
        self._event.clear()
        return self._versions.latest(self.member_id, known)


@dataclass
class Versions:
    """The versions of the members this event loop's pages watch, read together."""

    _latest: dict[int, Version] = field(default_factory=dict)
    _waiting: dict[int, set[asyncio.Event]] = field(default_factory=dict)
    _task: asyncio.Task[None] | None = None

    async def _follow(self) -> None:
        while self._waiting:
            await asyncio.sleep(FOLLOW_EVERY_SECONDS)
            members = list(self._waiting)
            try:
                read = await _read(members)
            except RedisError:
                continue  # Redis out of reach: the next pass reads again
            for member, version in zip(members, read, strict=True):
                if self._latest.get(member) != version:
                    self._latest[member] = version
                    for event in self._waiting.get(member, ()):
                        event.set()

    def latest(self, member_id: int, known: Version) -> Version:
        """The member's version as last read (`known` before its first read)."""
        return self._latest.get(member_id, known)

    @contextlib.asynccontextmanager
    async def watching(self, member_id: int) -> AsyncIterator[Watch]:
        """The member's version followed while the caller's block runs."""
        event = asyncio.Event()
        self._waiting.setdefault(member_id, set()).add(event)
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._follow())
        try:
            yield Watch(member_id, event, self)
        finally:
            waiting = self._waiting.get(member_id, set())
            waiting.discard(event)
            if not waiting:
                self._waiting.pop(member_id, None)
                self._latest.pop(member_id, None)


_versions: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Versions] = (
    weakref.WeakKeyDictionary()
)


def watching(member_id: int) -> contextlib.AbstractAsyncContextManager[Watch]:
    """The member's version followed by the running event loop's reader (a server worker has
    one loop), with every other page's of that loop."""
    return _versions.setdefault(asyncio.get_running_loop(), Versions()).watching(member_id)
