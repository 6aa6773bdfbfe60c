"""Console: agents per brand (tree, contracts, payouts), affiliate applications with their
decision, and the house's contract offer to a top agent. The rules, four-eyes and the audit
are in app/services/backoffice/agents.py."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

import reflex as rx

from app import routes
from app.core import clock
from app.core.errors import AppError
from app.core.i18n import translate
from app.services.agents import contracts
from app.services.agents.terms import PERIODS, form_terms
from app.services.backoffice import agents
from app.services.brands import Money, brands
from models.agents import ContractKind
from state.backoffice import console
from state.guard import ARGS, STAFF, Form, Name, checked
from state.rows import row_of


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
    id: int = 0
    username: str = ""
    upline: str = ""
    downlines: int = 0
    contracts: str = ""


@dataclass
class Choice:
    """An option of the offer form: its value and its words."""

    value: str = ""
    label: str = ""


@dataclass
class PayoutLine:
    agent: str = ""
    kind: str = ""
    period: str = ""  # ISO, its start
    amount: str = ""  # formatted in the staff member's language


def agent_line(row: agents.AgentRow, lang: str) -> AgentLine:
    def words(c: agents.ContractLine) -> str:
        by = translate("agent.house.by", lang) if c.upline == "house" else c.upline
        kind = translate(f"agent.kind.{c.kind}", lang)
        period = translate(f"agent.period.{c.period}", lang)
        status = translate(f"agent.status.{c.status}", lang)
        return f"{kind} ({period}) v{c.version}: {status}, {by}"

    return row_of(
        AgentLine,
        row,
        upline=row.upline or "—",
        contracts="; ".join(words(c) for c in row.contracts) or "—",
    )


class AgentsConsoleState(console.BrandConsolePage, rx.State):
    applications: list[ApplicationLine] = []
    agents: list[AgentLine] = []
    payouts: list[PayoutLine] = []
    # The house's offer form: the brand's top agents listed (suggestions: the operator types
    # the user name), its contract kinds, the chosen kind's periods, and the form's own key
    # (a repeated submit is the same offer).
    top_agents: list[Choice] = []
    kinds: list[Choice] = []
    offer_kind: str = ContractKind.DAILY_SALARY.value
    periods: list[Choice] = []
    offer_error: str = ""  # the offer's result, shown beside its form
    offer_notice: str = ""
    _offer_key: str = ""

    def _forget(self) -> None:
        self.offer_error = self.offer_notice = ""

    async def _refresh(self) -> Any:
        staff = await console.brand_scope(self)
        waiting = await agents.applications(staff, self.brand, clock.now())
        tree = await agents.agent_list(staff, self.brand, clock.now())
        paid = await agents.payout_list(staff, self.brand, clock.now())
        lang = await console.ui_lang(self)
        self.applications = [
            row_of(ApplicationLine, a, at=console.iso(a.created_at)) for a in waiting
        ]
        self.agents = [agent_line(row, lang) for row in tree]
        self.top_agents = [Choice(str(row.id), row.username) for row in tree if not row.upline]
        brand = await brands.by_code(self.brand)  # a brand of the staff member's (above)
        self.kinds = [
            Choice(kind.value, translate(f"agent.kind.{kind.value}", lang))
            for kind in ContractKind
            if contracts.kind_enabled(brand, kind)
        ]
        if self.offer_kind not in {k.value for k in self.kinds}:
            self.offer_kind = self.kinds[0].value if self.kinds else ""
        self._pick_periods(lang)
        self._offer_key = self._offer_key or secrets.token_hex(16)
        self.payouts = [
            PayoutLine(
                agent=p.agent,
                kind=translate(f"agent.kind.{p.kind}", lang),
                period=console.iso(p.period_start),
                amount=console.money_of(p.amount, lang, Money.of(brand)),
            )
            for p in paid
        ]
        return None

    @rx.event
    @checked
    async def decide(self, application_id: console.RowId, approve: bool) -> Any:
        return await self._act(
            lambda staff: agents.decide_application(staff, application_id, approve, clock.now())
        )

    @rx.event
    async def export_payouts(self) -> Any:
        """The payout list as CSV."""
        data = await agents.payout_csv(await console.current_staff(self), self.brand, clock.now())
        return rx.download(
            data=data, filename=f"agent-payouts-{self.brand}.csv", mime_type="text/csv"
        )

    def _pick_periods(self, lang: str) -> None:
        codes = PERIODS.get(ContractKind(self.offer_kind), ()) if self.offer_kind else ()
        self.periods = [Choice(c, translate(f"agent.period.{c}", lang)) for c in codes]

    @rx.event
    @checked
    async def set_offer_kind(self, kind: Name) -> None:
        """The offer form's contract type (its periods and rate fields follow it)."""
        if kind in {k.value for k in self.kinds}:
            self.offer_kind = kind
            self._pick_periods(await console.ui_lang(self))

    @rx.event
    @checked
    async def offer_contract(self, form: Form) -> Any:
        """The house offers the chosen top agent a contract: at once, or filed for a second
        staff member above the brand's threshold."""
        try:
            staff = await console.current_staff(self)
            kind = console.form_text(form, "kind", 20)
            offered = await agents.offer_house_contract(
                staff,
                self.brand,
                console.form_text(form, "agent", 32),
                kind,
                console.form_text(form, "period", 2),
                form_terms(kind, form),
                self._offer_key or secrets.token_hex(16),
                clock.now(),
                console.form_text(form, "reason", 200),
            )
        except AppError as exc:
            return await self._refused(exc)
        self._offer_key = secrets.token_hex(16)
        notice = "bo-waiting-approval" if offered.request_id else "agent.house.offered"
        refreshed = await self._read_after_action(notice)
        self.offer_error, self.offer_notice = self.error, self.notice
        return refreshed

    async def _refused(self, exc: AppError) -> Any:
        redirect = await console.failed(self, exc)
        self.offer_error, self.offer_notice = self.error, ""
        return redirect


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "AgentsConsoleState.load": STAFF,
    "AgentsConsoleState.pick_brand": f"{ARGS}; {STAFF}",
    "AgentsConsoleState.decide": f"{ARGS}; {STAFF}",
    "AgentsConsoleState.export_payouts": f"{STAFF}; the page's brand, reports.export",
    "AgentsConsoleState.set_offer_kind": (
        f"{ARGS}; a kind of the page's own list (the offer form's fields)"
    ),
    "AgentsConsoleState.offer_contract": (
        f"{ARGS}; {STAFF}; top agents only, four-eyes above threshold"
    ),
}


# Its entry in the console's menu (components/backoffice/console.py orders them by place).
CONSOLE_MENU = (console.MenuItem(routes.ADMIN_AGENTS, "bo-agents", "agents.view", place=130),)
