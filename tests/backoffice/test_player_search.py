"""Player search: by id, #id, username, phone and e-mail prefix, and IP address (last login
or any session); wildcards are matched literally; pages and the list's CSV export; the 360
view; lock, unlock, force logout, reset 2FA and notes, each audited."""

from __future__ import annotations

import json
import secrets
from datetime import timedelta

import pytest
from sqlmodel import col, select

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services.accounts import sessions
from app.services.backoffice import players
from models import AuditEntry, Member, MemberSession
from models.base import utcnow
from tests.helpers.accounts import make_member
from tests.helpers.backoffice import make_staff
from tests.helpers.money import fund


async def _ids(query: str, page: int = 1) -> list[int]:
    staff = await make_staff("support")
    return [row.id for row in (await players.search(staff, query, page, utcnow())).rows]


async def test_search_by_each_kind_of_query() -> None:
    tag = secrets.token_hex(3)
    mobile = f"119{secrets.randbelow(10**8):08d}"
    ip = f"203.0.113.{secrets.randbelow(200) + 1}"
    member = await make_member(
        "BR1", username=f"srch{tag}x", mobile=mobile, email=f"srch{tag}@example.com",
        last_login_ip=ip,
    )  # fmt: skip
    assert member.id is not None
    assert member.id in await _ids(str(member.id))
    assert await _ids(f"#{member.id}") == [member.id]
    assert await _ids(f"SRCH{tag}") == [member.id]  # usernames are lower case
    assert await _ids(f"srch{tag}x") == [member.id]
    assert member.id in await _ids(mobile[:7])
    assert await _ids(f"srch{tag}@") == [member.id]
    assert member.id in await _ids(ip)
    # An address seen only on a session finds the member too.
    other_ip = f"198.51.100.{secrets.randbelow(200) + 1}"
    async with write_transaction() as session:
        session.add(
            MemberSession(
                member_id=member.id,
                token_digest=secrets.token_hex(32),
                ip=other_ip,
                expires_at=utcnow() + timedelta(hours=1),
            )
        )
    assert member.id in await _ids(other_ip)
    # Wildcards are literal: "%" finds nobody, "_" finds only names with an underscore.
    assert await _ids("%") == []
    assert member.id not in await _ids(f"srch{tag[:2]}_")


@pytest.mark.engines
async def test_an_id_no_row_can_have_finds_nobody_or_a_phone() -> None:
    """An id past PostgreSQL's INTEGER range (a long phone number typed whole) finds no
    member by id and fails nothing; its digits still match phone numbers."""
    mobile = f"119{secrets.randbelow(10**8):08d}"
    member = await make_member("BR1", username=f"big{secrets.token_hex(3)}", mobile=mobile)
    assert await _ids("#99999999999") == []
    assert await _ids(mobile) == [member.id]  # 11 digits: past the largest id


async def test_pages_and_brand_scope() -> None:
    tag = secrets.token_hex(3)
    made = [
        await make_member("BR1", username=f"pg{tag}{n:02d}") for n in range(players.PAGE_SIZE + 3)
    ]
    staff = await make_staff("support")
    first = await players.search(staff, f"pg{tag}", 1, utcnow())
    second = await players.search(staff, f"pg{tag}", 2, utcnow())
    assert len(first.rows) == players.PAGE_SIZE and first.has_more
    assert len(second.rows) == 3 and not second.has_more
    assert {r.id for r in first.rows + second.rows} == {m.id for m in made}
    other = await make_member("BR2", username=f"pg{tag}zz")
    assert other.id not in {
        r.id for r in (await players.search(staff, f"pg{tag}", 2, utcnow())).rows
    }
    # The list's CSV: every page of the same search, the brand's only, needs the export
    # permission (support has none) and is audited.
    with pytest.raises(AppError) as refused:
        await players.export(staff, f"pg{tag}", utcnow())
    assert refused.value.code == "staff-forbidden"
    finance = await make_staff("finance", "BR1")
    exported = await players.export(finance, f"pg{tag}", utcnow())
    assert [r.id for r in exported] == sorted((m.id for m in made), reverse=True)
    async with session_scope() as session:
        logged = (
            await session.exec(
                select(AuditEntry.detail).where(
                    AuditEntry.staff_id == finance.id, AuditEntry.action == "players.export"
                )
            )
        ).all()
    assert [json.loads(d) for d in logged] == [{"query": f"pg{tag}", "rows": len(made)}]


async def test_profile_and_account_actions() -> None:
    staff = await make_staff("support")
    member = await make_member("BR1", totp_enabled=True, totp_secret_encrypted="sealed")
    assert member.id is not None
    await fund(member.id, "25.00")
    token = await sessions.open_session(member, "10.0.0.1", "test", "WEB")
    found = await players.profile(staff, member.id, utcnow())
    assert found.cash == 25 and found.brand_code == "BR1" and found.totp_enabled
    assert [m.kind for m in found.movements] == ["DEPOSIT"]
    assert len(found.sessions) == 1

    with pytest.raises(AppError) as no_reason:
        await players.set_locked(staff, member.id, True, " ", utcnow())
    assert no_reason.value.code == "staff-reason-required"
    await players.set_locked(staff, member.id, True, "chargeback", utcnow())
    with pytest.raises(AppError):
        await sessions.authenticate(token)  # the lock ended the session
    await players.set_locked(staff, member.id, False, "cleared", utcnow())
    token = await sessions.open_session(member, "10.0.0.1", "test", "WEB")
    assert await players.force_logout(staff, member.id, utcnow()) == 1
    with pytest.raises(AppError):
        await sessions.authenticate(token)
    await players.reset_2fa(staff, member.id, "lost phone", utcnow())
    await players.add_note(staff, member.id, "called the player", utcnow())
    found = await players.profile(staff, member.id, utcnow())
    assert not found.totp_enabled and found.notes[0].text == "called the player"
    async with session_scope() as session:
        stored = await session.get(Member, member.id)
        actions = (
            await session.exec(
                select(AuditEntry.action)
                .where(AuditEntry.target == f"member:{member.id}")
                .order_by(col(AuditEntry.seq))
            )
        ).all()
    assert stored is not None and stored.status == "ACTIVE"
    assert actions == [
        "player.lock", "player.unlock", "player.logout", "player.reset_2fa", "player.note"
    ]  # fmt: skip
    with pytest.raises(AppError) as unknown:
        await players.profile(staff, 2_000_000_000, utcnow())
    assert unknown.value.code == "player-unknown"
