"""Builds the Reflex app: pages (from the registry app.routes.ROUTES), the mounted API (/wps,
/lgw, /vendor, /studio) and lifespan tasks."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass

import reflex as rx
from reflex.event import EventType

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
from state.lobby import LobbyState
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


@dataclass(frozen=True)
class Page:
    build: Callable[[], rx.Component]
    load: tuple[EventType[()], ...] = ()  # after ON_LOAD (and the login gate of app.routes)


# The builder and loaders of every page key of app.routes.ROUTES.
PAGES: dict[str, Page] = {
    "home": Page(home, (LobbyState.load_home,)),
    "game_list": Page(game_list_page, (LobbyState.load_list,)),
    "login": Page(login_page, (AuthState.open_login_page,)),
    "register": Page(register_page, (RegisterState.open_page,)),
    "help": Page(help_page, (HelpState.load,)),
    "download": Page(download_page, (DownloadState.load,)),
    "promotions": Page(promotions_page),
    "security_center": Page(security_center_page, (SecurityState.load,)),
    "reset_password": Page(reset_password_page),
    "agent_home": Page(agent_home_page),
    "deposit": Page(deposit_page, (CashierState.load,)),
    "sandbox_pay": Page(sandbox_page, (SandboxState.load,)),
    "records": Page(records_page, (RecordsState.load,)),
    "betting": Page(betting_page, (BettingState.load,)),
    "profit": Page(profit_page, (ProfitState.load,)),
    "withdraw": Page(withdraw_page, (WithdrawState.load,)),
    "verify": Page(verify_page, (VerifyState.load,)),
    "play": Page(play_page, (PlayState.load,)),
    "transfer": Page(transfer_page, (TransferState.load,)),
    "bonus": Page(bonus_page, (BonusState.load,)),
    "favorites": Page(favorites_page, (MyGamesState.gate,)),
    "my_games": Page(recent_page, (MyGamesState.gate,)),
    "not_found": Page(not_found_page),
}

for route in routes.ROUTES:
    page = PAGES[route.page]
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
