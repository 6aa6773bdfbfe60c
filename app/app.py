"""Builds the Reflex app: the pages every module of `pages` declares (pages/registry.py), the
mounted API (/wps, /lgw, /vendor, /studio) and lifespan tasks."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import reflex as rx

from app import routes
from app.api.main import create_api
from app.core import heap, logs, metrics
from app.core.cache import close_redis
from app.core.config import get_settings
from app.core.db import dispose_engine
from app.crash_live import CrashLive
from app.event_door import refuse_unknown_events
from app.event_metrics import time_events
from app.front_door import guard_front_door, transformers
from app.jobs.crash import crash_driver
from app.jobs.scheduler import scheduler
from app.reconnect import guard_uploads, keep_state_on_new_token
from app.services import site_map
from app.services.brands import brands
from app.services.lottery import plays
from components.i18n import page_title
from pages.registry import all_pages, sitemap_paths
from state.accounts.auth import AuthState
from state.backoffice.console import ConsoleState
from state.cashier.wallet import WalletState
from state.catalogue.lobby import LobbyState
from state.client_storage import bound_client_storage
from state.content.announcements import AnnouncementState
from state.dialog import DialogState
from state.site import SiteState


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


@asynccontextmanager
async def _lottery_rtp() -> AsyncIterator[None]:
    # Which lottery plays a brand offers follows each play's exact RTP (1.5 s of CPU to work
    # out): every worker has it before it serves, not in its first visitor's request (under
    # `app.cli serve` the supervisor works it out once, before the workers fork).
    plays.rtp_table()
    yield


@asynccontextmanager
async def _settled_heap() -> AsyncIterator[None]:
    heap.freeze_startup_heap()
    yield


# Bad settings (a demo part under ENVIRONMENT=prod) stop the start here, naming what is wrong.
get_settings()
logs.configure()

app = rx.App(
    api_transformer=transformers(create_api(sitemap=sitemap_paths()), CrashLive),
    # No page shows a toast (feedback sits next to its action): Reflex's default toaster was
    # only an empty region labelled in English ("Notifications alt+T") on every page.
    toaster=None,
    head_components=[
        rx.el.script(src="/page-load.js"),
        rx.el.script(src="/scroll-lock.js"),
        rx.el.script(src="/focus-return.js"),
        rx.el.script(src="/date-field.js"),
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
app.register_lifespan_task(_lottery_rtp)
app.register_lifespan_task(scheduler)
app.register_lifespan_task(crash_driver)
app.register_lifespan_task(_settled_heap)  # last: after what the others load at start

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
# (state/backoffice/console.py), never a member's; the login and enrolment pages only the language.
CONSOLE_ON_LOAD = [SiteState.load_site, ConsoleState.gate]


for page in all_pages():
    if page.console:
        public = page.path in routes.CONSOLE_PUBLIC
        first = [SiteState.load_site] if public else CONSOLE_ON_LOAD
        app.add_page(page.build, route=page.path, on_load=[*first, *page.load], title=page.title)
        continue
    gate = (AuthState.require_member,) if page.login else ()
    app.add_page(
        page.build,
        route=page.path,
        on_load=[*ON_LOAD, *gate, *page.load],
        title=page_title(page.title),
    )
# Last: the event namespace exists once pages with state are added.
keep_state_on_new_token(app)
guard_front_door(app)
guard_uploads(app)
refuse_unknown_events(app)
time_events()
bound_client_storage()
