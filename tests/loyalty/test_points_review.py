"""The points mall's review in the console: only staff with the permission see and decide
redeems, only of their brand; a rejection returns the points and is in the audit log; a
decided redeem is not decided again."""

from __future__ import annotations

import pytest
from sqlmodel import col, select

from app.core.db import session_scope
from app.core.errors import AppError
from app.services.backoffice import points_review
from app.services.loyalty import points
from models import AuditEntry
from models.base import utcnow
from models.points import PointsRewardKind, RedeemStatus
from tests.helpers.accounts import make_member
from tests.helpers.backoffice import make_staff, role_with
from tests.loyalty.test_points import (
    ADDRESS,
    PAY_PASSWORD,
    _balance,
    _configure,
    _give,
    _reward,
    _with_password,
)


async def _redeem() -> tuple[str, object]:
    merchant_id = await _configure()
    member = await _with_password(await make_member())
    await _give(member, "100")
    reward = await _reward(merchant_id, PointsRewardKind.PHYSICAL, "60", stock=2)
    made = await points.redeem(member, reward, 1, PAY_PASSWORD, ADDRESS, "en", utcnow())
    return made.reference, member


async def test_reviewers_reject_with_points_back_and_an_audit_entry() -> None:
    reference, member = await _redeem()
    reviewer = await make_staff(await role_with({"points.view", "points.review"}))
    assert reference in {view.reference for view in await points_review.pending(reviewer, utcnow())}
    with pytest.raises(AppError) as caught:
        await points_review.decide(reviewer, reference, approve=False, note="", now=utcnow())
    assert caught.value.code == "points-note-required"
    done = await points_review.decide(
        reviewer, reference, approve=False, note="address unreachable", now=utcnow()
    )
    assert done.status is RedeemStatus.REJECTED
    assert await _balance(member) == 100  # type: ignore[arg-type]
    async with session_scope() as session:
        entry = (
            await session.exec(
                select(AuditEntry)
                .where(AuditEntry.target == reference)
                .order_by(col(AuditEntry.seq).desc())
            )
        ).first()
    assert entry is not None and entry.action == "points.reject"
    with pytest.raises(AppError) as caught:
        await points_review.decide(reviewer, reference, approve=True, note="", now=utcnow())
    assert caught.value.code == "points-redeem-decided"


async def test_staff_without_the_permission_or_of_another_brand_are_refused() -> None:
    reference, _ = await _redeem()
    viewer = await make_staff(await role_with({"points.view"}))
    other_brand = await make_staff(await role_with({"points.view", "points.review"}), "BR2")
    for staff in (viewer, other_brand):
        with pytest.raises(AppError) as caught:
            await points_review.decide(staff, reference, approve=True, note="", now=utcnow())
        assert caught.value.code == "staff-forbidden"
    assert reference not in {
        v.reference for v in await points_review.pending(other_brand, utcnow())
    }
    nobody = await make_staff(await role_with({"dashboard.view"}))
    with pytest.raises(AppError):
        await points_review.pending(nobody, utcnow())
