"""One page event asks who its member is several times: within one task `recent_member_id`
gives the member id of the login read less than RECENT_SECONDS ago without a database read;
another task, a touching call after a non-touching one, an old answer and a session ended in
the task find none, and the page reads the login again."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from sqlalchemy import event

from app.core.db import engines
from app.core.errors import AppError
from app.services.accounts import sessions
from tests.helpers.accounts import make_member


@pytest.fixture
def session_reads() -> Iterator[list[str]]:
    """The statements reading a login's session row, as the database receives them."""
    seen: list[str] = []

    def count(*args: object) -> None:
        statement = str(args[2])
        if "FROM membersession" in statement and statement.lstrip().startswith("SELECT"):
            seen.append(statement)

    for engine in engines():
        event.listen(engine.sync_engine, "before_cursor_execute", count)
    yield seen
    for engine in engines():
        event.remove(engine.sync_engine, "before_cursor_execute", count)


async def _token() -> str:
    member = await make_member()
    return await sessions.open_session(member, "10.0.0.1", "test", "WEB")


async def test_one_task_reads_the_login_once(session_reads: list[str]) -> None:
    token = await _token()
    first = await sessions.authenticate(token)
    assert sessions.recent_member_id(token, touch=False) == first.member.id
    assert sessions.recent_member_id(token) == first.member.id
    assert len(session_reads) == 1


async def test_another_task_reads_it_again(session_reads: list[str]) -> None:
    token = await _token()
    await sessions.authenticate(token)

    async def elsewhere() -> int | None:  # inherits the context, not the task
        return sessions.recent_member_id(token)

    assert await asyncio.create_task(elsewhere()) is None


async def test_the_api_s_authenticate_always_reads(session_reads: list[str]) -> None:
    """An API call's door reads the session every time (requests of an in-process client
    share their task): a member's fields may have changed since."""
    token = await _token()
    await sessions.authenticate(token)
    await sessions.authenticate(token)
    assert len(session_reads) == 2


async def test_a_touching_call_after_a_timer_s_read_reads_it_again(
    session_reads: list[str],
) -> None:
    token = await _token()
    await sessions.authenticate(token, touch=False)
    assert sessions.recent_member_id(token, touch=False) is not None
    assert sessions.recent_member_id(token) is None


async def test_an_old_answer_is_read_again(
    session_reads: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    token = await _token()
    await sessions.authenticate(token)
    monkeypatch.setattr(sessions, "RECENT_SECONDS", 0.0)
    assert sessions.recent_member_id(token) is None


async def test_a_logout_in_the_task_is_seen_at_once() -> None:
    token = await _token()
    await sessions.authenticate(token)
    assert await sessions.logout(token) == 1
    assert sessions.recent_member_id(token) is None
    with pytest.raises(AppError) as refused:
        await sessions.authenticate(token)
    assert refused.value.code == "not-logged-in"
