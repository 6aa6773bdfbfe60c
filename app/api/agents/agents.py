"""Agent calls (spec 7): the four contract processing calls at their spec paths and the agent
centre's team, contract and pay calls (the consolidated call, with the contract info and its
flags, is the wallet's: app/api/cashier/wallet.py). Every /wps/agent
call and the processing calls go through `agent_member`: a player or trial token gets 403."""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query
from pydantic import Field

from app.api.deps import Context, CurrentMember, RealMember
from app.api.envelope import Envelope, ok
from app.api.schemas import ApiModel
from app.core import clock
from app.core.errors import AppError
from app.services.accounts.sessions import Authenticated
from app.services.agents import affiliates, contracts, payouts, reports, team
from app.services.cashier import team_transfers as transfers
from app.services.qr import qr_svg_data_uri_off_loop
from models.agents import ContractKind
from models.base import MAX_ID

router = APIRouter(tags=["agents"])


async def agent_member(ctx: Context, auth: CurrentMember) -> Authenticated:
    """A logged-in agent of a brand whose agent programme is on; players and trial users,
    and everyone while the programme is off, are refused (403)."""
    team.require_agent(auth.member)
    contracts.require_programme(ctx.brand)
    return auth


AgentMember = Annotated[Authenticated, Depends(agent_member)]


class ContractValue(ApiModel):
    id: int
    uplineId: int | None
    downlineId: int
    downline: str = Field(description="the downline's username, masked")
    kind: str
    period: str
    status: str
    version: int
    terms: dict[str, Any]
    requestedBy: int | None
    endReason: str | None
    createdAt: datetime
    startsAt: datetime | None
    endedAt: datetime | None


def contract_value(found: contracts.ContractView) -> ContractValue:
    return ContractValue(
        id=found.id,
        uplineId=found.upline_id,
        downlineId=found.downline_id,
        downline=found.downline,
        kind=found.kind.value,
        period=found.period,
        status=found.status.value,
        version=found.version,
        terms=found.terms,
        requestedBy=found.requested_by,
        endReason=found.end_reason,
        createdAt=found.created_at,
        startsAt=found.starts_at,
        endedAt=found.ended_at,
    )


class ProcessPayload(ApiModel):
    contractId: int = Field(ge=1, le=MAX_ID)
    action: str = Field(max_length=16, description="ACCEPT, REJECT, TERMINATE or CONFIRM")


async def _process(
    auth: Authenticated, kind: ContractKind, contract_id: int, action: str
) -> Envelope[ContractValue]:
    found = await contracts.process(auth.member, kind, contract_id, action, clock.now())
    return ok(contract_value(found))


@router.get("/wps/relay/MCS2_processDividendReq", response_model=Envelope[ContractValue])
async def process_dividend(
    auth: AgentMember,
    contractId: int = Query(ge=1, le=MAX_ID),
    action: str = Query(max_length=16),
) -> Envelope[ContractValue]:
    return await _process(auth, ContractKind.DIVIDEND, contractId, action)


@router.get("/wps/relay/MCS2_processDailySalContract", response_model=Envelope[ContractValue])
async def process_daily_salary(
    auth: AgentMember,
    contractId: int = Query(ge=1, le=MAX_ID),
    action: str = Query(max_length=16),
) -> Envelope[ContractValue]:
    return await _process(auth, ContractKind.DAILY_SALARY, contractId, action)


@router.post("/wps/relay/MCS2_processContractHourSalary", response_model=Envelope[ContractValue])
async def process_hour_salary(
    auth: AgentMember, payload: ProcessPayload
) -> Envelope[ContractValue]:
    return await _process(auth, ContractKind.HOURLY_SALARY, payload.contractId, payload.action)


@router.post(
    "/wps/relay/MCSFE_processRealTimeSalaryContract", response_model=Envelope[ContractValue]
)
async def process_realtime_salary(
    auth: AgentMember, payload: ProcessPayload
) -> Envelope[ContractValue]:
    return await _process(auth, ContractKind.REALTIME_SALARY, payload.contractId, payload.action)


@router.get("/wps/agent/contracts", response_model=Envelope[list[ContractValue]])
async def list_contracts(auth: AgentMember) -> Envelope[list[ContractValue]]:
    """Every version of the contracts the agent signed, was offered or gave."""
    return ok([contract_value(c) for c in await contracts.member_contracts(auth.member)])


class OfferPayload(ApiModel):
    downlineId: int = Field(ge=1, le=MAX_ID)
    kind: str = Field(max_length=24)
    period: str = Field(default="", max_length=2)
    terms: dict[str, Any]


@router.post("/wps/agent/contracts", response_model=Envelope[ContractValue])
async def offer_contract(
    ctx: Context, auth: AgentMember, payload: OfferPayload
) -> Envelope[ContractValue]:
    found = await contracts.offer(
        ctx.brand,
        auth.member,
        payload.downlineId,
        payload.kind,
        payload.period,
        payload.terms,
        clock.now(),
    )
    return ok(contract_value(found))


class OverviewValue(ApiModel):
    teamSize: int
    directSize: int
    teamTurnoverToday: Decimal
    directTurnoverToday: Decimal
    teamNetLossToday: Decimal
    activeToday: int
    estimatedPay: Decimal
    yesterdayPay: Decimal
    unclaimed: Decimal
    pendingOffers: list[ContractValue]


@router.get("/wps/agent/overview", response_model=Envelope[OverviewValue])
async def overview(ctx: Context, auth: AgentMember) -> Envelope[OverviewValue]:
    """The agent home and team overview figures (today in the brand's time zone)."""
    seen = await team.overview(ctx.brand, auth.member, clock.now())
    return ok(
        OverviewValue(
            teamSize=seen.team_size,
            directSize=seen.direct_size,
            teamTurnoverToday=seen.team_turnover_today,
            directTurnoverToday=seen.direct_turnover_today,
            teamNetLossToday=seen.team_net_loss_today,
            activeToday=seen.active_today,
            estimatedPay=seen.estimated_pay,
            yesterdayPay=seen.yesterday_pay,
            unclaimed=seen.unclaimed,
            pendingOffers=[contract_value(c) for c in seen.pending_offers],
        )
    )


class DownlineValue(ApiModel):
    id: int
    username: str = Field(description="whole for a direct downline, masked below")
    isAgent: bool
    level: int = Field(description="1: a direct downline")
    registeredAt: datetime
    lastLoginAt: datetime | None
    validBet: Decimal | None = Field(
        default=None, description="the last 30 days; null unless the agent has a contract"
    )
    deposits: Decimal | None = Field(default=None, description="paid, the last 30 days")


class DownlinePageValue(ApiModel):
    rows: list[DownlineValue]
    total: int


def _downline(row: team.Downline) -> DownlineValue:
    return DownlineValue(
        id=row.id,
        username=row.username,
        isAgent=row.is_agent,
        level=row.depth,
        registeredAt=row.registered_at,
        lastLoginAt=row.last_login_at,
        validBet=row.valid_bet,
        deposits=row.deposits,
    )


@router.get("/wps/agent/downlines", response_model=Envelope[DownlinePageValue])
async def downlines(
    auth: AgentMember,
    search: str = Query(default="", max_length=32),
    direct: bool = Query(default=False),
    page: int = Query(default=1, ge=1, le=10_000),
    size: int = Query(default=20, ge=1, le=100),
) -> Envelope[DownlinePageValue]:
    found = await team.downlines(
        auth.member, search=search, direct_only=direct, page=page, size=size, now=clock.now()
    )
    return ok(DownlinePageValue(rows=[_downline(r) for r in found.rows], total=found.total))


class RegisterDownlinePayload(ApiModel):
    username: str = Field(max_length=32)
    password: str = Field(max_length=128)
    asAgent: bool = False


@router.post("/wps/agent/downlines", response_model=Envelope[DownlineValue])
async def register_downline(
    ctx: Context, auth: AgentMember, payload: RegisterDownlinePayload
) -> Envelope[DownlineValue]:
    """registerCenter: an account directly below the agent."""
    made = await team.register_downline(
        ctx.brand,
        auth.member,
        payload.username,
        payload.password,
        as_agent=payload.asAgent,
        ip=ctx.ip,
    )
    return ok(_downline(made))


class PayLineValue(ApiModel):
    id: int
    kind: str
    periodStart: datetime
    periodEnd: datetime
    amount: Decimal
    line: dict[str, Any] = Field(description="inputs, tier, rate, base, formula, adjustments")


class PayPageValue(ApiModel):
    rows: list[PayLineValue]
    total: int
    totalAmount: Decimal


@router.get("/wps/agent/pay/{kind}", response_model=Envelope[PayPageValue])
async def pay_records(
    auth: AgentMember,
    kind: str,
    since: datetime | None = None,
    until: datetime | None = None,
    page: int = Query(default=1, ge=1, le=10_000),
    size: int = Query(default=20, ge=1, le=100),
) -> Envelope[PayPageValue]:
    """Salary and dividend records (agentDailyWages, agentHourSalary, agentRealtimeSalary,
    agentDividendRecord): the agent's own lines, newest first, with totals."""
    try:
        contract_kind = ContractKind(kind)
    except ValueError:
        raise AppError("agent-contract-invalid-kind", 422) from None
    end = until or clock.now() + timedelta(days=1)
    start = since or end - timedelta(days=31)
    if start.tzinfo is None or end.tzinfo is None or start >= end:
        raise AppError("report-invalid-period", 422)
    found = await payouts.records(
        auth.member.id or 0, contract_kind, start, end, page=page, size=size
    )
    return ok(
        PayPageValue(
            rows=[
                PayLineValue(
                    id=r.id,
                    kind=r.kind.value,
                    periodStart=r.period_start,
                    periodEnd=r.period_end,
                    amount=r.amount,
                    line=r.line,
                )
                for r in found.rows
            ],
            total=found.total_rows,
            totalAmount=found.total_amount,
        )
    )


class ReferralValue(ApiModel):
    code: str
    link: str
    qr: str = Field(description="the link as a QR image (SVG data URI)")
    clicks: int = Field(description="visits through the link, once per visitor and day")
    registrations: int


@router.get("/wps/agent/referral", response_model=Envelope[ReferralValue])
async def referral(ctx: Context, auth: AgentMember) -> Envelope[ReferralValue]:
    """The referral page: the agent's invitation link, its QR code and its figures."""
    found = await affiliates.referral(ctx.brand, auth.member)
    return ok(
        ReferralValue(
            code=found.code,
            link=found.link,
            qr=await qr_svg_data_uri_off_loop(found.link),
            clicks=found.clicks,
            registrations=found.registrations,
        )
    )


class ApplicationPayload(ApiModel):
    channel: str = Field(max_length=200)
    audience: str = Field(default="", max_length=500)
    acceptTerms: bool = False  # the client showed the programme's terms and they were accepted


@router.post("/wps/member/affiliate/apply", response_model=Envelope[int])
async def apply_affiliate(auth: RealMember, payload: ApplicationPayload) -> Envelope[int]:
    """The affiliate application form; staff decide in the console (or app.cli affiliates)."""
    found = await affiliates.apply(
        auth.member,
        payload.channel,
        payload.audience,
        clock.now(),
        accepted_terms=payload.acceptTerms,
    )
    return ok(found.id)


# Team transfers ---------------------------------------------------------------------------


class TransferPayload(ApiModel):
    amount: str = Field(max_length=20)
    paymentPassword: str = Field(max_length=128)
    requestId: str = Field(
        max_length=64, description="made by the page once per form: a retry moves money once"
    )


class DownlineTransferPayload(TransferPayload):
    downlineId: int = Field(ge=1, le=MAX_ID)


class TransferValue(ApiModel):
    transactionId: int
    direction: str
    amount: Decimal
    counterpart: str = Field(description="the other side's username, masked")
    replay: bool
    held: bool = Field(
        description="an unusual pattern held it for the risk team: the receiver has nothing yet"
    )


def _transfer(done: transfers.Transfer) -> TransferValue:
    return TransferValue(
        transactionId=done.transaction_id,
        direction=done.direction.value,
        amount=done.amount,
        counterpart=done.counterpart,
        replay=done.replay,
        held=done.held,
    )


@router.post("/wps/agent/transfer/downline", response_model=Envelope[TransferValue])
async def transfer_to_downline(
    ctx: Context, auth: AgentMember, payload: DownlineTransferPayload
) -> Envelope[TransferValue]:
    """An agent sends cash to a member of its own downline (any depth)."""
    done = await transfers.to_downline(
        ctx.brand,
        auth.member,
        payload.downlineId,
        payload.amount,
        payload.paymentPassword,
        payload.requestId,
    )
    return ok(_transfer(done))


@router.post("/wps/member/transfer/upline", response_model=Envelope[TransferValue])
async def transfer_to_upline(
    ctx: Context, auth: RealMember, payload: TransferPayload
) -> Envelope[TransferValue]:
    """transferUpline: a member sends cash to its upline agent."""
    done = await transfers.to_upline(
        ctx.brand, auth.member, payload.amount, payload.paymentPassword, payload.requestId
    )
    return ok(_transfer(done))


class TransferRecordValue(ApiModel):
    transactionId: int
    direction: str
    sent: bool
    amount: Decimal = Field(description="negative when sent")
    balanceAfter: Decimal
    counterpart: str
    createdAt: datetime


class TransferPageValue(ApiModel):
    rows: list[TransferRecordValue]
    total: int


def _range(since: datetime | None, until: datetime | None) -> tuple[datetime, datetime]:
    end = until or clock.now() + timedelta(minutes=1)
    start = since or end - timedelta(days=7)
    if start.tzinfo is None or end.tzinfo is None or start >= end:
        raise AppError("report-invalid-period", 422)
    return start, end


@router.get("/wps/member/transfer/records", response_model=Envelope[TransferPageValue])
async def transfer_records(
    ctx: Context,
    auth: RealMember,
    since: datetime | None = None,
    until: datetime | None = None,
    page: int = Query(default=1, ge=1, le=10_000),
    size: int = Query(default=20, ge=1, le=100),
) -> Envelope[TransferPageValue]:
    """The member's team transfers, sent and received (both sides see the same movement)."""
    start, end = _range(since, until)
    found = await transfers.records(ctx.brand, auth.member, start, end, page=page, size=size)
    return ok(
        TransferPageValue(
            rows=[
                TransferRecordValue(
                    transactionId=r.transaction_id,
                    direction=r.direction.value,
                    sent=r.sent,
                    amount=r.amount,
                    balanceAfter=r.balance_after,
                    counterpart=r.counterpart,
                    createdAt=r.created_at,
                )
                for r in found.rows
            ],
            total=found.total,
        )
    )


# Team reports -----------------------------------------------------------------------------


class SumsValue(ApiModel):
    bet: Decimal
    validBet: Decimal
    win: Decimal
    net: Decimal = Field(description="win - bet: negative when the team lost")
    count: int


def _sums(sums: reports.Sums) -> SumsValue:
    return SumsValue(
        bet=sums.bet, validBet=sums.valid_bet, win=sums.win, net=sums.net, count=sums.count
    )


class TeamBetValue(ApiModel):
    id: int
    member: str
    game: str
    category: str
    bet: Decimal
    validBet: Decimal
    win: Decimal
    settledAt: datetime


class TeamBetPageValue(ApiModel):
    rows: list[TeamBetValue]
    total: int
    totals: SumsValue


@router.get("/wps/agent/report/bets", response_model=Envelope[TeamBetPageValue])
async def team_bets(
    auth: AgentMember,
    since: datetime | None = None,
    until: datetime | None = None,
    category: str = Query(default="", max_length=16),
    page: int = Query(default=1, ge=1, le=10_000),
    size: int = Query(default=20, ge=1, le=100),
) -> Envelope[TeamBetPageValue]:
    """Team bets: the downline's settled bets (wager facts), newest first."""
    start, end = _range(since, until)
    found = await reports.team_bets(
        auth.member, start, end, category=category, page=page, size=size
    )
    return ok(
        TeamBetPageValue(
            rows=[
                TeamBetValue(
                    id=r.id,
                    member=r.member,
                    game=r.game,
                    category=r.category,
                    bet=r.bet,
                    validBet=r.valid_bet,
                    win=r.win,
                    settledAt=r.settled_at,
                )
                for r in found.rows
            ],
            total=found.total_rows,
            totals=_sums(found.totals),
        )
    )


class TeamTransactionValue(ApiModel):
    id: int
    member: str
    kind: str
    amount: Decimal
    balanceAfter: Decimal
    createdAt: datetime


class TeamTransactionPageValue(ApiModel):
    rows: list[TeamTransactionValue]
    total: int
    moneyIn: Decimal
    moneyOut: Decimal


@router.get("/wps/agent/report/transactions", response_model=Envelope[TeamTransactionPageValue])
async def team_transactions(
    auth: AgentMember,
    since: datetime | None = None,
    until: datetime | None = None,
    kind: str = Query(default="", max_length=24),
    page: int = Query(default=1, ge=1, le=10_000),
    size: int = Query(default=20, ge=1, le=100),
) -> Envelope[TeamTransactionPageValue]:
    """agentDownlineTransactionDetailsCopy: the downline's cash movements (the ledger)."""
    start, end = _range(since, until)
    found = await reports.team_transactions(
        auth.member, start, end, kind=kind, page=page, size=size
    )
    return ok(
        TeamTransactionPageValue(
            rows=[
                TeamTransactionValue(
                    id=r.id,
                    member=r.member,
                    kind=r.kind,
                    amount=r.amount,
                    balanceAfter=r.balance_after,
                    createdAt=r.created_at,
                )
                for r in found.rows
            ],
            total=found.total_rows,
            moneyIn=found.totals.bet,
            moneyOut=found.totals.win,
        )
    )


class StatementValue(ApiModel):
    member: str
    level: int
    totals: SumsValue


class StatementPageValue(ApiModel):
    rows: list[StatementValue]
    total: int
    totals: SumsValue


@router.get("/wps/agent/report/statements", response_model=Envelope[StatementPageValue])
async def statements(
    auth: AgentMember,
    since: datetime | None = None,
    until: datetime | None = None,
    page: int = Query(default=1, ge=1, le=10_000),
    size: int = Query(default=20, ge=1, le=100),
) -> Envelope[StatementPageValue]:
    """palStatementsAgentCopy: profit and loss per downline member over the range."""
    start, end = _range(since, until)
    found = await reports.statements(auth.member, start, end, page=page, size=size)
    return ok(
        StatementPageValue(
            rows=[
                StatementValue(member=r.member, level=r.level, totals=_sums(r.sums))
                for r in found.rows
            ],
            total=found.total_rows,
            totals=_sums(found.totals),
        )
    )


class RevenueDayValue(ApiModel):
    day: datetime = Field(description="the day's start in the brand's time zone")
    totals: SumsValue
    active: int
    pay: Decimal


@router.get("/wps/agent/report/revenue", response_model=Envelope[list[RevenueDayValue]])
async def revenue(
    ctx: Context,
    auth: AgentMember,
    since: datetime | None = None,
    until: datetime | None = None,
) -> Envelope[list[RevenueDayValue]]:
    """agentRevenueReport: the team's figures and the agent's pay, day by day."""
    start, end = _range(since, until)
    days = await reports.revenue(ctx.brand, auth.member, start, end)
    return ok(
        [RevenueDayValue(day=d.day, totals=_sums(d.sums), active=d.active, pay=d.pay) for d in days]
    )


ROUTERS = (router,)
