"""The agent centre: agent home (figures and the contract offers waiting), registerCenter,
downline management with the contract offer form (the daily wages record is one of the
team reports of state/agents/agent_team.py). Identity comes from `current_login` only; every
handler's arguments are checked (state/guard.py); the services refuse non-agents and
anything outside the agent's own downline, and a refusal shows in `error`
(state/member_page.py)."""

from __future__ import annotations

from dataclasses import dataclass

import reflex as rx

from app import routes
from app.core import clock
from app.core.i18n import translate
from app.core.i18n.formatting import format_rate
from app.services import gates
from app.services.agents import contracts, team
from app.services.agents.terms import PERIODS, form_terms
from app.services.cashier import team_transfers
from models.agents import ContractKind
from state import follow
from state.agents.agent_page import AgentPage
from state.gates import gated
from state.guard import ARGS, LOGIN, Form, Name, Page, Text, checked
from state.member_page import member_action
from state.paging import Paging
from state.rows import iso_text, plain_money
from state.site import current_brand, current_path, page_visitor, ui_lang

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    **gates.each(
        "AgentState.",
        "close_offer go load_downlines load_home load_register pick relabel "
        "set_offer_kind set_search",
        gates.READ,
    ),
    **gates.each("AgentState.", "answer offer", gates.AGENT_TERMS),
    "AgentState.register": gates.OPENING,
}

PAGE_SIZE = 20


@dataclass
class ContractRow:
    """A contract on the agent home: an offer waiting for an answer, or one in force."""

    id: int = 0
    kind: str = ""
    status: str = ""
    downline: str = ""  # masked
    offered_by: str = ""  # the upline's username, "" the house
    offered_at: str = ""  # ISO
    rate: str = ""  # the last tier's rate in percent, in the reader's decimals ("10", "0,25")
    tiers: int = 0


@dataclass
class DownlineRow:
    id: int = 0
    username: str = ""  # whole for the direct downline, masked further down
    agent: bool = False
    level: int = 0  # 1: direct
    registered: str = ""  # ISO
    last_login: str = ""  # ISO, "" never
    bets: str = ""  # the last 30 days' valid bet, "" when the contract does not show it
    deposits: str = ""
    contracts: str = ""  # a direct sub-agent's contracts from this agent, in words


def _rate(found: contracts.ContractView) -> object:
    """The rate a contract is known by: its last tier's, or the real-time profit rate."""
    tiers = found.terms.get("tiers") or []
    return tiers[-1].get("rate", "0") if tiers else found.terms.get("profitRate", "0")


def _contract_row(found: contracts.ContractView, lang: str, upline: str) -> ContractRow:
    """`upline`: the agent's own upline, who offers all its contracts but the house's (an
    agent's upline never changes)."""
    return ContractRow(
        id=found.id,
        kind=found.kind.value,
        status=found.status.value,
        downline=found.downline,
        offered_by="" if found.upline_id is None else upline,
        offered_at=found.created_at.isoformat(),
        rate=format_rate(_rate(found), lang),
        tiers=len(found.terms.get("tiers") or []),
    )


def _given_text(given: list[contracts.ContractView], lang: str) -> str:
    return " · ".join(
        translate(
            "agent.downlines.contract",
            lang,
            kind=translate(f"agent.kind.{found.kind.value}", lang),
            rate=format_rate(_rate(found), lang),
            status=translate(f"agent.status.{found.status.value}", lang),
        )
        for found in given
    )


class AgentState(AgentPage, Paging, rx.State):
    # agent home
    team_size: int = 0
    direct_size: int = 0
    team_turnover: str = "0.00"
    direct_turnover: str = "0.00"
    estimated: str = "0.00"
    yesterday: str = "0.00"
    unclaimed: str = "0.00"
    active_today: int = 0
    offers: list[ContractRow] = []
    contracts: list[ContractRow] = []
    next_step: str = ""  # team.NEXT_STEPS
    upline: str = ""
    # downlines
    search: str = ""
    downline_rows: list[DownlineRow] = []
    downline_total: int = 0
    activity_shown: bool = False
    transfers_on: bool = True  # the brand's market allows transfers between members
    offer_to: int = 0
    offer_name: str = ""
    offer_kinds: list[str] = []  # the kinds the brand runs
    offer_kind: str = ContractKind.DAILY_SALARY.value
    offer_periods: list[str] = []
    offer_own: str = ""  # the agent's own contract of the offer's kind: what it may offer

    # agent home ---------------------------------------------------------------------------

    @rx.event
    async def load_home(self) -> None:
        member = await self._agent_afresh()
        if member is None:
            return
        seen = await team.overview(await current_brand(self), member, clock.now())
        self.team_size, self.direct_size = seen.team_size, seen.direct_size
        self.team_turnover = plain_money(seen.team_turnover_today)
        self.direct_turnover = plain_money(seen.direct_turnover_today)
        self.estimated = plain_money(seen.estimated_pay)
        self.yesterday = plain_money(seen.yesterday_pay)
        self.unclaimed = plain_money(seen.unclaimed)
        self.active_today = seen.active_today
        lang = await ui_lang(self)
        self.offers = [_contract_row(c, lang, seen.upline) for c in seen.pending_offers]
        self.next_step, self.upline = seen.next_step, seen.upline
        self.contracts = [
            _contract_row(c, lang, seen.upline)
            for c in await contracts.member_contracts(member)
            if c.downline_id == member.id and c.status.value in ("ACTIVE", "TERMINATION_REQUESTED")
        ]

    @rx.event
    async def relabel(self) -> None:
        """The language changed: the rates, the team's contracts and the offer form's limit
        sentence are written again in it (the offer form stays open)."""
        path = await current_path(self)
        if path == routes.AGENT_HOME:
            await self.load_home()
        elif path == routes.DOWNLINES:
            await self._query()
            if self.offer_to:
                await self._own_contract()

    @rx.event
    @gated
    @checked
    @member_action
    async def answer(self, contract_id: Page, action: Name) -> None:
        """The contract popup's buttons: accept or reject an offer."""
        member = await self._agent_afresh()
        if member is None or action not in ("ACCEPT", "REJECT"):
            return
        found = await contracts.process(
            member, self._kind_of(contract_id), contract_id, action, clock.now()
        )
        self.message = translate(f"agent.status.{found.status.value}", await ui_lang(self))
        await self.load_home()

    def _kind_of(self, contract_id: int) -> str:
        for row in self.offers:
            if row.id == contract_id:
                return row.kind
        return ""

    # registerCenter -----------------------------------------------------------------------

    @rx.event
    async def load_register(self) -> None:
        await self._agent_afresh()

    @rx.event
    @gated
    @checked
    @member_action
    async def register(self, form: Form) -> None:
        member = await self._agent_afresh()
        if member is None:
            return
        made = await team.register_downline(
            await current_brand(self),
            member,
            str(form.get("username") or ""),
            str(form.get("password") or ""),
            as_agent=bool(form.get("as_agent")),
            ip=page_visitor(self).ip,
        )
        lang = await ui_lang(self)
        self.message = translate("agent.register.done", lang, username=made.username)

    # downline management ------------------------------------------------------------------

    @rx.event
    async def load_downlines(self) -> None:
        self.error = self.message = ""
        self.page = 1
        self.transfers_on = team_transfers.transfers_allowed(await current_brand(self))
        await self._query()

    async def _query(self) -> None:
        """The page shown of the agent's downline list."""
        member = await self._agent()
        if member is None:
            self.downline_rows = []
            return
        found = await team.downlines(
            member, search=self.search, page=self.page, size=PAGE_SIZE, now=clock.now()
        )
        self.downline_total = found.total
        self.activity_shown = found.activity_shown
        self._count_pages(found.total, PAGE_SIZE)
        given = await contracts.given(
            member, [row.id for row in found.rows if row.is_agent and row.depth == 1]
        )
        lang = await ui_lang(self)
        self.downline_rows = [
            DownlineRow(
                id=row.id,
                username=row.username,
                agent=row.is_agent,
                level=row.depth,
                registered=row.registered_at.isoformat(),
                last_login=iso_text(row.last_login_at),
                bets="" if row.valid_bet is None else plain_money(row.valid_bet),
                deposits="" if row.deposits is None else plain_money(row.deposits),
                contracts=_given_text(given.get(row.id, []), lang),
            )
            for row in found.rows
        ]

    @rx.event
    @checked
    async def set_search(self, value: Text) -> None:
        self.search = value.strip()[:32]
        await self._first_page()

    @rx.event
    @checked
    async def pick(self, downline_id: Page) -> None:
        """Open the offer form for one of the listed direct downline agents."""
        self.error = self.message = ""
        row = next((r for r in self.downline_rows if r.id == downline_id), None)
        if row is None or not row.agent or row.level != 1:
            self.offer_to, self.offer_name = 0, ""
            return
        self.offer_to, self.offer_name = downline_id, row.username
        brand = await current_brand(self)
        self.offer_kinds = [k.value for k in ContractKind if contracts.kind_enabled(brand, k)]
        if self.offer_kind not in self.offer_kinds:
            self.offer_kind = self.offer_kinds[0] if self.offer_kinds else ""
        self._periods()
        await self._own_contract()

    def _periods(self) -> None:
        kind = self.offer_kind
        self.offer_periods = list(PERIODS[ContractKind(kind)]) if kind else []

    @rx.event
    @checked
    async def set_offer_kind(self, kind: Name) -> None:
        """The offer form's contract type (its periods and rate fields follow it)."""
        if kind in self.offer_kinds:
            self.offer_kind = kind
            self._periods()
            await self._own_contract()

    async def _own_contract(self) -> None:
        """The agent's own contract of the offer's kind, in words: no offer pays above it."""
        member = await self._agent()
        lang = await ui_lang(self)
        own = (
            []
            if member is None
            else [
                c
                for c in await contracts.member_contracts(member)
                if c.downline_id == member.id
                and c.kind.value == self.offer_kind
                and c.status in contracts.IN_FORCE
            ]
        )
        self.offer_own = (
            translate(
                "agent.contract.own",
                lang,
                kind=translate(f"agent.kind.{self.offer_kind}", lang),
                rate=format_rate(_rate(own[0]), lang),
            )
            if own
            else translate("agent.contract.own_none", lang)
        )

    @rx.event
    async def close_offer(self) -> None:
        self.offer_to, self.offer_name = 0, ""

    @rx.event
    @gated
    @checked
    @member_action
    async def offer(self, form: Form) -> None:
        """The contract popup of an upline: a contract of one of the brand's kinds (one tier,
        or the real-time salary's rates), within the agent's own contract of that kind."""
        member = await self._agent_afresh()
        if member is None or self.offer_to == 0:
            return
        await contracts.offer(
            await current_brand(self),
            member,
            self.offer_to,
            self.offer_kind,
            str(form.get("period") or ""),
            form_terms(self.offer_kind, form),
            clock.now(),
        )
        self.message = translate("agent.contract.sent", await ui_lang(self))
        self.offer_to, self.offer_name = 0, ""
        await self._query()  # the offer shows on its row


follow.AFTER_LANGUAGE.append(AgentState.relabel)


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "AgentState.load_home": f"{LOGIN}; agents only (team.require_agent)",
    "AgentState.relabel": f"on its two pages only: reload (the {LOGIN})",
    "AgentState.answer": f"{ARGS}; {LOGIN}; only the downline's own offer",
    "AgentState.load_register": LOGIN,
    "AgentState.register": f"{ARGS}; {LOGIN}; agents only, below themselves",
    "AgentState.load_downlines": f"{LOGIN}; only the agent's own downline",
    "AgentState.set_search": f"{ARGS}; {LOGIN}; only the agent's own downline",
    "AgentState.go": f"{ARGS}; {LOGIN}; only the agent's own downline",
    "AgentState.pick": f"{ARGS}; only a row of the agent's own list",
    "AgentState.close_offer": "closes the agent's own form",
    "AgentState.set_offer_kind": f"{ARGS}; a kind of the form's own list",
    "AgentState.offer": f"{ARGS}; {LOGIN}; direct downline agents, ceiling rule",
}
