"""What the site's list screens share: one page at a time, and on record screens a date
range."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import reflex as rx

from app.services import records
from state.guard import Name, Page, checked


def page_count(total: int, page_size: int) -> int:
    """How many pages `total` items fill, at least one (an empty list is one empty page)."""
    return max(1, -(-total // max(page_size, 1)))


class Paging(rx.State, mixin=True):
    """A list shown one page at a time: `go` turns the page, the state's `_query` reads it."""

    page: int = 1
    pages: int = 1

    if TYPE_CHECKING:  # each state writes its own, for its own list

        async def _query(self) -> Any: ...

    def _count_pages(self, total: int, page_size: int) -> None:
        self.pages = page_count(total, page_size)

    async def _first_page(self) -> Any:
        self.page = 1
        return await self._query()

    @rx.event
    @checked
    async def go(self, page: Page) -> Any:
        self.page = min(max(1, page), self.pages)
        return await self._query()


class DateRange(rx.State, mixin=True):
    """A record screen's date range (7 or 30 days ...), read again by the screen's `_query`
    from its start (`_from_start`)."""

    range_name: str = "7d"

    if TYPE_CHECKING:  # each state writes its own, for its own figures

        async def _query(self) -> Any: ...

    async def _from_start(self) -> Any:
        return await self._query()

    @rx.event
    async def load(self) -> Any:
        """The screen opens on its start."""
        return await self._from_start()

    @rx.event
    @checked
    async def set_range(self, value: Name) -> None:
        self.range_name = value if value in records.RANGES else "7d"
        await self._from_start()


class RangePaging(DateRange, Paging, mixin=True):
    """A record screen's range and page: a new range (or the page load) starts at page one."""

    async def _from_start(self) -> Any:
        return await self._first_page()
