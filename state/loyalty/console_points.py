"""Console: the points mall's redeems waiting for review (physical items): approve (ship)
or reject with a reason (the points and the stock go back)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import reflex as rx

from app import routes
from app.core import clock
from app.services.backoffice import points_review
from state.backoffice.console import ConsolePage, MenuItem, current_staff, form_text, iso
from state.guard import ARGS, STAFF, Form, Name, checked
from state.rows import row_of


@dataclass
class RedeemRow:
    reference: str = ""
    member: int = 0  # the member's id
    name: str = ""
    model: str = ""
    quantity: int = 0
    points: str = ""
    address: str = ""  # the shipping address's parts, comma separated
    created: str = ""  # ISO


class PointsReviewState(ConsolePage, rx.State):
    redeems: list[RedeemRow] = []

    async def _refresh(self) -> Any:
        found = await points_review.pending(await current_staff(self), clock.now())
        self.error = ""
        self.redeems = [
            row_of(
                RedeemRow,
                view,
                member=view.member_id,
                points=str(view.points),
                address=", ".join(value for value in view.address.values() if value),
                created=iso(view.applied_at),
            )
            for view in found
        ]
        return None

    @rx.event
    @checked
    async def approve(self, reference: Name) -> Any:
        return await self._act(
            lambda staff: points_review.decide(
                staff, reference, approve=True, note="", now=clock.now()
            )
        )

    @rx.event
    @checked
    async def reject(self, form: Form) -> Any:
        return await self._act(
            lambda staff: points_review.decide(
                staff,
                form_text(form, "reference", 32),
                approve=False,
                note=form_text(form, "reason", 200),
                now=clock.now(),
            )
        )


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "PointsReviewState.load": STAFF,
    "PointsReviewState.approve": f"{ARGS}; {STAFF}",
    "PointsReviewState.reject": f"{ARGS}; {STAFF}; a reason required",
}


# Its entry in the console's menu (components/backoffice/console.py orders them by place).
CONSOLE_MENU = (MenuItem(routes.ADMIN_POINTS, "bo-points", "points.view", place=80),)
