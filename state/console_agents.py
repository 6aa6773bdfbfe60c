"""Console: agents per brand (tree, contracts, payouts) and affiliate applications with
their decision. The rules and the audit are in app/services/backoffice/agents.py."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import reflex as rx

from app.core import clock
from app.core.errors import AppError
from app.services.backoffice import agents
from state.console import BrandConsolePage, RowId, brand_scope, failed, money, ui_lang
from state.guard import checked


@dataclass
class ApplicationLine:
    """An affiliate application waiting (the field names are the table's column keys)."""

    id: int = 0
    username: str = ""
    channel: str = ""
    audience: str = ""
    at: str = ""  # ISO


@dataclass
class AgentLine:
    username: str = ""
    upline: str = ""
    downlines: int = 0
    contracts: str = ""


@dataclass
class PayoutLine:
    agent: str = ""
    kind: str = ""
    period: str = ""  # ISO, its start
    amount: str = ""  # formatted in the staff member's language


def agent_line(row: agents.AgentRow) -> AgentLine:
    return AgentLine(
        username=row.username,
        upline=row.upline or "—",
        downlines=row.downlines,
        contracts="; ".join(
            f"{c.kind}/{c.period} v{c.version} {c.status} ({c.upline})" for c in row.contracts
        )
        or "—",
    )


class AgentsConsoleState(BrandConsolePage, rx.State):
    applications: list[ApplicationLine] = []
    agents: list[AgentLine] = []
    payouts: list[PayoutLine] = []

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
            ApplicationLine(
                id=a.id,
                username=a.username,
                channel=a.channel,
                audience=a.audience,
                at=a.created_at.isoformat(timespec="seconds"),
            )
            for a in waiting
        ]
        self.agents = [agent_line(row) for row in tree]
        self.payouts = [
            PayoutLine(
                agent=p.agent,
                kind=p.kind,
                period=p.period_start.isoformat(timespec="seconds"),
                amount=money(p.amount, lang),
            )
            for p in paid
        ]
        return None

    @rx.event
    @checked
    async def decide(self, application_id: RowId, approve: bool) -> Any:
        return await self._act(
            lambda staff: agents.decide_application(staff, application_id, approve, clock.now())
        )
