"""Builds the Reflex app: pages (from the registry app.routes.ROUTES), the mounted API (/wps,
/lgw, /vendor, /studio) and lifespan tasks."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass

import reflex as rx
from reflex.event import EventType

from app import routes
from app.api.main import create_api
from app.core import logs, metrics
from app.core.cache import close_redis
from app.core.config import get_settings
from app.core.db import dispose_engine
from app.event_door import refuse_unknown_events
from app.event_metrics import time_events
from app.front_door import guard_front_door, transformers
from app.jobs.crash import crash_driver
from app.jobs.scheduler import scheduler
from app.reconnect import guard_uploads, keep_state_on_new_token
from app.services import site_map
from app.services.brands import brands
from pages import agent_team
from pages.account import (
    login_page,
    register_page,
    reset_password_page,
    security_center_page,
)
from pages.affiliate import affiliate_page
from pages.agents import agent_home_page, downlines_page, register_center_page
from pages.betting import betting_page, profit_page
from pages.bonus import bonus_page
from pages.cashier import deposit_page, sandbox_page
from pages.chat import chat_page
from pages.console import dashboard_page
from pages.console import login_page as console_login_page
from pages.console_account import account_page, enrol_page
from pages.console_agents import agents_page
from pages.console_applications import applications_page
from pages.console_audit import audit_page
from pages.console_channels import channels_page
from pages.console_chat import chat_desk_page
from pages.console_content import content_page, lottery_console_page
from pages.console_games import games_page
from pages.console_investigations import investigations_page
from pages.console_kyc import kyc_page
from pages.console_payments import payments_page
from pages.console_platform import platform_page
from pages.console_players import players_page
from pages.console_points import points_review_page
from pages.console_promotions import promotions_console_page
from pages.console_reports import reports_page
from pages.console_support import support_page
from pages.console_team import staff_page
from pages.console_transfers import transfer_reviews_page
from pages.console_vip import vip_console_page
from pages.crash import crash_page
from pages.download import download_page
from pages.feedback import feedback_page
from pages.games import game_list_page, providers_page
from pages.help import help_page
from pages.home import home
from pages.identity import identity_page, responsible_page
from pages.legal import legal_page
from pages.lottery import lottery_page, lottery_verify_page
from pages.loyalty_vip import income_page, vip_page
from pages.messages import messages_page
from pages.missions import missions_page
from pages.my_games import favorites_page, recent_page
from pages.not_found import not_found_page
from pages.play import play_page, verify_page
from pages.point_mall import point_mall_page
from pages.promotions import promotions_page, reward_center_page
from pages.protection import protection_page
from pages.records import records_page
from pages.transfer import transfer_page
from pages.withdraw import withdraw_page
from state.affiliate import AffiliateState
from state.agent_team import AgentTeamState as T
from state.agents import AgentState
from state.announcements import AnnouncementState
from state.auth import AuthState
from state.betting import BettingState, ProfitState
from state.bonus import BonusState
from state.cashier import CashierState, SandboxState
from state.chat import ChatState
from state.client_storage import bound_client_storage
from state.console import ConsoleLoginState, ConsoleState, DashboardState
from state.console_account import AccountState, EnrolState
from state.console_agents import AgentsConsoleState
from state.console_applications import ApplicationsConsoleState
from state.console_audit import AuditState
from state.console_channels import ChannelsState
from state.console_chat import ChatDeskState
from state.console_content import ContentState
from state.console_games import GamesConsoleState
from state.console_investigations import InvestigationsState
from state.console_kyc import KycState
from state.console_lottery import LotteryConsoleState
from state.console_payments import PaymentsState
from state.console_platform import PlatformState
from state.console_players import PlayersState
from state.console_points import PointsReviewState
from state.console_promotions import PromotionsConsoleState
from state.console_reports import ReportsState
from state.console_support import SupportDeskState
from state.console_team import TeamState
from state.console_transfers import TransferReviewsState
from state.console_vip import VipConsoleState
from state.crash import CrashState, CrashVerifyState
from state.dialog import DialogState
from state.download import DownloadState
from state.feedback import FeedbackState
from state.first_steps import FirstStepsState
from state.help import HelpState
from state.identity import IdentityState, ResponsibleState
from state.inbox import InboxState
from state.legal import LegalState
from state.lobby import LobbyState
from state.lottery import LotteryRecordState, LotteryState, LotteryVerifyState
from state.loyalty_vip import IncomeState, VipState
from state.missions import MissionState
from state.my_games import MyGamesState
from state.play import PlayState, VerifyState
from state.points import PointsState
from state.profile import ProfileState
from state.promotions import PromotionsState
from state.protection import ProtectionState
from state.providers import ProvidersState
from state.records import RecordsState
from state.register import RegisterState
from state.security import SecurityState
from state.site import SiteState
from state.transfer import TransferState
from state.wallet import WalletState
from state.withdraw import WithdrawState


@asynccontextmanager
async def _connections() -> AsyncIterator[None]:
    # The websocket's Origin check reads the brands' domains without waiting for a load: every
    # worker loads them at its start, not at the first page it happens to serve.
    try:
        await brands.all()
    except Exception:  # the database may come later: pages load the brands then
        logging.getLogger(__name__).warning("brands not loaded at start", exc_info=True)
    yield
    await dispose_engine()
    await close_redis()
    metrics.forget_this_process()


# Bad settings (a demo part under ENVIRONMENT=prod) stop the start here, naming what is wrong.
get_settings()
logs.configure()

app = rx.App(
    api_transformer=transformers(create_api()),
    head_components=[
        rx.el.script(src="/page-load.js"),
        rx.el.script(src="/scroll-lock.js"),
        rx.el.script(src="/focus-return.js"),
        rx.el.script(src="/bot-check.js"),
        rx.el.script(src="/register-sw.js"),
        rx.el.script(src="/client-alerts.js"),
        rx.el.script(src="/analytics.js"),
        rx.el.link(rel="manifest", href="/manifest.webmanifest"),
        rx.el.link(rel="apple-touch-icon", href="/icons/app-192.png"),
        rx.el.meta(name="theme-color", content=site_map.THEME_COLOUR),
    ],
    stylesheets=["/home.css"],
    theme=None,
)
# Reflex's own connection toasts speak English only: the shell shows ours, translated
# (components/client_alerts.py).
app.app_wraps[(5, "Overlay")] = lambda stateful: None
app.register_lifespan_task(_connections)
app.register_lifespan_task(scheduler)
app.register_lifespan_task(crash_driver)

# Every page closes the last page's dialogs, loads the brand and status, restores the
# session, the balance and the menus.
ON_LOAD = [
    DialogState.page_changed,
    SiteState.load_site,
    AuthState.restore,
    WalletState.refresh,
    LobbyState.load_menu,
    AnnouncementState.load,
]
# Console pages (app.routes: console=True) load the language and check the staff login
# (state/console.py), never a member's; the login and enrolment pages only the language.
CONSOLE_ON_LOAD = [SiteState.load_site, ConsoleState.gate]


@dataclass(frozen=True)
class Page:
    build: Callable[[], rx.Component]
    load: tuple[EventType[()], ...] = ()  # after ON_LOAD (and the login gate of app.routes)


# The builder and loaders of every page key of app.routes.ROUTES.
PAGES: dict[str, Page] = {
    "home": Page(home, (LobbyState.load_home, FirstStepsState.load)),
    "game_list": Page(game_list_page, (LobbyState.load_list,)),
    "lottery": Page(lottery_page, (LotteryState.load,)),
    "lottery_verify": Page(lottery_verify_page, (LotteryVerifyState.load,)),
    "game_list_center": Page(game_list_page, (LobbyState.load_center,)),
    "seamless": Page(providers_page, (ProvidersState.load,)),
    "u9w": Page(game_list_page, (LobbyState.load_u9w,)),
    "login": Page(login_page, (AuthState.open_login_page,)),
    "register": Page(register_page, (RegisterState.open_page,)),
    "help": Page(help_page, (HelpState.load,)),
    "legal": Page(legal_page, (LegalState.load,)),
    "download": Page(download_page, (DownloadState.load,)),
    "promotions": Page(promotions_page, (PromotionsState.load,)),
    "security_center": Page(security_center_page, (SecurityState.load, ProfileState.load)),
    "reset_password": Page(reset_password_page),
    "agent_home": Page(agent_home_page, (AgentState.load_home,)),
    "register_center": Page(register_center_page, (AgentState.load_register,)),
    "downlines": Page(downlines_page, (AgentState.load_downlines,)),
    "daily_wages": Page(agent_team.daily_wages_page, (T.load_daily_wages,)),
    "agent_announcement": Page(agent_team.announcement_page, (T.load_announcements,)),
    "agent_team_overview": Page(agent_team.team_overview_page, (T.load_overview,)),
    "agent_statements": Page(agent_team.statements_page, (T.load_statements,)),
    "agent_revenue": Page(agent_team.revenue_report_page, (T.load_revenue,)),
    "agent_transactions": Page(agent_team.transactions_page, (T.load_transactions,)),
    "agent_dividends": Page(agent_team.dividend_record_page, (T.load_dividends,)),
    "agent_hour_salary": Page(agent_team.hour_salary_page, (T.load_hour_salary,)),
    "agent_realtime_salary": Page(agent_team.realtime_salary_page, (T.load_realtime_salary,)),
    "referral": Page(agent_team.referral_page, (T.load_referral,)),
    "affiliate_apply": Page(affiliate_page, (AffiliateState.load,)),
    "transfer_upline": Page(agent_team.transfer_upline_page, (T.load_upline,)),
    "deposit": Page(deposit_page, (CashierState.load,)),
    "sandbox_pay": Page(sandbox_page, (SandboxState.load,)),
    "records": Page(records_page, (RecordsState.load,)),
    "betting": Page(betting_page, (BettingState.load, LotteryRecordState.load)),
    "profit": Page(profit_page, (ProfitState.load,)),
    "withdraw": Page(withdraw_page, (WithdrawState.load,)),
    "verify": Page(verify_page, (VerifyState.load, CrashVerifyState.load)),
    "crash": Page(crash_page, (CrashState.load,)),
    "play": Page(play_page, (PlayState.load,)),
    "transfer": Page(transfer_page, (TransferState.load,)),
    "bonus": Page(bonus_page, (BonusState.load,)),
    "vip": Page(vip_page, (VipState.load,)),
    "my_income": Page(income_page, (IncomeState.load,)),
    "messages": Page(messages_page, (InboxState.load,)),
    "feedback": Page(feedback_page, (FeedbackState.load,)),
    "chat": Page(chat_page, (ChatState.load,)),
    "reward_center": Page(reward_center_page, (PromotionsState.load_mine,)),
    "point_mall": Page(point_mall_page, (PointsState.load,)),
    "missions": Page(missions_page, (MissionState.load,)),
    "favorites": Page(favorites_page, (MyGamesState.gate,)),
    "my_games": Page(recent_page, (MyGamesState.gate,)),
    "protection": Page(protection_page, (ProtectionState.load,)),
    "responsible": Page(responsible_page, (ResponsibleState.load,)),
    "identity": Page(identity_page, (IdentityState.load,)),
    "not_found": Page(not_found_page),
    # The back office (docs/ARCHITECTURE.md, "Adding a console page").
    "admin_login": Page(console_login_page, (ConsoleLoginState.open_page,)),
    "admin_enrol": Page(enrol_page, (EnrolState.open_page,)),
    "admin_account": Page(account_page, (AccountState.load,)),
    "admin_dashboard": Page(dashboard_page, (DashboardState.load,)),
    "admin_players": Page(players_page, (PlayersState.load,)),
    "admin_payments": Page(payments_page, (PaymentsState.load,)),
    "admin_platform": Page(platform_page, (PlatformState.load,)),
    "admin_staff": Page(staff_page, (TeamState.load,)),
    "admin_audit": Page(audit_page, (AuditState.load,)),
    "admin_reports": Page(reports_page, (ReportsState.load,)),
    "admin_points": Page(points_review_page, (PointsReviewState.load,)),
    "admin_kyc": Page(kyc_page, (KycState.load,)),
    "admin_content": Page(content_page, (ContentState.load,)),
    "admin_lottery": Page(lottery_console_page, (LotteryConsoleState.load,)),
    "admin_channels": Page(channels_page, (ChannelsState.load,)),
    "admin_agents": Page(agents_page, (AgentsConsoleState.load,)),
    "admin_investigations": Page(investigations_page, (InvestigationsState.load,)),
    "admin_transfer_reviews": Page(transfer_reviews_page, (TransferReviewsState.load,)),
    "admin_support": Page(support_page, (SupportDeskState.load,)),
    "admin_applications": Page(applications_page, (ApplicationsConsoleState.load,)),
    "admin_chat": Page(chat_desk_page, (ChatDeskState.load,)),
    "admin_promotions": Page(promotions_console_page, (PromotionsConsoleState.load,)),
    "admin_vip": Page(vip_console_page, (VipConsoleState.load,)),
    "admin_games": Page(games_page, (GamesConsoleState.load,)),
}

for route in routes.ROUTES:
    page = PAGES[route.page]
    if route.console:
        public = route.path in routes.CONSOLE_PUBLIC
        first = [SiteState.load_site] if public else CONSOLE_ON_LOAD
        app.add_page(page.build, route=route.path, on_load=[*first, *page.load], title=route.title)
        continue
    gate = (AuthState.require_member,) if route.login else ()
    app.add_page(
        page.build,
        route=route.path,
        on_load=[*ON_LOAD, *gate, *page.load],
        title=route.title,
    )
# Last: the event namespace exists once pages with state are added.
keep_state_on_new_token(app)
guard_front_door(app)
guard_uploads(app)
refuse_unknown_events(app)
time_events()
bound_client_storage()
