"""Console: agents per brand (tree, contracts, payouts) and affiliate applications with
their decision. The rules and the audit are in app/services/backoffice/agents.py."""

from __future__ import annotations

from typing import Any

import reflex as rx

from app.core import clock
from app.core.errors import AppError
from app.services.backoffice import agents
from state.console import BrandConsolePage, RowId, brand_scope, failed, money, ui_lang
from state.guard import checked


def agent_cells(row: agents.AgentRow) -> dict[str, str]:
    return {
        "id": str(row.id),
        "username": row.username,
        "upline": row.upline or "—",
        "downlines": str(row.downlines),
        "contracts": "; ".join(
            f"{c.kind}/{c.period} v{c.version} {c.status} ({c.upline})" for c in row.contracts
        )
        or "—",
    }


class AgentsConsoleState(BrandConsolePage, rx.State):
    applications: list[dict[str, str]] = []
    agents: list[dict[str, str]] = []
    payouts: list[dict[str, str]] = []

    async def _refresh(self) -> Any:
        try:
            staff = await brand_scope(self)
            waiting = await agents.applications(staff, self.brand, clock.now())
            tree = await agents.agent_list(staff, self.brand, clock.now())
            paid = await agents.payout_list(staff, self.brand, clock.now())
        except AppError as exc:
            return await failed(self, exc)
        lang = await ui_lang(self)
        self.applications = [
            {
                "id": str(a.id),
                "username": a.username,
                "channel": a.channel,
                "audience": a.audience,
                "at": a.created_at.isoformat(timespec="seconds"),
            }
            for a in waiting
        ]
        self.agents = [agent_cells(row) for row in tree]
        self.payouts = [
            {
                "agent": p.agent,
                "kind": p.kind,
                "period": p.period_start.isoformat(timespec="seconds"),
                "amount": money(p.amount, lang),
            }
            for p in paid
        ]
        return None

    @rx.event
    @checked
    async def decide(self, application_id: RowId, approve: bool) -> Any:
        return await self._act(
            lambda staff: agents.decide_application(staff, application_id, approve, clock.now())
        )
