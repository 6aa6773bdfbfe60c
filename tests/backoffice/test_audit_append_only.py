"""The audit log is append-only in the database: the migration's triggers refuse UPDATE and
DELETE of its rows (and TRUNCATE on PostgreSQL) from any client, on both engines; on
PostgreSQL an application role that does not own the table (even one granted UPDATE, DELETE
and TRUNCATE) can neither change rows nor switch the triggers off; appends still work and
the chain stays whole."""

from __future__ import annotations

import secrets

import pytest
from sqlalchemy import delete, text, update
from sqlalchemy.exc import DBAPIError

from app.core.db import get_engine, session_scope, write_transaction
from app.services.backoffice import audit
from models import AuditEntry
from models.base import utcnow

ACTOR = audit.Actor(None, "test")


async def _entry() -> AuditEntry:
    async with write_transaction() as session:
        return await audit.append(session, ACTOR, "test.append_only", now=utcnow(), target="x")


async def _target(seq: int) -> str:
    async with session_scope() as session:
        found = await session.exec(  # type: ignore[call-overload]
            text("SELECT target FROM audit_entry WHERE seq = :seq").bindparams(seq=seq)
        )
        return str(found.scalar_one())


async def test_an_update_is_refused_by_the_database() -> None:
    entry = await _entry()
    with pytest.raises(DBAPIError, match="append-only"):
        async with write_transaction() as session:
            await session.exec(
                update(AuditEntry).where(AuditEntry.seq == entry.seq).values(target="changed")  # type: ignore[call-overload]
            )
    assert await _target(entry.seq) == "x"
    assert (await audit.verify()).ok


async def test_a_delete_is_refused_by_the_database() -> None:
    entry = await _entry()
    with pytest.raises(DBAPIError, match="append-only"):
        async with write_transaction() as session:
            await session.exec(delete(AuditEntry).where(AuditEntry.seq == entry.seq))  # type: ignore[call-overload]
    assert await _target(entry.seq) == "x"
    assert (await audit.verify()).ok


async def test_a_truncate_is_refused_on_postgres() -> None:
    await _entry()
    async with session_scope() as session:
        dialect = (await session.connection()).dialect.name
    if dialect != "postgresql":
        pytest.skip("SQLite has no TRUNCATE (its DELETE trigger covers a full delete)")
    with pytest.raises(DBAPIError, match="append-only"):
        async with write_transaction() as session:
            await session.exec(text("TRUNCATE audit_entry"))  # type: ignore[call-overload]
    assert (await audit.verify()).ok


async def test_an_application_role_cannot_rewrite_or_unprotect_on_postgres() -> None:
    entry = await _entry()
    if get_engine().dialect.name != "postgresql":
        pytest.skip("SQLite has no roles (its triggers are tested above)")
    role = f"audit_app_{secrets.token_hex(4)}"
    refused = {
        "UPDATE audit_entry SET target = 'changed'": "append-only",
        "DELETE FROM audit_entry": "append-only",
        "TRUNCATE audit_entry": "append-only",
        "ALTER TABLE audit_entry DISABLE TRIGGER USER": "must be owner",
        "DROP TRIGGER audit_entry_append_only ON audit_entry": "must be owner",
    }
    async with get_engine().connect() as connection:
        # Role and grants live in this transaction only: the rollback leaves no role behind.
        transaction = await connection.begin()
        await connection.exec_driver_sql(f'CREATE ROLE "{role}" NOLOGIN')
        await connection.exec_driver_sql(
            f'GRANT SELECT, INSERT, UPDATE, DELETE, TRUNCATE ON audit_entry TO "{role}"'
        )
        await connection.exec_driver_sql(f'SET LOCAL ROLE "{role}"')
        for statement, message in refused.items():
            with pytest.raises(DBAPIError, match=message):
                async with connection.begin_nested():
                    await connection.exec_driver_sql(statement)
        await transaction.rollback()
    assert await _target(entry.seq) == "x"
    assert (await audit.verify()).ok


async def test_appends_still_work() -> None:
    first, second = await _entry(), await _entry()
    assert second.seq == first.seq + 1 and second.prev_hash == first.hash
