"""The gate table: every door of the platform (each API route, each public event handler of
the site's states) classified once with the site gates it passes, or open with its reason.

The gates (`Gate`), in the order they refuse:
- REGION: a blocked network or country (access-restricted);
- MAINTENANCE: the brand is in maintenance (system-maintenance);
- TRIAL: a free-play account (in_need_true_account);
- BARRED: an account barred by the barred-CPF list (identity-refused, neutral words);
- EXCLUSION: a member in a cooling-off or self-exclusion (protection-excluded, neutral words);
- IDENTITY: an identity not verified yet where the brand asks one (identity-pending).

One place per door kind reads this table and enforces it before the door runs
(`enforce_site`, then `enforce_member`): the API's `deps.door_gates` (every route,
app-wide) and the site's `state.gates.gated` (the handler's decorator). A door absent from
the table gets every gate at run time, and tests/security/test_gates.py fails until it is
classified.

Member gates apply when the door knows the member (a session); a guest is stopped by the
door's own login check. Rules deeper than the door stay where they are: a bet debit still
runs `protection.limits.check_bet` whatever door (or vendor) it comes through.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

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


def _each(prefix: str, names: str, door: Door) -> dict[str, Door]:
    return {f"{prefix}{name}": door for name in names.split()}


# ---- the API: "METHOD path" (HEAD as GET; "*" for every method) ---------------------------

ROUTES: dict[str, Door] = {
    **_each("GET ", "/health/live /health/ready /metrics", PROBE),
    "GET /wps/system/status": SHELL,
    **_each(
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
    **_each("POST /wps/member/", "password password/email password/reset", ACCOUNT),
    "POST /wps/member/password/verification": ACCOUNT,
    **_each("POST /wps/member/totp/", "setup enable disable", ACCOUNT),
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
    **_each(
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
    **_each("GET /wps/agent/report/", "bets transactions statements revenue", READ),
    "POST /wps/relay/passwordCheck/MCS2_redeemPointReward": CLAIM,
    "POST /wps/relay/passwordCheck/MCS2_convertPoint": CLAIM,
    "GET /lgw/games/game_menus": READ,
    "GET /lgw/games/popular": READ,
    "GET /lgw/vn/games/game_menu": READ,
    "GET /lgw/vn/games/game_menu/recent": READ,
    "GET /lgw/vn/numeros/opened/game": READ,
    "GET /lotto/lgw/games/opened/numero": READ,
    "GET /lgw/lotto/lobby": READ,
    **_each("GET /lgw/lotto/games/{gameCode}/", "issues results trend", READ),
    "GET /lgw/lotto/games/{gameCode}/issues/{issueNo}/verify": READ,
    "POST /lgw/lotto/bets": MONEY,
    "POST /lgw/lotto/bets/code": MONEY,
    "POST /lgw/lotto/chases": MONEY,
    "DELETE /lgw/lotto/bets/{betUid}": MONEY,
    "GET /lgw/lotto/bets": READ,
    **_each(
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
    **_each(
        "GET ",
        "/openapi.json /docs /docs/oauth2-redirect /redoc /sitemap.xml /robots.txt "
        "/manifest.webmanifest /download/{file_name}.mobileconfig /download/qr/{kind}.svg "
        "/img/{path} /index /index.html",
        STATIC,
    ),
    **_each(
        "* ", "/wps/{rest} /lgw/{rest} /lotto/lgw/{rest} /vendor/{rest} /studio/{rest}", STATIC
    ),
}

# ---- the site: "module.State.handler" ----------------------------------------------------------

# Whole families: Reflex's own states (by their first words) and the staff console's (every
# capability's `console*` modules of state/, e.g. "state.lottery.console_lottery.").
HANDLER_FAMILIES: dict[str, Door] = {"reflex.": FRAMEWORK}
CONSOLE_MODULE = re.compile(r"^state\.(\w+\.)?console(_\w+)?\.[A-Z]")

_TEAM = "state.agents.agent_team.AgentTeamState"
HANDLERS: dict[str, Door] = {
    **_each(
        f"{_TEAM}.",
        "close_transfer go load_announcements load_daily_wages load_dividends load_hour_salary "
        "load_overview load_realtime_salary load_referral load_revenue load_statements "
        "load_transactions load_upline mark_copied pick_transfer set_kind set_range set_view",
        READ,
    ),
    f"{_TEAM}.send_down": TRANSFER,
    f"{_TEAM}.send_up": TRANSFER,
    **_each(
        "state.agents.agents.AgentState.",
        "close_offer go load_downlines load_home load_register pick relabel set_offer_kind "
        "set_search",
        READ,
    ),
    "state.agents.agents.AgentState.answer": AGENT_TERMS,
    "state.agents.agents.AgentState.offer": AGENT_TERMS,
    "state.agents.agents.AgentState.register": OPENING,
    "state.agents.affiliate.AffiliateState.load": READ,
    "state.agents.affiliate.AffiliateState.apply": CLAIM,  # as POST /wps/member/affiliate/apply
    **_each("state.content.announcements.AnnouncementState.", "close load pick", SHELL),
    **_each(
        "state.accounts.auth.AuthState.",
        "gate open_login open_login_page refresh_captcha require_login require_member restore "
        "set_login_tab",
        SHELL,
    ),
    "state.accounts.auth.AuthState.logout": SESSION_END,
    "state.accounts.auth.AuthState.dismiss_signed_out": VIEW,
    **_each("state.accounts.auth.AuthState.", "submit_login finish_login start_trial", ACCOUNT),
    **_each(
        "state.seamless.betting.BettingState.", "go load set_category set_range toggle_detail", READ
    ),
    **_each("state.seamless.betting.ProfitState.", "load set_range", READ),
    **_each("state.promotions.bonus.BonusState.", "go load refresh set_range", READ),
    **_each(
        "state.cashier.cashier.CashierState.",
        "load new_deposit pick_channel set_amount watch_order",
        READ,
    ),
    "state.cashier.cashier.CashierState.create": DEPOSIT,
    **_each("state.cashier.cashier.SandboxState.", "load settle", SANDBOX),
    **_each("state.support.chat.ChatState.", "load send watch", SUPPORT),
    **_each("state.dialog.DialogState.", "close close_on_escape open open_for page_changed", VIEW),
    **_each("state.content.download.DownloadState.", "image_failed load", SHELL),
    **_each(
        "state.support.feedback.FeedbackState.",
        "follow_up load submit",
        SUPPORT,
    ),
    **_each("state.accounts.first_steps.FirstStepsState.", "dismiss load", READ),
    **_each(
        "state.catalogue.game_popup.GamePopupState.",
        "more_vendor_games open_maintenance open_vendor",
        READ,
    ),
    **_each("state.content.help.HelpState.", "load search", SHELL),
    "state.identity.identity.IdentityState.load": READ,
    "state.identity.identity.IdentityState.submit": ACCOUNT,
    "state.identity.identity.IdentityState.send_documents": ACCOUNT,
    "state.identity.identity.ResponsibleState.load": SHELL,
    "state.support.inbox.InboxState.load": READ,
    "state.support.inbox.InboxState.go": READ,
    **_each("state.support.inbox.InboxState.", "open read_all remove", INBOX),
    "state.content.legal.LegalState.load": SHELL,
    **_each(
        "state.catalogue.lobby.LobbyState.",
        "load_center load_home load_list load_menu more pick_sub_category pick_vendor "
        "relabel set_search",
        READ,
    ),
    "state.catalogue.lobby.LobbyState.toggle_favorite": INBOX,
    "state.catalogue.lobby.LobbyState.play": MONEY,
    # A transfer vendor's game: money moved into its wallet, then the game started.
    **_each("state.catalogue.lobby.LobbyState.", "move_and_play play_without_moving", MONEY),
    "state.catalogue.lobby.LobbyState.load_u9w": MONEY,  # the /u9w page starts the sportsbook
    "state.catalogue.lobby.LobbyState.start_vendor": MONEY,
    # The live lobby's hosts and a table's chat room (as GET CBS_modelList, CBS_launchChat).
    **_each("state.catalogue.live_rooms.LiveHostsState.", "load open_chat", READ),
    **_each("state.catalogue.live_rooms.PvpRoomsState.", "load pick_game pick_vendor", READ),
    "state.catalogue.live_rooms.PvpRoomsState.enter_room": MONEY,  # a room opens its game for real
    "state.lottery.lottery.LotteryRecordState.load": READ,
    "state.lottery.lottery.LotteryVerifyState.load": READ,
    **_each(
        "state.lottery.lottery.LotteryState.",
        "check_codes load open_rules pick_partner pick_play pick_station quick refresh "
        "set_bets_tab set_chase_issues set_chase_stop set_codes set_family set_mode "
        "set_multiplier set_trend_position set_typed set_unit toggle",
        READ,
    ),
    **_each("state.lottery.lottery.LotteryState.", "cancel place place_chase place_codes", MONEY),
    **_each("state.loyalty.loyalty_vip.IncomeState.", "go load set_range", READ),
    **_each("state.loyalty.loyalty_vip.IncomeState.", "claim claim_all", CLAIM),
    **_each("state.loyalty.loyalty_vip.VipState.", "load relabel", READ),
    **_each(
        "state.loyalty.missions.MissionState.", "countdown load relabel select_race set_tab", READ
    ),
    "state.loyalty.missions.MissionState.claim": CLAIM,
    **_each("state.catalogue.my_games.MyGamesState.", "gate load_favorites load_recent", READ),
    **_each(
        "state.accounts.password.PasswordState.", "open_change open_forgot set_forgot_tab", VIEW
    ),
    **_each(
        "state.accounts.password.PasswordState.",
        "change forgot_by_email reset_by_phone reset_with_link",
        ACCOUNT,
    ),
    # A real play page launches a game session on load (the demo uses no money: same page).
    **_each("state.studio.play.PlayState.", "load play_real place play_free", MONEY),
    **_each(
        "state.studio.play.PlayState.",
        "bet_step open_rules reset_demo rotate save_client_seed set_bet",
        VIEW,
    ),
    "state.studio.play.VerifyState.load": READ,
    # Crash: the studio page's game session (load), bets and cash-outs move money.
    **_each("state.studio.crash.CrashState.", "load play_real bet cash", MONEY),
    **_each("state.studio.crash.CrashState.", "set_auto set_stake stake_step", VIEW),
    "state.studio.crash.CrashState.watch": READ,
    "state.studio.crash.CrashVerifyState.load": READ,
    **_each(
        "state.loyalty.points.PointsState.",
        "close_dialog go load move_window open_convert open_redeem preview_convert "
        "set_quantity set_range set_view",
        READ,
    ),
    **_each("state.loyalty.points.PointsState.", "convert redeem", CLAIM),
    "state.accounts.profile.ProfileState.load": READ,
    "state.accounts.profile.ProfileState.save": ACCOUNT,
    **_each(
        "state.promotions.promotions.PromotionsState.",
        "close go load load_mine relabel select set_accepted",
        READ,
    ),
    **_each(
        "state.promotions.promotions.PromotionsState.",
        "join request_reward send_application",
        CLAIM,
    ),
    **_each("state.protection.protection.ProtectionState.", "load set_activity_period", READ),
    **_each(
        "state.protection.protection.ProtectionState.",
        "save_limit confirm_limit cancel_limit",
        ACCOUNT,
    ),
    "state.protection.protection.ProtectionState.take_break": SESSION_END,
    "state.catalogue.providers.ProvidersState.load": READ,
    **_each("state.protection.reality.RealityState.", "answer check", SESSION_END),
    **_each("state.cashier.records.RecordsState.", "go load set_range set_type", READ),
    **_each("state.accounts.register.RegisterState.", "open open_page set_method", SHELL),
    **_each("state.accounts.register.RegisterState.", "submit finish", ACCOUNT),
    "state.accounts.security.SecurityState.load": READ,
    **_each("state.accounts.security.SecurityState.", "start_setup confirm turn_off", ACCOUNT),
    **_each("state.site.SiteState.", "load_site set_dial_code set_language", SHELL),
    **_each("state.accounts.sms.SmsState.", "request_code set_mobile tick", VIEW),
    "state.accounts.sms.SmsState.send": ACCOUNT,
    **_each("state.studio.studio_games.DiceState.", "set_dice_over set_dice_target", VIEW),
    "state.studio.studio_games.GridState.toggle_hold": VIEW,
    "state.studio.studio_games.LimboState.set_limbo_target": VIEW,
    **_each("state.studio.studio_games.MinesState.", "set_mines_count toggle_pick", VIEW),
    **_each("state.studio.studio_games.PlinkoState.", "set_plinko_risk set_plinko_rows", VIEW),
    # Autobet: every step is a bet (each round passes the wallet's own checks as well).
    **_each("state.studio.studio_auto.AutobetState.", "start_autobet autobet_step", MONEY),
    **_each("state.studio.studio_auto.AutobetState.", "forget_autobet stop_autobet", SESSION_END),
    "state.studio.studio_auto.HotkeyState.set_hotkeys": VIEW,
    **_each("state.studio.studio_games.RouletteState.", "add_chip clear_chips", VIEW),
    **_each(
        "state.cashier.transfer.TransferState.",
        "fill_max load pick_vendor set_amount set_direction",
        READ,
    ),
    **_each("state.cashier.transfer.TransferState.", "submit recall_all", MONEY),
    **_each(
        "state.ui.UiState.",
        "toggle_panel toggle_side_menu close_floating close_on_escape toggle_member_nav",
        VIEW,
    ),
    **_each("state.cashier.wallet.WalletState.", "reformat refresh toggle_hidden watch", READ),
    # The game wallets' money back to the main.
    "state.cashier.wallet.WalletState.bring_back": MONEY,
    **_each("state.cashier.withdraw.WithdrawState.", "follow_balance load received relabel", READ),
    "state.cashier.withdraw.WithdrawState.not_received": UNDER_WAY,
    **_each("state.cashier.withdraw.WithdrawState.", "set_payment_password bind_account", ACCOUNT),
    "state.cashier.withdraw.WithdrawState.request": WITHDRAWAL,
}

# What a door that nobody classified gets at run time: every gate (the test fails meanwhile).
UNCLASSIFIED = Door(SITE_GATES | MEMBER_GATES, "not classified: every gate")


def route_door(method: str, path: str) -> Door:
    method = "GET" if method.upper() == "HEAD" else method.upper()
    return ROUTES.get(f"{method} {path}") or ROUTES.get(f"* {path}") or UNCLASSIFIED


def handler_door(name: str) -> Door:
    """The door of a public handler, "module.State.handler"."""
    if name in HANDLERS:
        return HANDLERS[name]
    for prefix, door in HANDLER_FAMILIES.items():
        if name.startswith(prefix):
            return door
    if CONSOLE_MODULE.match(name):
        return STAFF
    return UNCLASSIFIED


# ---- enforcing ------------------------------------------------------------------------------


def enforce_site(door: Door, brand: Brand, ip: str, country: str | None) -> None:
    """The gates that need no member: the visitor's region and the brand's maintenance."""
    if Gate.REGION in door.gates and site.region_restricted(brand, ip, country):
        raise AppError("access-restricted", status=403)
    if Gate.MAINTENANCE in door.gates and brand.maintenance:
        raise AppError("system-maintenance", status=503)


async def _member_state(
    session: AsyncSession, member_id: int
) -> tuple[MemberProtection | None, MemberIdentity | None]:
    return await session.get(MemberProtection, member_id), await session.get(
        MemberIdentity, member_id
    )


async def enforce_member(door: Door, brand: Brand, member: Member, now: datetime) -> None:
    """The gates about the member: trial, barred, excluded, identity not verified."""
    gates = door.gates & MEMBER_GATES
    if not gates:
        return
    if Gate.TRIAL in gates:
        members.require_real_account(member)
    if not gates & {Gate.BARRED, Gate.EXCLUSION, Gate.IDENTITY} or member.id is None:
        return
    async with session_scope() as session:
        protection, identity = await _member_state(session, member.id)
        status = identity.status if identity is not None else None
        if Gate.BARRED in gates and status == IdentityStatus.BARRED:
            raise onboarding.refused()
        if Gate.EXCLUSION in gates and excluded(protection, now):
            raise AppError("protection-excluded", status=403)
        if Gate.IDENTITY in gates:
            onboarding.require_play_status(
                status, identity is not None or onboarding.required(brand)
            )


async def require_reachable(session: AsyncSession, member: Member, now: datetime) -> None:
    """Money sent TO a member (a team transfer): refused, in neutral words for the sender,
    when the receiver is paused (cooling-off, self-exclusion) or barred."""
    assert member.id is not None
    protection, identity = await _member_state(session, member.id)
    barred = identity is not None and identity.status == IdentityStatus.BARRED
    if barred or excluded(protection, now):
        raise AppError("transfer-recipient-unavailable", status=409)
