"""Console: payment channels per brand (limits, fee, order, on/off). The rules and the
audit are in app/services/backoffice/channels.py."""

from __future__ import annotations

from typing import Any

import reflex as rx

from app.core import clock
from app.core.errors import AppError
from app.services.backoffice import channels
from state.console import RowId, brand_scope, current_staff, done, failed, form_text
from state.guard import Form, Name, checked


def channel_cells(row: channels.ChannelView) -> dict[str, str]:
    return {
        "id": str(row.id),
        "code": row.code,
        "provider": row.provider,
        "min": str(row.min_amount),
        "max": str(row.max_amount),
        "fee_percent": str(row.fee_percent),
        "fee_fixed": str(row.fee_fixed),
        "sort": str(row.sort),
        "enabled": "1" if row.enabled else "",
    }


class ChannelsState(rx.State):
    error: str = ""
    notice: str = ""
    brand: str = ""
    brands: list[str] = []
    channels: list[dict[str, str]] = []

    async def _refresh(self) -> Any:
        try:
            staff = await brand_scope(self)
            rows = await channels.channel_list(staff, self.brand, clock.now())
        except AppError as exc:
            return await failed(self, exc)
        self.channels = [channel_cells(row) for row in rows]
        return None

    async def _done(self) -> Any:
        await done(self)
        return await self._refresh()

    @rx.event
    async def load(self) -> Any:
        self.error = self.notice = ""
        return await self._refresh()

    @rx.event
    @checked
    async def pick_brand(self, code: Name) -> Any:
        self.brand = code.strip().upper()
        self.error = self.notice = ""
        return await self._refresh()

    @rx.event
    @checked
    async def save(self, form: Form) -> Any:
        """A row's form: its channel id (hidden), limits, fee and order."""
        channel_id, sort = form_text(form, "id", 12), form_text(form, "sort", 6)
        try:
            if not channel_id.isdigit():
                raise AppError("channel-unknown", 404)
            if not sort.lstrip("-").isdigit():
                raise AppError("channel-invalid", 422, {"field": "sort"})
            change = channels.ChannelChange(
                form_text(form, "min", 24),
                form_text(form, "max", 24),
                form_text(form, "fee_percent", 24),
                form_text(form, "fee_fixed", 24),
                int(sort),
            )
            staff = await current_staff(self)
            await channels.update_channel(staff, int(channel_id), change, clock.now())
        except AppError as exc:
            return await failed(self, exc)
        return await self._done()

    @rx.event
    @checked
    async def switch(self, channel_id: RowId, enabled: bool) -> Any:
        try:
            staff = await current_staff(self)
            await channels.set_enabled(staff, channel_id, enabled, clock.now())
        except AppError as exc:
            return await failed(self, exc)
        return await self._done()
