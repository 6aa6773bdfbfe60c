"""The gates of every door of the platform, each door classified once with the site gates it
passes, or open with its reason: the kinds of doors (`READ`, `MONEY`, `CLAIM` ...), the API's
routes (`ROUTES`, "METHOD path"), and each state module's public handlers in its own
`HANDLER_GATES` manifest (state/gates.py reads them; the console's handlers are one family).

The gates (`Gate`), in the order they refuse:
- REGION: a blocked network or country (access-restricted);
- MAINTENANCE: the brand is in maintenance (system-maintenance);
- TRIAL: a free-play account (in_need_true_account);
- BARRED: an account barred by the barred-CPF list (identity-refused, neutral words);
- EXCLUSION: a member in a cooling-off or self-exclusion (protection-excluded, neutral words);
- IDENTITY: an identity not verified yet where the brand asks one (identity-pending).

One place per door kind reads the doors and enforces them before the door runs
(`enforce_site`, then `enforce_member`): the API's `deps.door_gates` (every route,
app-wide) and the site's `state.gates.gated` (the handler's decorator). A door classified
nowhere gets every gate at run time, and tests/security/test_gates.py fails until it is
classified.

Member gates apply when the door knows the member (a session); a guest is stopped by the
door's own login check. Rules deeper than the door stay where they are: a bet debit still
runs `protection.limits.check_bet` whatever door (or vendor) it comes through.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import session_scope
from app.core.errors import AppError
from app.services import site
from app.services.accounts import members
from app.services.brands import Brand
from app.services.identity import onboarding
from app.services.protection.limits import excluded
from models import Member
from models.identity import IdentityStatus, MemberIdentity
from models.protection import MemberProtection


class Gate(StrEnum):
    REGION = "region"
    MAINTENANCE = "maintenance"
    TRIAL = "trial"
    BARRED = "barred"
    EXCLUSION = "exclusion"
    IDENTITY = "identity"


SITE_GATES = frozenset({Gate.REGION, Gate.MAINTENANCE})
MEMBER_GATES = frozenset({Gate.TRIAL, Gate.BARRED, Gate.EXCLUSION, Gate.IDENTITY})
_ROW_GATES = frozenset({Gate.BARRED, Gate.EXCLUSION, Gate.IDENTITY})  # read from its rows


@dataclass(frozen=True)
class Door:
    """The gates a door passes; an open door (no gates) says why it is open."""

    gates: frozenset[Gate]
    reason: str

    @property
    def open(self) -> bool:
        return not self.gates


def _gated(reason: str, *gates: Gate) -> Door:
    return Door(frozenset(gates), reason)


def _open(reason: str) -> Door:
    return Door(frozenset(), reason)


R, M, T, B, X, I = (  # noqa: E741 (one letter per gate keeps the table readable)
    Gate.REGION,
    Gate.MAINTENANCE,
    Gate.TRIAL,
    Gate.BARRED,
    Gate.EXCLUSION,
    Gate.IDENTITY,
)

# ---- kinds of doors ---------------------------------------------------------------------------

# Gated.
ACCOUNT = _gated("account call: register, log in, change an account", R)
MEMBER_ACCOUNT = _gated("a real member changes their account", R, T)
MONEY = _gated("money call: play, wallet transfers, bets", R, M)
DEPOSIT = _gated("money comes in: the member's own, verified", R, M, T, B, X, I)
WITHDRAWAL = _gated(
    "money goes out: a barred or excluded member may still take their balance out", R, M, T
)
CLAIM = _gated("a benefit claimed or joined: promotions, missions, rebate, bonuses", R, M, T, B, X)
# Identity: the transfer rules of app/services/cashier/team_transfers.py decide (the
# downline an agent opens has no identity of its own).
TRANSFER = _gated("money between members", R, M, T, B, X)
OPENING = _gated("an agent opens accounts (registerCenter)", R, M, T, B, X)
AGENT_TERMS = _gated("an agent offers or answers contract terms", R, T)

# Open, with the reason.
READ = _open("reads only: the member's own data or the brand's catalogue and pages")
VIEW = _open("this tab's own view state: nothing stored, nothing moved")
SHELL = _open("the site shell and status pages: shown to everyone, blocked or not")
SESSION_END = _open("ends sessions or pauses play: always allowed")
SUPPORT = _open("talking to support: open to everyone, limited per address and member")
INBOX = _open("the member's own inbox and favourites: moves nothing")
SERVER = _open("server to server, signed: settles what is already under way")
OPERATOR = _open("operator door: its own operator check; finishes what is under way")
STAFF = _open("staff console: its own console login, permission and audit")
STUDIO = _open("the studio's game session: studio.studio_open_for_money on a new round")
FRAMEWORK = _open("Reflex's own handler: hydration and the browser's own storage")
PROBE = _open("health probes and metric scrapes: the orchestrator's; /metrics checks its token")
SANDBOX = _open("sandbox provider: off in production")
STATIC = _open("a static file, a document or the not-found answer")
UNDER_WAY = _open("finishes an order already under way (its receipt)")


def each(prefix: str, names: str, door: Door) -> dict[str, Door]:
    """One door for several names: `prefix` + each space-separated name."""
    return {f"{prefix}{name}": door for name in names.split()}


# ---- the API: "METHOD path" (HEAD as GET; "*" for every method) ---------------------------

ROUTES: dict[str, Door] = {
    **each("GET ", "/health/live /health/ready /metrics", PROBE),
    "GET /wps/system/status": SHELL,
    **each(
        "GET /wps/system/",
        "permission whitelabel domainRoute setting/register countryCodes helpCenter",
        SHELL,
    ),
    "POST /wps/system/language": VIEW,
    "GET /wps/session/key/rsa": SHELL,
    "POST /wps/session/key/check": SHELL,
    "POST /wps/session/login": ACCOUNT,
    "POST /wps/session/login/freeplay": ACCOUNT,
    "DELETE /wps/session/logout": SESSION_END,
    "POST /wps/session/others/end": SESSION_END,
    "GET /wps/member/info": READ,
    "GET /wps/member/firstLogin": READ,
    "GET /wps/member/info/icon": READ,
    "POST /wps/member/info/icon": MEMBER_ACCOUNT,
    "PUT /wps/member/register": ACCOUNT,
    "PUT /wps/member/register/mobile": ACCOUNT,
    **each("POST /wps/member/", "password password/email password/reset", ACCOUNT),
    "POST /wps/member/password/verification": ACCOUNT,
    **each("POST /wps/member/totp/", "setup enable disable", ACCOUNT),
    "GET /wps/captcha": SHELL,
    "GET /wps/verification/botCheck": SHELL,
    "POST /wps/verification/sms/noLogin": ACCOUNT,
    "POST /wps/verification/sms/register": ACCOUNT,
    "GET /wps/agent/affiliate": READ,
    "PUT /wps/feedback": SUPPORT,
    "GET /wps/v2/wallets/balance": READ,
    "POST /wps/relay/GCS_walletTransfer": MONEY,
    "POST /wps/relay/GCS_walletRecallAll": MONEY,
    "GET /wps/relay/GCS_merchantWallet": READ,
    "GET /wps/member/info/funds/consolidated": READ,
    "GET /wps/payment/channels": READ,
    "POST /wps/payment/deposit": DEPOSIT,
    "GET /wps/payment/deposit/{order_no}": READ,
    "POST /wps/payment/webhook/{provider}": SERVER,
    "GET /wps/relay/CSP_unreadCount": READ,
    "GET /wps/member/messages": READ,
    "GET /wps/member/paymentPassword": READ,
    "POST /wps/member/paymentPassword": ACCOUNT,
    "PUT /wps/member/paymentPassword": ACCOUNT,
    "GET /wps/member/payoutAccounts": READ,
    "POST /wps/member/payoutAccounts": ACCOUNT,
    "GET /wps/payment/withdraw/info": READ,
    "POST /wps/payment/withdraw": WITHDRAWAL,
    "GET /wps/payment/withdraw/orders": READ,
    "GET /wps/payment/withdraw/orders/{order_no}": READ,
    "POST /wps/payment/withdraw/orders/{order_no}/confirmation": UNDER_WAY,
    "GET /wps/operator/withdrawals": OPERATOR,
    "POST /wps/operator/withdrawals/{order_no}/payouts": OPERATOR,
    "POST /wps/operator/withdrawals/{order_no}/reject": OPERATOR,
    "POST /wps/operator/withdrawals/{order_no}/investigation": OPERATOR,
    "GET /wps/operator/withdrawals/{order_no}/payouts/{part_no}/proof": OPERATOR,
    "GET /wps/protection/limits": READ,
    "POST /wps/protection/limits": ACCOUNT,
    "POST /wps/protection/limits/confirm": ACCOUNT,
    "POST /wps/protection/limits/cancel": ACCOUNT,
    "POST /wps/protection/break": SESSION_END,
    "GET /wps/protection/reality-check": READ,
    "POST /wps/protection/reality-check": SESSION_END,
    "GET /wps/protection/activity": READ,
    "GET /wps/member/identity": READ,
    "POST /wps/member/identity/verify": ACCOUNT,
    "POST /wps/sandbox/kyc/verify": SANDBOX,
    "POST /wps/sandbox/kyc/liveness": SANDBOX,
    "GET /wps/promotions": READ,
    "GET /wps/promotions/{promotion_id}": READ,
    "GET /wps/member/rewardCenter": READ,
    "POST /wps/relay/MCSFE_signUpPromotionJoin": CLAIM,
    "POST /wps/relay/MCSFE_signUpRequestReward": CLAIM,
    "POST /wps/relay/MCS2_claimRafflePromotion": CLAIM,
    "GET /wps/promotions/{promotion_id}/draw": READ,
    "POST /wps/promotions/{promotion_id}/application": CLAIM,
    "GET /wps/member/bonuses": READ,
    "POST /wps/member/bonuses/{grant_id}/claim": CLAIM,
    "GET /wps/operator/promotions/applications": OPERATOR,
    "POST /wps/operator/promotions/applications/{entry_id}": OPERATOR,
    "GET /wps/member/messageV2": READ,
    "POST /wps/member/messages/read": INBOX,
    "POST /wps/member/messages/delete": INBOX,
    "GET /wps/relay/MCSFE_getListAnnouncements": READ,
    "GET /wps/member/feedback": READ,
    "POST /wps/member/feedback/{ticket_id}/reply": SUPPORT,
    "POST /wps/operator/feedback/{ticket_id}/reply": OPERATOR,
    "GET /wps/loyalty/vip": READ,
    "GET /wps/loyalty/rebate": READ,
    "POST /wps/loyalty/rebate/claim": CLAIM,
    "GET /wps/relay/MCSFE_getMissionSummaryDetails": READ,
    "GET /wps/relay/MCSFE_getMissionLeaderboard": READ,
    "POST /wps/relay/MCSFE_claimMissionReward": CLAIM,
    "GET /wps/member/transactions": READ,
    "GET /wps/member/bonusDetails": READ,
    **each(
        "GET /wps/relay/",
        "GCSGAME_gameList GCSGAME_hotGamesV2 GCSGAME_newGameVendor GCSGAME_getVassGameType "
        "GCSGAME_getRankList GCS_recentGame MCSFE_getFavoriteGames MCSFE_getFavoriteGamesList "
        "GLS2_roomList CBS_modelList CBS_launchChat ODSFE2_bettingRecord "
        "ODSFE2_bettingRecordDetail ODSFE2_profitAndLoss MCS2_processDividendReq "
        "MCS2_processDailySalContract MCS2_getPointBalance MCS2_getPointConfig "
        "MCS2_getPointReward MCS2_getRedeemPointList ODSFE2_MemTransDet",
        READ,
    ),
    "POST /wps/relay/MCSFE_addFavoriteGameV2": INBOX,
    "DELETE /wps/relay/MCSFE_removeFavoriteGameV2": INBOX,
    "POST /wps/game/launchGame": MONEY,
    "POST /wps/relay/GCS_gameLaunchFB": MONEY,
    "POST /wps/relay/MCS2_processContractHourSalary": AGENT_TERMS,
    "POST /wps/relay/MCSFE_processRealTimeSalaryContract": AGENT_TERMS,
    "GET /wps/agent/contracts": READ,
    "POST /wps/agent/contracts": AGENT_TERMS,
    "GET /wps/agent/overview": READ,
    "GET /wps/agent/downlines": READ,
    "POST /wps/agent/downlines": OPENING,
    "GET /wps/agent/pay/{kind}": READ,
    "GET /wps/agent/referral": READ,
    "POST /wps/member/affiliate/apply": CLAIM,
    "POST /wps/agent/transfer/downline": TRANSFER,
    "POST /wps/member/transfer/upline": TRANSFER,
    "GET /wps/member/transfer/records": READ,
    **each("GET /wps/agent/report/", "bets transactions statements revenue", READ),
    "POST /wps/relay/passwordCheck/MCS2_redeemPointReward": CLAIM,
    "POST /wps/relay/passwordCheck/MCS2_convertPoint": CLAIM,
    "GET /lgw/games/game_menus": READ,
    "GET /lgw/games/popular": READ,
    "GET /lgw/vn/games/game_menu": READ,
    "GET /lgw/vn/games/game_menu/recent": READ,
    "GET /lgw/vn/numeros/opened/game": READ,
    "GET /lotto/lgw/games/opened/numero": READ,
    "GET /lgw/lotto/lobby": READ,
    **each("GET /lgw/lotto/games/{gameCode}/", "issues results trend", READ),
    "GET /lgw/lotto/games/{gameCode}/issues/{issueNo}/verify": READ,
    "POST /lgw/lotto/bets": MONEY,
    "POST /lgw/lotto/bets/code": MONEY,
    "POST /lgw/lotto/chases": MONEY,
    "DELETE /lgw/lotto/bets/{betUid}": MONEY,
    "GET /lgw/lotto/bets": READ,
    **each(
        "POST /vendor/{vendorCode}/wallet/",
        "authenticate balance debit credit betwin rollback",
        SERVER,
    ),
    "POST /vendor/{vendorCode}/reports/rounds": SERVER,
    "POST /studio/session": STUDIO,
    "GET /studio/balance": STUDIO,
    "POST /studio/rounds": STUDIO,
    "GET /studio/rounds": STUDIO,
    "POST /studio/rounds/{roundId}/finish": STUDIO,
    "GET /studio/rounds/{roundId}/verify": STUDIO,
    "GET /studio/seeds": STUDIO,
    "PUT /studio/seeds/client": STUDIO,
    "POST /studio/seeds/rotate": STUDIO,
    "GET /studio/crash/round": STUDIO,
    "POST /studio/crash/bets": STUDIO,
    "POST /studio/crash/cashout": STUDIO,
    "GET /studio/crash/bets": STUDIO,
    "GET /studio/crash/rounds/{crashRound}/verify": STUDIO,
    **each(
        "GET ",
        "/openapi.json /docs /docs/oauth2-redirect /redoc /sitemap.xml /robots.txt "
        "/manifest.webmanifest /download/{file_name}.mobileconfig /download/qr/{kind}.svg "
        "/img/{path} /index /index.html",
        STATIC,
    ),
    **each("* ", "/wps/{rest} /lgw/{rest} /lotto/lgw/{rest} /vendor/{rest} /studio/{rest}", STATIC),
}

# What a door that nobody classified gets at run time: every gate (the test fails meanwhile).
UNCLASSIFIED = Door(SITE_GATES | MEMBER_GATES, "not classified: every gate")


def route_door(method: str, path: str) -> Door:
    method = "GET" if method.upper() == "HEAD" else method.upper()
    return ROUTES.get(f"{method} {path}") or ROUTES.get(f"* {path}") or UNCLASSIFIED


# ---- enforcing ------------------------------------------------------------------------------


def enforce_site(door: Door, brand: Brand, ip: str, country: str | None) -> None:
    """The gates that need no member: the visitor's region and the brand's maintenance."""
    if Gate.REGION in door.gates and site.region_restricted(brand, ip, country):
        raise AppError("access-restricted", status=403)
    if Gate.MAINTENANCE in door.gates and brand.maintenance:
        raise AppError("system-maintenance", status=503)


_MEMBER_STATE = (
    select(Member.id, MemberProtection, MemberIdentity)
    .outerjoin(MemberProtection, col(MemberProtection.member_id) == col(Member.id))
    .outerjoin(MemberIdentity, col(MemberIdentity.member_id) == col(Member.id))
)
MemberState = tuple[MemberProtection | None, MemberIdentity | None]


async def _member_states(
    session: AsyncSession, member_ids: Sequence[int]
) -> dict[int, MemberState]:
    """Each member's protection and identity rows (either may be missing), in one read."""
    found = await session.exec(_MEMBER_STATE.where(col(Member.id).in_(member_ids)))
    return {member_id or 0: (protection, identity) for member_id, protection, identity in found}


async def _member_state(session: AsyncSession, member_id: int) -> MemberState:
    return (await _member_states(session, [member_id])).get(member_id, (None, None))


def _refuse_member(gates: frozenset[Gate], brand: Brand, state: MemberState, now: datetime) -> None:
    """The gates BARRED, EXCLUSION and IDENTITY, as the member's rows say."""
    protection, identity = state
    status = identity.status if identity is not None else None
    if Gate.BARRED in gates and status == IdentityStatus.BARRED:
        raise onboarding.refused()
    if Gate.EXCLUSION in gates and excluded(protection, now):
        raise AppError("protection-excluded", status=403)
    if Gate.IDENTITY in gates:
        onboarding.require_play_status(status, identity is not None or onboarding.required(brand))


def _read_gates(door: Door, member: Member) -> frozenset[Gate]:
    """The member gates of `door` that need the member's rows (TRIAL checked first: it needs
    none)."""
    gates = door.gates & MEMBER_GATES
    if Gate.TRIAL in gates:
        members.require_real_account(member)
    if not gates & _ROW_GATES or member.id is None:
        return frozenset()
    return gates


async def enforce_member(
    door: Door, brand: Brand, member: Member, now: datetime, session: AsyncSession | None = None
) -> None:
    """The gates about the member: trial, barred, excluded, identity not verified; read in
    `session` when the caller has one open (a decision taken in the same transaction)."""
    gates = _read_gates(door, member)
    if not gates:
        return
    assert member.id is not None
    if session is None:
        async with session_scope() as own:
            state = await _member_state(own, member.id)
    else:
        state = await _member_state(session, member.id)
    _refuse_member(gates, brand, state, now)


async def enforce_members(
    door: Door, asks: Sequence[tuple[Brand, Member]], now: datetime, session: AsyncSession
) -> list[AppError | None]:
    """`enforce_member` for many members at once (a batch of decisions), their rows read in
    one statement: for each, its refusal or None."""
    ids = [member.id for _, member in asks if member.id is not None]
    states = await _member_states(session, ids) if door.gates & _ROW_GATES and ids else {}
    refusals: list[AppError | None] = []
    for brand, member in asks:
        try:
            gates = _read_gates(door, member)
            if gates and member.id is not None:
                _refuse_member(gates, brand, states.get(member.id, (None, None)), now)
        except AppError as refused:
            refusals.append(refused)
        else:
            refusals.append(None)
    return refusals


async def require_reachable(session: AsyncSession, member: Member, now: datetime) -> None:
    """Money sent TO a member (a team transfer): refused, in neutral words for the sender,
    when the receiver is paused (cooling-off, self-exclusion) or barred."""
    assert member.id is not None
    protection, identity = await _member_state(session, member.id)
    barred = identity is not None and identity.status == IdentityStatus.BARRED
    if barred or excluded(protection, now):
        raise AppError("transfer-recipient-unavailable", status=409)
