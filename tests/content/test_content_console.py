"""The content console: announcements created, edited and unpublished per brand with their
HTML sanitised and the site's own queries seeing the change; legal documents versioned; bad
input changes nothing; every action is in the audit log; another brand's rows are out of
reach."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from uuid import uuid4

import pytest
from sqlmodel import col, func, select

from app.core.db import session_scope
from app.core.errors import AppError
from app.services.backoffice import content
from app.services.brands import brands
from app.services.content import announcements, legal
from app.services.content.announcements import AnnouncementSpec
from models import AuditEntry
from models.base import utcnow
from models.promotions import Announcement
from state.content.console_content import draft_of
from tests.helpers.backoffice import make_staff


def _spec(title: str, html: str = "<p>Hello</p>", **changes: object) -> AnnouncementSpec:
    now = utcnow()
    fields: dict[str, object] = {
        "promotion_type": "PL",
        "execution": "A",
        "title": title,
        "content": html,
        "starts_at": now - timedelta(minutes=1),
        "ends_at": now + timedelta(days=1),
        "language": "PT",
        **changes,
    }
    return AnnouncementSpec(**fields)  # type: ignore[arg-type]


async def _entries(action: str, target: str) -> list[AuditEntry]:
    async with session_scope() as session:
        found = await session.exec(
            select(AuditEntry)
            .where(AuditEntry.action == action, AuditEntry.target == target)
            .order_by(col(AuditEntry.seq))
        )
        return list(found.all())


async def _notices(title: str) -> list[str]:
    brand = await brands.by_code("BR1")
    page = await announcements.query(
        brand.id, "PT", utcnow(), types=("PL",), executions=("A",), page_size=50
    )
    return [item.content for item in page.items if item.title == title]


async def test_create_edit_unpublish_reaches_the_site_and_the_log() -> None:
    marketing = await make_staff("marketing")
    title = f"Aviso {uuid4().hex[:6]}"
    made = await content.create_announcement(
        marketing,
        "BR1",
        _spec(title, '<p onclick="x()">Olá<script>alert(1)</script></p>'),
        utcnow(),
    )
    assert made.state == content.LIVE
    assert "script" not in made.content and "onclick" not in made.content and "Olá" in made.content
    assert await _notices(title) == [made.content]

    edited = await content.update_announcement(
        marketing, made.id, _spec(title, "<p><b>Novo</b></p>"), utcnow()
    )
    assert edited.content == "<p><b>Novo</b></p>"
    assert await _notices(title) == ["<p><b>Novo</b></p>"]

    ended = await content.unpublish_announcement(marketing, made.id, utcnow())
    assert ended.state == content.ENDED
    assert await _notices(title) == []
    with pytest.raises(AppError) as again:
        await content.unpublish_announcement(marketing, made.id, utcnow())
    assert again.value.code == "bo-content-ended"

    target = f"announcement:{made.id}"
    for action in ("create", "update", "unpublish"):
        [entry] = await _entries(f"content.announcement.{action}", target)
        assert entry.staff_id == marketing.id and entry.outcome == "ok"
    [update] = await _entries("content.announcement.update", target)
    assert json.loads(update.detail)["before"]["title"] == title


async def test_bad_input_is_refused_and_changes_nothing() -> None:
    marketing = await make_staff("marketing")
    async with session_scope() as session:
        before = (await session.exec(select(func.count()).select_from(Announcement))).one()
    now = utcnow()
    bad = [
        _spec(""),
        _spec("x", promotion_type="ZZ"),
        _spec("x", execution="Q"),
        _spec("x", language="FR"),
        _spec("x", ends_at=now - timedelta(days=2)),
        _spec("x", html="a" * (announcements.MAX_CONTENT + 1)),
    ]
    for spec in bad:
        with pytest.raises(AppError) as refused:
            await content.create_announcement(marketing, "BR1", spec, now)
        assert refused.value.code == "announcement-invalid"
    async with session_scope() as session:
        after = (await session.exec(select(func.count()).select_from(Announcement))).one()
    assert after == before


async def test_another_brands_announcement_is_out_of_reach() -> None:
    own = await content.create_announcement(
        await make_staff("marketing", "BR1"), "BR1", _spec("BR1 only"), utcnow()
    )
    other = await make_staff("marketing", "BR2")
    for attempt in (
        content.update_announcement(other, own.id, _spec("taken"), utcnow()),
        content.unpublish_announcement(other, own.id, utcnow()),
        content.announcement_list(other, "BR1", utcnow()),
    ):
        with pytest.raises(AppError) as refused:
            await attempt
        assert refused.value.code == "staff-forbidden"
    assert own.id not in {row.id for row in await content.announcement_list(other, "BR2", utcnow())}


async def test_a_legal_document_gets_a_new_version_each_change() -> None:
    admin = await make_staff("admin", None)
    first = await content.publish_legal(
        admin, "BR2", "privacy", "EN", "Privacy", "<p>One<script>x</script></p>", utcnow()
    )
    assert "script" not in first.html
    same = await content.publish_legal(
        admin, "BR2", "privacy", "EN", "Privacy", "<p>One<script>x</script></p>", utcnow()
    )
    second = await content.publish_legal(
        admin, "BR2", "privacy", "EN", "Privacy", "<p>Two</p>", utcnow()
    )
    assert same.version == first.version and second.version == first.version + 1
    shown = await legal.document(await brands.by_code("BR2"), "privacy", "EN")
    assert shown is not None and shown.html == "<p>Two</p>"
    versions = [
        json.loads(e.detail)["version"]
        for e in await _entries("content.legal.publish", "legal:privacy:EN")
    ]
    assert versions[-2:] == [first.version, second.version] and len(set(versions)) == len(versions)
    rows = await content.legal_list(admin, "BR2", utcnow())
    assert any(r.slug == "privacy" and r.version == second.version for r in rows)
    with pytest.raises(AppError) as refused:
        await content.publish_legal(admin, "BR2", "cookies", "EN", "C", "<p>x</p>", utcnow())
    assert refused.value.code == "legal-document-unknown"


async def test_the_editor_starts_from_the_row_as_stored() -> None:
    """An announcement opened in the editor (state/content/console_content.py `draft_of`):
    every field as stored, its times as the datetime-local fields read them (UTC)."""
    starts = datetime(2031, 3, 1, 12, 30, tzinfo=UTC)
    spec = _spec(
        f"Editor {uuid4().hex[:6]}", starts_at=starts, ends_at=starts + timedelta(days=2), sort=3
    )
    made = await content.create_announcement(await make_staff("marketing"), "BR1", spec, utcnow())
    draft = draft_of(made)
    assert (draft.type, draft.starts, draft.ends) == ("PL", "2031-03-01T12:30", "2031-03-03T12:30")
    kept = ("execution", "language", "platform", "title", "content", "sort")
    assert [getattr(draft, name) for name in kept] == [getattr(made, name) for name in kept]
    assert draft.sort == 3
