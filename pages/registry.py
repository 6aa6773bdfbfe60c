"""The page manifests (app/core/manifests.py): each module of `pages` declares the pages it
adds in its own `PAGES` tuple (path, builder, title, loaders, login), and app/app.py registers
exactly what the modules declare. Adding a page is a builder and one `Page(...)` line in its own
module; no hub file.

    # pages/content/download.py
    PAGES = (Page(routes.DOWNLOAD, download_page, "Download", load=(DownloadState.load,)),)

A path other modules link to is a constant in app/routes.py; a page nobody links to may name
its path where it declares it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import reflex as rx
from reflex.event import EventType

from app.core.manifests import declared


@dataclass(frozen=True)
class Page:
    path: str
    build: Callable[[], rx.Component]
    title: str
    load: tuple[EventType[()], ...] = ()  # after the site's loaders (and the login gate)
    login: bool = False  # guests go to /login, trial users get the register-first dialog
    indexed: bool = True  # listed in /sitemap.xml (when public and not parametrised)
    console: bool = False  # a back-office page: no member loaders; staff login required


@cache
def all_pages() -> tuple[Page, ...]:
    """Every page the modules of `pages` declare, modules in name order."""
    import pages

    return tuple(declared(pages, "PAGES"))


def sitemap_paths() -> list[str]:
    """The pages a search engine may list: public, not parametrised, one path per page."""
    return [
        page.path
        for page in all_pages()
        if page.indexed and not page.login and not page.console and "[" not in page.path
    ]
