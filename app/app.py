"""Builds the Reflex app: pages, the mounted API (/wps, /lgw, /vendor) and lifespan tasks."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import reflex as rx

from app import routes
from app.api.main import create_api
from app.core.cache import close_redis
from app.core.db import dispose_engine
from pages.download import download_page
from pages.help import help_page
from pages.home import home
from pages.not_found import not_found_page
from pages.promotions import promotions_page
from state.download import DownloadState
from state.help import HelpState
from state.site import SiteState


@asynccontextmanager
async def _close_connections() -> AsyncIterator[None]:
    yield
    await dispose_engine()
    await close_redis()


app = rx.App(
    api_transformer=create_api(),
    head_components=[rx.el.script(src="/scroll-lock.js")],
    theme=None,
)
app.register_lifespan_task(_close_connections)

for route in (routes.HOME, *routes.HOME_ALIASES):
    app.add_page(home, route=route, on_load=SiteState.load_site, title="Home")
app.add_page(
    help_page,
    route=routes.HELP,
    on_load=[SiteState.load_site, HelpState.load],
    title="Help",
)
app.add_page(
    help_page,
    route=routes.HELP_MC,
    on_load=[SiteState.load_site, HelpState.load],
    title="Help",
)
app.add_page(
    download_page,
    route=routes.DOWNLOAD,
    on_load=[SiteState.load_site, DownloadState.load],
    title="Download",
)
app.add_page(
    promotions_page, route=routes.PROMOTIONS, on_load=SiteState.load_site, title="Promotions"
)
app.add_page(not_found_page, route="404", on_load=SiteState.load_site, title="Not found")
