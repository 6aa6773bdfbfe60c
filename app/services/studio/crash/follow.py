"""A brand's Crash board followed once per process, for every page of it that is open.

One follower per brand and event loop reads the board (rounds.board, the process's shared
read) every FOLLOW_SECONDS while anyone listens, and wakes only those whom a change concerns:

- `public`: the round, its phase, the crash point, the last crash points and the feed, as every
  player sees them (the live socket of app/crash_live.py sends them to every Crash tab). The
  round and its phase wake at once; the other players' bets at most every FEED_EVERY_SECONDS;
- `own(member_id)`: that member's bets of the round (the page's own slots, state/studio/crash.py).

A page thus costs nothing while nothing it shows changes, however many are open.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
import weakref
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field

from app.core import clock
from app.services.studio.crash.rounds import Board, Flying, Phase, Slots, board, round_pk

FOLLOW_SECONDS = 0.1
FEED_EVERY_SECONDS = 1.0


@dataclass(frozen=True)
class Seen:
    """The board as a listener last saw it: `generation` counts its public changes."""

    board: Board
    generation: int


def _round_mark(seen: Board) -> tuple[object, ...]:
    state = seen.state
    if state is None:
        return ()
    return (state.round_id, state.phase, state.crash, tuple(p.round_id for p in seen.past))


def _feed_mark(seen: Board) -> tuple[object, ...]:
    state = seen.state
    return () if state is None else (state.bettors, state.feed)


@dataclass
class Follower:
    """A brand's board in this process's event loop, and who waits for its changes."""

    merchant_id: int
    latest: Seen | None = None
    _published: Board | None = None  # the board as the public listeners last had it
    _public: asyncio.Event = field(default_factory=asyncio.Event)
    _own: dict[int, set[asyncio.Event]] = field(default_factory=dict)
    _listeners: int = 0
    _feed_sent: float = 0.0
    _task: asyncio.Task[None] | None = None
    _starting: asyncio.Lock = field(default_factory=asyncio.Lock)

    async def _start(self) -> Seen:
        async with self._starting:  # two first listeners at once: one task
            if self._task is None or self._task.done():
                now_seen = await board(self.merchant_id, clock.now())
                generation = 1 if self.latest is None else self.latest.generation + 1
                self.latest, self._published = Seen(now_seen, generation), now_seen
                self._feed_sent = time.monotonic()
                self._task = asyncio.get_running_loop().create_task(self._follow())
        assert self.latest is not None
        return self.latest

    async def _follow(self) -> None:
        while self._listeners > 0:
            await asyncio.sleep(FOLLOW_SECONDS)
            with contextlib.suppress(Exception):  # a busy database: the next pass reads again
                self._take(await board(self.merchant_id, clock.now()))

    def _take(self, now_seen: Board) -> None:
        before = self.latest
        assert before is not None and self._published is not None
        shown = self._published
        public = _round_mark(now_seen) != _round_mark(shown) or (
            _feed_mark(now_seen) != _feed_mark(shown)
            and time.monotonic() - self._feed_sent >= FEED_EVERY_SECONDS
        )
        changed_members = [
            member
            for member in self._own
            if now_seen.slots_of(member) != before.board.slots_of(member)
        ]
        self.latest = Seen(now_seen, before.generation + (1 if public else 0))
        if public:
            self._published, self._feed_sent = now_seen, time.monotonic()
            self._public.set()
            self._public = asyncio.Event()
        for member in changed_members:
            for event in self._own[member]:
                event.set()

    @contextlib.contextmanager
    def _listening(self) -> Iterator[None]:
        self._listeners += 1
        try:
            yield
        finally:
            self._listeners -= 1

    def round_id(self) -> str | None:
        """The id of the brand's round as this process follows it now ("" before the first);
        None when nobody here follows the board (what it last saw may be old): read it then."""
        if self.latest is None or self._listeners == 0 or self._task is None or self._task.done():
            return None
        state = self.latest.board.state
        return "" if state is None else state.round_id

    def flying(self) -> Flying | None:
        """The round this process last saw taking bets or running: a cash-out decides in one
        statement on it (None: it saw none, and the cash-out reads the round itself)."""
        return self._seen_round(Phase.BETTING, Phase.RUNNING)

    def betting(self) -> Flying | None:
        """The round this process last saw taking bets (None: none, or it saw one fly): a bet
        the page made for it is refused without a statement once its betting has closed."""
        return self._seen_round(Phase.BETTING)

    def _seen_round(self, *phases: str) -> Flying | None:
        state = self.latest.board.state if self.latest is not None else None
        if state is None or state.phase not in phases:
            return None
        return Flying(round_pk(state.round_id), state.started_at)

    async def public(self) -> AsyncIterator[Seen]:
        """The board now, then after each public change, for as long as the caller iterates."""
        with self._listening():
            seen = await self._start()
            yield seen
            while True:
                if self.latest is not None and self.latest.generation == seen.generation:
                    await self._public.wait()
                assert self.latest is not None
                seen = self.latest
                yield seen

    async def own(self, member_id: int, most_seconds: float) -> AsyncIterator[Slots]:
        """The member's bets of the round now, then each time they change (a bet placed,
        cashed out by hand or at its target, lost at the crash, or a new round), for
        `most_seconds` at most."""
        event = asyncio.Event()
        self._own.setdefault(member_id, set()).add(event)
        ends = time.monotonic() + most_seconds
        try:
            with self._listening():
                seen = await self._start()
                yield seen.board.slots_of(member_id)
                while (left := ends - time.monotonic()) > 0:
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(event.wait(), left)
                    event.clear()
                    assert self.latest is not None
                    yield self.latest.board.slots_of(member_id)
        finally:
            waiting = self._own.get(member_id, set())
            waiting.discard(event)
            if not waiting:
                self._own.pop(member_id, None)


_followers: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[int, Follower]] = (
    weakref.WeakKeyDictionary()
)


def follower(merchant_id: int) -> Follower:
    """The brand's follower in the running event loop (a server worker has one loop)."""
    of_loop = _followers.setdefault(asyncio.get_running_loop(), {})
    found = of_loop.get(merchant_id)
    if found is None:
        found = of_loop[merchant_id] = Follower(merchant_id)
    return found
