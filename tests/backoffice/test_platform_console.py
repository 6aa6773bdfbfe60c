"""Site switches from the console: a change and its audit entry (before and after) are one
transaction, so a refused change writes neither. Uses BR2's blocked networks only (no
maintenance: other tests browse BR1 and BR2)."""

from __future__ import annotations

import json

import pytest
from sqlmodel import col, select

from app.app import app as site
from app.core.db import session_scope
from app.core.errors import AppError
from app.routes import ADMIN_PLATFORM
from app.services import site_status
from app.services.backoffice import platform
from models import AuditEntry
from models.base import utcnow
from state.backoffice.console_platform import PlatformState
from tests.helpers.backoffice import make_staff
from tests.helpers.page_state import staff_tab

NETWORK = "203.0.113.64/26"  # TEST-NET-3: no test client comes from it
PAGE_NETWORK = "203.0.113.128/26"
PLATFORM = PlatformState.get_full_name()


async def _entries(action: str) -> list[AuditEntry]:
    async with session_scope() as session:
        found = await session.exec(
            select(AuditEntry)
            .where(AuditEntry.action == action, AuditEntry.target == "BR2")
            .order_by(col(AuditEntry.seq))
        )
        return list(found.all())


async def test_a_change_is_written_with_its_audit_entry() -> None:
    staff = await make_staff("admin", None)
    blocked_before = len(await _entries("settings.block"))
    after = await platform.block(staff, "BR2", [NETWORK], [], utcnow())
    try:
        assert NETWORK in after.blocked_networks
        entries = await _entries("settings.block")
        assert len(entries) == blocked_before + 1
        detail = json.loads(entries[-1].detail)
        assert NETWORK not in detail["before"]["networks"]
        assert NETWORK in detail["after"]["networks"]
    finally:
        await platform.unblock(staff, "BR2", [NETWORK], [], utcnow())
    assert NETWORK not in (await site_status.switches("BR2")).blocked_networks
    assert len(await _entries("settings.unblock")) >= 1


async def test_a_refused_change_writes_no_entry() -> None:
    staff = await make_staff("admin", None)
    before = len(await _entries("settings.block"))
    with pytest.raises(AppError):
        await platform.block(staff, "BR2", ["not-a-network"], [], utcnow())
    assert len(await _entries("settings.block")) == before


async def test_the_page_blocks_and_unblocks_the_networks_its_form_lists() -> None:
    """The platform page's block and unblock read the same form: networks and countries
    split at commas or semicolons."""
    tab = await staff_tab(site, "admin", "BR2")
    form = {"networks": f"{PAGE_NETWORK}; ", "countries": ""}
    async with tab.processor:
        await tab.open(ADMIN_PLATFORM)
        await tab.send(f"{PLATFORM}.block", ADMIN_PLATFORM, form=form)
        page = await tab.state(PlatformState)
        assert page.error == ""
        assert PAGE_NETWORK in page.networks
        await tab.send(f"{PLATFORM}.unblock", ADMIN_PLATFORM, form=form)
        page = await tab.state(PlatformState)
        assert page.error == ""
        assert PAGE_NETWORK not in page.networks
    assert PAGE_NETWORK not in (await site_status.switches("BR2")).blocked_networks
