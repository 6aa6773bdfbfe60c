"""Builds the Reflex app: pages, the mounted API (/wps, /lgw, /vendor) and lifespan tasks."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import reflex as rx

from app import routes
from app.api.main import create_api
from app.core.cache import close_redis
from app.core.db import dispose_engine
from app.front_door import guard_front_door, transformers
from app.jobs.scheduler import scheduler
from app.reconnect import guard_uploads, keep_state_on_new_token
from pages.account import (
    agent_home_page,
    login_page,
    register_page,
    reset_password_page,
    security_center_page,
)
from pages.betting import betting_page, profit_page
from pages.bonus import bonus_page
from pages.cashier import deposit_page, sandbox_page
from pages.download import download_page
from pages.games import game_list_page
from pages.help import help_page
from pages.home import home
from pages.my_games import favorites_page, recent_page
from pages.not_found import not_found_page
from pages.play import play_page, verify_page
from pages.promotions import promotions_page
from pages.records import records_page
from pages.transfer import transfer_page
from pages.withdraw import withdraw_page
from state.auth import AuthState
from state.betting import BettingState, ProfitState
from state.bonus import BonusState
from state.cashier import CashierState, SandboxState
from state.download import DownloadState
from state.help import HelpState
from state.lobby import LIST_PATHS, LOTTERY_PATHS, LobbyState
from state.my_games import MyGamesState
from state.play import PlayState, VerifyState
from state.records import RecordsState
from state.register import RegisterState
from state.security import SecurityState
from state.site import SiteState
from state.transfer import TransferState
from state.wallet import WalletState
from state.withdraw import WithdrawState


@asynccontextmanager
async def _close_connections() -> AsyncIterator[None]:
    yield
    await dispose_engine()
    await close_redis()


app = rx.App(
    api_transformer=transformers(create_api()),
    head_components=[
        rx.el.script(src="/scroll-lock.js"),
        rx.el.script(src="/bot-check.js"),
    ],
    stylesheets=["/home.css"],
    theme=None,
)
app.register_lifespan_task(_close_connections)
app.register_lifespan_task(scheduler)

# Every page loads the brand and status, restores the session, the balance and the menus.
ON_LOAD = [SiteState.load_site, AuthState.restore, WalletState.refresh, LobbyState.load_menu]

for route in (routes.HOME, *routes.HOME_ALIASES):
    app.add_page(
        home,
        route=route,
        on_load=[*ON_LOAD, LobbyState.load_home],
        title="Home",
    )
for path in LIST_PATHS:
    # Spec 2: the lottery pages need a logged-in member.
    guard = [AuthState.require_login] if path in LOTTERY_PATHS else []
    app.add_page(
        game_list_page, route=path, on_load=[*ON_LOAD, *guard, LobbyState.load_list], title="Games"
    )
app.add_page(
    login_page, route=routes.LOGIN, on_load=[*ON_LOAD, AuthState.open_login_page], title="Login"
)
app.add_page(
    register_page,
    route=routes.REGISTER,
    on_load=[*ON_LOAD, RegisterState.open_page],
    title="Register",
)
for route in (routes.HELP, routes.HELP_MC):
    app.add_page(help_page, route=route, on_load=[*ON_LOAD, HelpState.load], title="Help")
app.add_page(
    download_page, route=routes.DOWNLOAD, on_load=[*ON_LOAD, DownloadState.load], title="Download"
)
app.add_page(promotions_page, route=routes.PROMOTIONS, on_load=ON_LOAD, title="Promotions")
app.add_page(
    security_center_page,
    route=routes.SECURITY_CENTER,
    on_load=[*ON_LOAD, AuthState.require_login, SecurityState.load],
    title="Security",
)
app.add_page(
    reset_password_page, route=routes.RESET_PASSWORD, on_load=ON_LOAD, title="Reset password"
)
app.add_page(agent_home_page, route=routes.AGENT_HOME, on_load=ON_LOAD, title="Agent")
app.add_page(
    deposit_page,
    route=routes.DEPOSIT,
    on_load=[*ON_LOAD, AuthState.require_login, CashierState.load],
    title="Deposit",
)
app.add_page(
    sandbox_page,
    route=routes.SANDBOX_PAY,
    on_load=[*ON_LOAD, SandboxState.load],
    title="Sandbox payment",
)
app.add_page(
    records_page,
    route=routes.TRANSACTION_HISTORY,
    on_load=[*ON_LOAD, AuthState.require_login, RecordsState.load],
    title="Account record",
)
app.add_page(
    betting_page,
    route=routes.BETTING_RECORD,
    on_load=[*ON_LOAD, AuthState.require_login, BettingState.load],
    title="Betting record",
)
app.add_page(
    profit_page,
    route=routes.PROFIT_AND_LOSS,
    on_load=[*ON_LOAD, AuthState.require_login, ProfitState.load],
    title="Profit and loss",
)
app.add_page(
    withdraw_page,
    route=routes.WITHDRAW,
    on_load=[*ON_LOAD, AuthState.require_login, WithdrawState.load],
    title="Withdraw",
)
app.add_page(
    verify_page,
    route=routes.PLAY_VERIFY,
    on_load=[*ON_LOAD, VerifyState.load],
    title="Verify a round",
)
app.add_page(play_page, route=routes.PLAY, on_load=[*ON_LOAD, PlayState.load], title="Play")
app.add_page(
    transfer_page,
    route=routes.TRANSFER_FUND,
    on_load=[*ON_LOAD, AuthState.require_login, TransferState.load],
    title="Wallet",
)
app.add_page(
    bonus_page,
    route=routes.BONUS_DETAILS,
    on_load=[*ON_LOAD, AuthState.require_login, BonusState.load],
    title="Bonus details",
)
app.add_page(
    favorites_page,
    route=routes.FAVORITES,
    on_load=[*ON_LOAD, MyGamesState.gate],
    title="Favourites",
)
app.add_page(
    recent_page, route=routes.MY_GAMES, on_load=[*ON_LOAD, MyGamesState.gate], title="My games"
)
app.add_page(not_found_page, route="404", on_load=ON_LOAD, title="Not found")
# Last: the event namespace exists once pages with state are added.
keep_state_on_new_token(app)
guard_front_door(app)
guard_uploads(app)
