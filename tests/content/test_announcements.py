"""Announcements: sanitised HTML, per brand, language, platform, audience and schedule; the
home, popup and notice queries; the popup rules of spec 4; 6 a page."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from uuid import uuid4

import pytest

from app.core.errors import AppError
from app.services.content import announcements
from app.services.content.announcements import AnnouncementSpec
from models import Banner
from models.base import utcnow
from tests.promotions.test_promotions import _usd_brand


def _spec(kind: str, execution: str, **changes: object) -> AnnouncementSpec:
    now = utcnow()
    fields: dict[str, object] = {
        "promotion_type": kind,
        "execution": execution,
        "title": f"{kind}-{execution}-{uuid4().hex[:6]}",
        "content": "<p>Hello <b>there</b></p>",
        "starts_at": now - timedelta(hours=1),
        "ends_at": now + timedelta(days=1),
    }
    fields.update(changes)
    return AnnouncementSpec(**fields)  # type: ignore[arg-type]


async def test_html_is_sanitised_before_it_is_stored() -> None:
    brand = await _usd_brand()
    await announcements.publish(
        brand,
        _spec(
            "PU",
            "B",
            content='<p onclick="x()">Hi<script>alert(1)</script>'
            '<a href="javascript:alert(1)">x</a><img src="https://cdn.test/a.png"></p>',
        ),
    )
    [item] = (
        await announcements.popup(brand, "PT", utcnow(), member=False, first_login=False)
    ).items
    assert "script" not in item.content and "onclick" not in item.content
    assert "javascript" not in item.content and 'src="https://cdn.test/a.png"' in item.content


async def test_queries_audiences_language_platform_and_schedule() -> None:
    brand = await _usd_brand()
    now = utcnow()
    for kind in ("B", "PL", "PU", "PR", "H"):
        for execution in ("A", "B", "F"):
            await announcements.publish(brand, _spec(kind, execution, title=f"{kind}{execution}"))
    await announcements.publish(brand, _spec("PU", "B", title="english", language="EN"))
    await announcements.publish(brand, _spec("PU", "B", title="app only", platform="APP"))
    await announcements.publish(
        brand, _spec("PU", "B", title="later", starts_at=now + timedelta(hours=2))
    )
    await announcements.publish(
        brand,
        _spec(
            "PU",
            "B",
            title="over",
            ends_at=now - timedelta(minutes=1),
            starts_at=now - timedelta(hours=3),
        ),
    )

    def titles(page: announcements.AnnouncementPage) -> set[str]:
        return {item.title for item in page.items}

    home = await announcements.query(
        brand, "PT", now, types=announcements.HOME_TYPES, executions=("B",), page_size=50
    )
    assert titles(home) == {"BB", "PLB", "PUB", "PRB"}
    visitor = await announcements.query(
        brand,
        "PT",
        now,
        types=announcements.POPUP_TYPES,
        executions=announcements.popup_executions(False, False),
        page_size=50,
    )
    assert titles(visitor) == {"BB", "PLB", "PUB", "PRB", "HB"}
    member = await announcements.query(
        brand,
        "PT",
        now,
        types=announcements.POPUP_TYPES,
        executions=announcements.popup_executions(True, False),
        page_size=50,
    )
    assert titles(member) == {"BA", "PLA", "PUA", "PRA", "HA"}
    first = await announcements.query(
        brand,
        "EN",
        now,
        types=("PU",),
        executions=announcements.popup_executions(True, True),
        page_size=50,
    )
    assert titles(first) == {"PUA", "PUF"}
    english = await announcements.query(brand, "EN", now, types=("PU",), executions=("B",))
    assert titles(english) == {"PUB", "english"}
    notices = await announcements.notices(brand, "PT", now)
    assert titles(notices) == {"PLA"}
    assert (await announcements.home(brand, "PT", now)).payload()["player"][0].title == "PLB"


async def test_agents_notices_reach_the_agent_centre_only() -> None:
    brand = await _usd_brand()
    now = utcnow()
    await announcements.publish(brand, _spec("PL", "A", title="for members"))
    await announcements.publish(brand, _spec("PL", "G", title="for agents"))
    await announcements.publish(brand, _spec("PL", "B", title="for visitors"))

    def titles(page: announcements.AnnouncementPage) -> set[str]:
        return {item.title for item in page.items}

    assert titles(await announcements.agent_notices(brand, "PT", now)) == {
        "for members",
        "for agents",
    }
    assert titles(await announcements.notices(brand, "PT", now)) == {"for members"}
    assert "for agents" not in titles(await announcements.home(brand, "PT", now))
    for first_login in (False, True):
        popup = await announcements.popup(brand, "PT", now, member=True, first_login=first_login)
        assert "for agents" not in titles(popup)
    # Only notices may be for agents: the agent centre lists nothing else.
    for kind in ("B", "PU", "PR", "H"):
        with pytest.raises(AppError) as refused:
            await announcements.publish(brand, _spec(kind, "G"))
        assert (refused.value.code, refused.value.params) == (
            "announcement-invalid",
            {"field": "execution"},
        )


def test_who_may_ask_for_which_execution() -> None:
    visible = announcements.visible_executions
    everything = ("A", "B", "F", "G")
    assert visible(everything, member=False, agent=False, first_login=True) == ("B",)
    assert visible(everything, member=True, agent=False, first_login=False) == ("A", "B")
    assert visible(everything, member=True, agent=False, first_login=True) == ("A", "B", "F")
    assert visible(everything, member=True, agent=True, first_login=False) == ("A", "B", "G")
    assert visible(None, member=True, agent=True, first_login=True) == ("A", "F")
    assert visible(None, member=False, agent=False, first_login=False) == ("B",)


async def test_lists_are_6_a_page() -> None:
    brand = await _usd_brand()
    for n in range(8):
        await announcements.publish(brand, _spec("PL", "A", title=f"n{n}", sort=n))
    first = await announcements.notices(brand, "PT", utcnow())
    second = await announcements.notices(brand, "PT", utcnow(), page=2)
    assert (first.total, len(first.items), len(second.items)) == (8, 6, 2)
    assert [i.title for i in first.items] == [f"n{n}" for n in range(6)]


def test_popup_rules_of_spec_4() -> None:
    # Members see A, and F on their first login; visitors see B.
    assert announcements.popup_executions(member=True, first_login=False) == ("A",)
    assert announcements.popup_executions(member=True, first_login=True) == ("A", "F")
    assert announcements.popup_executions(member=False, first_login=True) == ("B",)
    # Once per session unless closed; members and visitors have separate markers.
    assert announcements.popup_due(True, set()) and announcements.popup_due(False, set())
    closed_as_visitor = {announcements.popup_marker(False)}
    assert not announcements.popup_due(False, closed_as_visitor)
    assert announcements.popup_due(True, closed_as_visitor)  # shown again after login
    assert not announcements.popup_due(True, {announcements.popup_marker(True)})


async def test_bad_announcements_are_refused() -> None:
    brand = await _usd_brand()
    for change in (
        {"promotion_type": "X"},
        {"title": "x" * 201},
        {"platform": "TV"},
        {"title": " "},
        {"language": "FR"},
        {"ends_at": utcnow() - timedelta(days=2)},
    ):
        with pytest.raises(AppError) as caught:
            await announcements.publish(brand, _spec("PU", "B", **change))
        assert caught.value.code == "announcement-invalid"
    with pytest.raises(AppError):
        await announcements.publish(brand, _spec("PU", "Z"))


async def test_each_popup_shows_the_first_banner_of_its_group_in_the_language() -> None:
    from app.services.brands import brands

    brand = await brands.by_code("BR1")
    assert announcements.popup_banners(brand, "PT") == {}  # the demo's popups have none

    def row(group: str, image: str, sort: int, language: str | None = None) -> Banner:
        return Banner(
            merchant_id=brand.id, group_name=group, image_url=image, sort=sort, language=language
        )

    rows = (
        row("w_login", "/b/login-2.png", 2),
        row("w_login", "/b/login-1.png", 1),
        row("w_register", "/b/register-en.png", 0, "EN"),
        row("w_register", "/b/register.png", 1),
        row("w_forget", "", 0),  # no image: none
        row("w_home", "/b/home.png", 0),  # the home's, not a popup's
    )
    found = announcements.popup_banners(replace(brand, banners=rows), "PT")
    assert {group: b.image for group, b in found.items()} == {
        "w_login": "/b/login-1.png",
        "w_register": "/b/register.png",
    }
