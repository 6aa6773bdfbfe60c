"""The agent centre's team reports and transfers: team overview, revenue report, P&L
statements, downline transactions and bets, the salary and dividend records of the other
kinds, agent announcements, the referral page and the transfers (to a downline from the
downline list, to the upline on /transferUpline).

One report at a time lives in `rows` / `totals` / `chart` (the pages share one table
component). Identity comes from `current_login` only; arguments are bounded (state/guard.py)
and the services refuse non-agents and anything outside the agent's own downline; a refusal
shows in `error` (state/member_page.py)."""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, time, timedelta
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

import reflex as rx

from app.core import clock
from app.core.errors import AppError
from app.core.i18n import translate
from app.core.i18n.formatting import format_day, format_rate
from app.services import gates
from app.services.agents import affiliates, contracts, payouts, reports, team
from app.services.brands import Money
from app.services.cashier import team_transfers as transfers
from app.services.content import announcements
from app.services.qr import qr_svg_data_uri_off_loop
from models import Member
from models.agents import ContractKind
from state.agents.agent_page import AgentPage
from state.cashier.wallet import WalletState
from state.gates import gated
from state.guard import ARGS, DOWNLINE, LOGIN, MONEY, Form, Name, Page, checked
from state.member_page import member_action
from state.paging import Paging
from state.rows import plain_money
from state.site import current_brand, ui_lang

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    **gates.each(
        "AgentTeamState.",
        "close_transfer go load_announcements load_daily_wages load_dividends "
        "load_hour_salary load_overview load_realtime_salary load_referral load_revenue "
        "load_statements load_transactions load_upline mark_copied pick_transfer set_kind "
        "set_range set_view export",
        gates.READ,
    ),
    **gates.each("AgentTeamState.", "send_down send_up", gates.TRANSFER),
}

PAGE_SIZE = 20
RANGES = {"today": 1, "7d": 7, "30d": 30, "90d": 90}
VIEWS = ("transactions", "bets")
CSV_REPORTS = ("revenue", "statements", "transactions", "pay")


def _request_id() -> str:
    return secrets.token_hex(16)


def pay_line_text(line: dict[str, Any], language: str, money: Money) -> str:
    """A pay line's explanation in the reader's language and the brand's money (R$ 1.550,00),
    from its stored inputs."""
    base = money.write(Decimal(str(line.get("base", "0"))), language)
    if line.get("tier") is None:
        return translate("agent.wages.no_tier", language, base=base)
    return translate(
        "agent.wages.line",
        language,
        tier=int(line["tier"]) + 1,
        rate=format_rate(line.get("rate", "0"), language),
        base=base,
        active=line.get("activeMembers", 0),
        below=money.write(Decimal(str(line.get("downlineGross", "0"))), language),
    )


@dataclass
class ReportRow:
    """A row of whichever report is loaded (the pages share one table, which reads the fields
    its columns name). Amounts as plain numbers: the page formats them in the reader's locale."""

    time: str = ""  # ISO
    day: str = ""  # the local date in the reader's format (revenue)
    member: str = ""
    level: str = ""  # statements
    game: str = ""  # bets
    kind: str = ""  # transactions and transfers, translated
    bet: str = ""
    turnover: str = ""
    win: str = ""
    net: str = ""
    revenue: str = ""
    active: str = ""
    pay: str = ""
    amount: str = ""
    balance: str = ""
    base: str = ""  # pay records
    rate: str = ""
    detail: str = ""  # daily wages: how the line was computed
    title: str = ""  # announcements
    content: str = ""


def _movement(
    row: reports.TransactionRow | transfers.TransferRecord, member: str, kind: str
) -> ReportRow:
    """A money movement's row: a team transaction or a transfer with the upline or downline
    (`member`: who it names, `kind`: the movement in words)."""
    return ReportRow(
        time=row.created_at.isoformat(),
        member=member,
        kind=kind,
        amount=plain_money(row.amount),
        balance=plain_money(row.balance_after),
    )


@dataclass
class ReportTotals:
    """The range's totals of the loaded report (the strip shows the ones of its page)."""

    turnover: str = "0"
    revenue: str = "0"
    pay: str = "0"
    bet: str = "0"
    win: str = "0"
    net: str = "0"
    incoming: str = "0"  # transactions: money in
    outgoing: str = "0"
    amount: str = "0"  # pay records


@dataclass
class ChartBar:
    """A bar group of the report's chart (plain numbers: the chart draws them)."""

    day: str = ""
    turnover: float = 0.0
    revenue: float = 0.0
    pay: float = 0.0
    amount: float = 0.0


@dataclass
class OverviewFigures:
    team_size: str = "0"
    direct_size: str = "0"
    active_today: str = "0"
    team_turnover: str = "0"
    direct_turnover: str = "0"
    team_net_loss: str = "0"
    estimated: str = "0"
    yesterday: str = "0"


class AgentTeamState(AgentPage, Paging, rx.State):
    report: str = ""  # which report `rows` hold
    range_name: str = "7d"
    view: str = "transactions"
    kind_filter: str = ""
    pay_kind: str = ContractKind.DIVIDEND.value
    rows: list[ReportRow] = []
    totals: ReportTotals = ReportTotals()
    chart: list[ChartBar] = []
    figures: OverviewFigures = OverviewFigures()
    # referral
    link: str = ""
    code: str = ""
    qr: str = ""
    whatsapp: str = ""  # wa.me with the invitation ready to send
    copied: bool = False
    clicks: int = 0
    registrations: int = 0
    # transfers
    upline: str = ""
    balance: str = "0.00"
    transfers_on: bool = True  # the brand's market allows transfers between members
    transfer_to: int = 0
    transfer_name: str = ""
    _request: str = ""

    def _span(self, days: int | None = None) -> tuple[datetime, datetime]:
        """The last `days` days (the range's by default), up to a minute from now."""
        until = clock.now() + timedelta(minutes=1)
        return until - timedelta(days=days or RANGES.get(self.range_name, 7)), until

    def _paged(self, total: int) -> None:
        self._count_pages(total, PAGE_SIZE)

    async def _query(self) -> None:
        """The report shown (the statements before any), read again."""
        await self._run(self.report or "statements")

    async def _run_from_first_page(self, report: str) -> None:
        """A report opened anew, or under a new view or filter: from its first page."""
        self.page = 1
        await self._run(report)

    async def _run(self, report: str) -> None:
        """Load the current report into rows / totals / chart; a refused call shows why."""
        self.error = ""
        self.report = report
        loader: dict[str, Callable[[Member], Awaitable[None]]] = {
            "overview": self._overview,
            "revenue": self._revenue,
            "statements": self._statements,
            "transactions": self._transactions,
            "pay": self._pay,
            "announcements": self._announcements,
        }
        member = await self._agent()
        if member is None:
            self.rows, self.totals, self.chart = [], ReportTotals(), []
            return
        try:
            contracts.require_programme(await current_brand(self))  # off: every report closes
            await loader[report](member)
        except AppError as error:  # no report's rows stay under another's refusal
            self.rows, self.totals, self.chart = [], ReportTotals(), []
            await self._failed(error)

    # loaders ------------------------------------------------------------------------------

    async def _overview(self, member: Member) -> None:
        brand = await current_brand(self)
        seen = await team.overview(brand, member, clock.now())
        self.figures = OverviewFigures(
            team_size=str(seen.team_size),
            direct_size=str(seen.direct_size),
            active_today=str(seen.active_today),
            team_turnover=plain_money(seen.team_turnover_today),
            direct_turnover=plain_money(seen.direct_turnover_today),
            team_net_loss=plain_money(seen.team_net_loss_today),
            estimated=plain_money(seen.estimated_pay),
            yesterday=plain_money(seen.yesterday_pay),
        )
        await self._revenue(member, days=7)

    def _days(self, zone: ZoneInfo, days: int | None = None) -> tuple[datetime, datetime]:
        """The last `days` local days of the brand (the range's by default), today included."""
        now = clock.now()
        span = days or RANGES.get(self.range_name, 7)
        first = now.astimezone(zone).date() - timedelta(days=span - 1)
        return datetime.combine(first, time.min, tzinfo=zone), now + timedelta(minutes=1)

    async def _revenue(self, member: Member, days: int | None = None) -> None:
        """The last `days` local days of the brand, today included, each said as a date."""
        brand = await current_brand(self)
        zone, lang = ZoneInfo(brand.timezone), await ui_lang(self)
        found = await reports.revenue(brand, member, *self._days(zone, days))
        self.rows = [
            ReportRow(
                day=format_day(row.day.astimezone(zone).date(), lang),
                turnover=plain_money(row.sums.valid_bet),
                bet=plain_money(row.sums.bet),
                revenue=plain_money(-row.sums.net),
                active=str(row.active),
                pay=plain_money(row.pay),
            )
            for row in reversed(found)
        ]
        self.totals = ReportTotals(
            turnover=plain_money(sum((r.sums.valid_bet for r in found), Decimal(0))),
            revenue=plain_money(sum((-r.sums.net for r in found), Decimal(0))),
            pay=plain_money(sum((r.pay for r in found), Decimal(0))),
        )
        self.chart = [
            ChartBar(
                day=format_day(row.day.astimezone(zone).date(), lang, "short"),
                turnover=float(row.sums.valid_bet),
                revenue=float(-row.sums.net),
                pay=float(row.pay),
            )
            for row in found
        ]
        self.page = self.pages = 1

    async def _statements(self, member: Member) -> None:
        since, until = self._span()
        found = await reports.statements(member, since, until, page=self.page, size=PAGE_SIZE)
        self.rows = [
            ReportRow(
                member=row.member,
                level=str(row.level),
                bet=plain_money(row.sums.bet),
                turnover=plain_money(row.sums.valid_bet),
                win=plain_money(row.sums.win),
                net=plain_money(row.sums.net),
            )
            for row in found.rows
        ]
        self.totals = ReportTotals(
            bet=plain_money(found.totals.bet),
            turnover=plain_money(found.totals.valid_bet),
            win=plain_money(found.totals.win),
            net=plain_money(found.totals.net),
        )
        self.chart = []
        self._paged(found.total_rows)

    async def _transactions(self, member: Member) -> None:
        since, until = self._span()
        if self.view == "bets":
            bets = await reports.team_bets(member, since, until, page=self.page, size=PAGE_SIZE)
            self.rows = [
                ReportRow(
                    time=row.settled_at.isoformat(),
                    member=row.member,
                    game=row.game,
                    bet=plain_money(row.bet),
                    turnover=plain_money(row.valid_bet),
                    win=plain_money(row.win),
                )
                for row in bets.rows
            ]
            self.totals = ReportTotals(
                bet=plain_money(bets.totals.bet),
                turnover=plain_money(bets.totals.valid_bet),
                win=plain_money(bets.totals.win),
            )
            self._paged(bets.total_rows)
        else:
            lang = await ui_lang(self)
            found = await reports.team_transactions(
                member, since, until, kind=self.kind_filter, page=self.page, size=PAGE_SIZE
            )
            self.rows = [
                _movement(row, row.member, translate(f"agent.tx.{row.kind}", lang))
                for row in found.rows
            ]
            self.totals = ReportTotals(
                incoming=plain_money(found.totals.bet), outgoing=plain_money(found.totals.win)
            )
            self._paged(found.total_rows)
        self.chart = []

    async def _pay(self, member: Member) -> None:
        since, until = self._span()
        found = await payouts.records(
            member.id or 0,
            ContractKind(self.pay_kind),
            since - timedelta(days=1),  # a period that started before the range ends in it
            until,
            page=self.page,
            size=PAGE_SIZE,
        )
        lang, money = await ui_lang(self), Money.of(await current_brand(self))
        daily = self.pay_kind == ContractKind.DAILY_SALARY.value  # tiered: explained per line
        self.rows = [
            ReportRow(
                time=row.period_start.isoformat(),
                base=str(row.line.get("base", "")),
                rate=format_rate(row.line.get("rate"), lang) + "%",
                active=str(row.line.get("activeMembers", "")),
                amount=plain_money(row.amount),
                detail=pay_line_text(row.line, lang, money) if daily else "",
            )
            for row in found.rows
        ]
        self.totals = ReportTotals(amount=plain_money(found.total_amount))
        zone = ZoneInfo((await current_brand(self)).timezone)  # the brand's periods, its clock
        self.chart = [
            ChartBar(
                day=row.period_start.astimezone(zone).strftime("%d/%m %H:%M"),
                amount=float(row.amount),
            )
            for row in reversed(found.rows)
        ]
        self._paged(found.total_rows)

    async def _announcements(self, member: Member) -> None:
        brand = await current_brand(self)
        found = await announcements.agent_notices(
            brand.id, await ui_lang(self), clock.now(), self.page
        )
        self.rows = [
            ReportRow(time=item.starts_at.isoformat(), title=item.title, content=item.content)
            for item in found.items
        ]
        self.totals, self.chart = ReportTotals(), []
        self._count_pages(found.total, found.page_size)

    # page loads ---------------------------------------------------------------------------

    @rx.event
    async def load_overview(self) -> None:
        await self._run("overview")

    @rx.event
    async def load_revenue(self) -> None:
        self.range_name = "7d" if self.range_name == "today" else self.range_name
        await self._run("revenue")

    @rx.event
    async def load_statements(self) -> None:
        await self._run_from_first_page("statements")

    @rx.event
    async def load_transactions(self) -> None:
        self.view, self.kind_filter = "transactions", ""
        await self._run_from_first_page("transactions")

    @rx.event
    async def load_dividends(self) -> None:
        await self._load_pay(ContractKind.DIVIDEND)

    @rx.event
    async def load_daily_wages(self) -> None:
        await self._load_pay(ContractKind.DAILY_SALARY)

    @rx.event
    async def load_hour_salary(self) -> None:
        await self._load_pay(ContractKind.HOURLY_SALARY)

    @rx.event
    async def load_realtime_salary(self) -> None:
        await self._load_pay(ContractKind.REALTIME_SALARY)

    async def _load_pay(self, kind: ContractKind) -> None:
        self.pay_kind = kind.value
        await self._run_from_first_page("pay")

    @rx.event
    async def load_announcements(self) -> None:
        await self._run_from_first_page("announcements")

    # filters and paging -------------------------------------------------------------------

    @rx.event
    @checked
    async def set_range(self, value: Name) -> None:
        self.range_name = value if value in RANGES else "7d"
        await self._first_page()

    @rx.event
    @checked
    async def set_view(self, value: Name) -> None:
        self.view = value if value in VIEWS else "transactions"
        await self._run_from_first_page("transactions")

    @rx.event
    @checked
    async def set_kind(self, value: Name) -> None:
        self.kind_filter = value if value in reports.TRANSACTION_KINDS else ""
        await self._run_from_first_page("transactions")

    @rx.event
    @member_action
    async def export(self) -> Any:
        """The loaded report (its range, view and filter; every page of it) as CSV."""
        member = await self._agent()
        if member is None or self.report not in CSV_REPORTS:
            return None
        brand = await current_brand(self)
        contracts.require_programme(brand)
        since, until = self._span()
        if self.report == "revenue":
            data = await reports.revenue_csv(brand, member, *self._days(ZoneInfo(brand.timezone)))
        elif self.report == "statements":
            data = await reports.statements_csv(member, since, until)
        elif self.report == "pay":
            kind = ContractKind(self.pay_kind)
            data = await reports.pay_records_csv(member, kind, since - timedelta(days=1), until)
        elif self.view == "bets":
            data = await reports.team_bets_csv(member, since, until)
        else:
            data = await reports.team_transactions_csv(member, since, until, kind=self.kind_filter)
        name = {"pay": self.pay_kind.lower(), "transactions": self.view}.get(
            self.report, self.report
        )
        return rx.download(data=data, filename=f"team-{name}.csv", mime_type="text/csv")

    # referral -----------------------------------------------------------------------------

    @rx.event
    async def load_referral(self) -> None:
        self.error = ""
        member = await self._member()
        if member is None:
            return
        brand = await current_brand(self)
        found = await affiliates.invite(brand, member)
        self.link, self.code, self.copied = found.link, found.code, False
        self.clicks, self.registrations = found.clicks, found.registrations
        self.qr = await qr_svg_data_uri_off_loop(found.link)
        message = translate(
            "agent.referral.share_text", await ui_lang(self), brand=brand.name, link=found.link
        )
        self.whatsapp = affiliates.whatsapp_share(message)

    @rx.event
    def mark_copied(self) -> None:
        """The copy button's feedback (the browser copied the link)."""
        self.copied = True

    # transfers ----------------------------------------------------------------------------

    @rx.event
    @checked
    @member_action
    async def pick_transfer(self, downline_id: Page) -> None:
        """Open the transfer form for a member of the agent's downline."""
        member = await self._agent_afresh()
        if member is None:
            return
        self.transfer_to = 0  # closed, unless the member may receive
        self.transfer_name = await transfers.recipient(
            await current_brand(self), member, downline_id
        )
        self.transfer_to = downline_id
        self._request = _request_id()

    @rx.event
    def close_transfer(self) -> None:
        self.transfer_to, self.transfer_name = 0, ""

    @rx.event
    @gated
    @checked
    @member_action
    async def send_down(self, form: Form) -> Any:
        member = await self._agent_afresh()
        if member is None or self.transfer_to == 0:
            return None
        done = await transfers.to_downline(
            await current_brand(self),
            member,
            self.transfer_to,
            str(form.get("amount") or ""),
            str(form.get("payment_password") or ""),
            self._request or _request_id(),
        )
        self.message = await self._sent(done)
        self.transfer_to, self.transfer_name, self._request = 0, "", ""
        return WalletState.refresh

    async def _sent(self, done: transfers.Transfer) -> str:
        """What the page says once a transfer went (or was held for review)."""
        key = "agent.transfer.held" if done.held else "agent.transfer.sent"
        lang, money = await ui_lang(self), Money.of(await current_brand(self))
        return translate(key, lang, amount=money.write(done.amount, lang), other=done.counterpart)

    @rx.event
    async def load_upline(self) -> None:
        self.error = self.message = ""
        self._request = _request_id()
        await self._upline_view()

    async def _upline_view(self) -> None:
        member = await self._member()
        if member is None:
            return
        brand = await current_brand(self)
        self.transfers_on = transfers.transfers_allowed(brand)
        self.upline = await transfers.upline_name(member)
        self.balance = plain_money(await transfers.cash(brand, member))
        found = await transfers.records(brand, member, *self._span(days=30), size=PAGE_SIZE)
        lang = await ui_lang(self)
        self.report = "transfers"
        self.rows = [
            _movement(
                row, row.counterpart, translate(f"agent.transfer.{row.direction.value}", lang)
            )
            for row in found.rows
        ]

    @rx.event
    @gated
    @checked
    @member_action
    async def send_up(self, form: Form) -> Any:
        self.error = self.message = ""
        member = await self._member()
        if member is None:
            return None
        done = await transfers.to_upline(
            await current_brand(self),
            member,
            str(form.get("amount") or ""),
            str(form.get("payment_password") or ""),
            self._request or _request_id(),
        )
        self.message = await self._sent(done)
        self._request = _request_id()
        await self._upline_view()
        return WalletState.refresh


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "AgentTeamState.load_overview": f"{LOGIN}; {DOWNLINE}",
    "AgentTeamState.mark_copied": "a flag of the member's own referral page",
    "AgentTeamState.load_revenue": f"{LOGIN}; {DOWNLINE}",
    "AgentTeamState.load_statements": f"{LOGIN}; {DOWNLINE}",
    "AgentTeamState.load_transactions": f"{LOGIN}; {DOWNLINE}",
    "AgentTeamState.load_dividends": f"{LOGIN}; the agent's own pay lines",
    "AgentTeamState.load_daily_wages": f"{LOGIN}; the agent's own pay lines",
    "AgentTeamState.load_hour_salary": f"{LOGIN}; the agent's own pay lines",
    "AgentTeamState.load_realtime_salary": f"{LOGIN}; the agent's own pay lines",
    "AgentTeamState.load_announcements": f"{LOGIN}; agents only; member notices",
    "AgentTeamState.set_range": f"{ARGS}; {LOGIN}; {DOWNLINE}",
    "AgentTeamState.set_view": f"{ARGS}; {LOGIN}; {DOWNLINE}",
    "AgentTeamState.set_kind": f"{ARGS}; {LOGIN}; {DOWNLINE}",
    "AgentTeamState.go": f"{ARGS}; {LOGIN}; {DOWNLINE}",
    "AgentTeamState.export": f"{LOGIN}; {DOWNLINE}; the agent's own pay lines",
    "AgentTeamState.load_referral": f"{LOGIN}; the member's own link and figures",
    "AgentTeamState.pick_transfer": f"{ARGS}; {LOGIN}; own downline only",
    "AgentTeamState.close_transfer": "closes the agent's own form",
    "AgentTeamState.send_down": f"{ARGS}; {LOGIN}; {MONEY}, own downline only",
    "AgentTeamState.load_upline": f"{LOGIN}; own upline and transfers",
    "AgentTeamState.send_up": f"{ARGS}; {LOGIN}; {MONEY}, own upline only",
}
