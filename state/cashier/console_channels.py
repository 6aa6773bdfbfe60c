"""Console: payment channels per brand (limits, fee, order, on/off). The rules and the
audit are in app/services/backoffice/channels.py."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import reflex as rx

from app import routes
from app.core import clock
from app.core.errors import AppError
from app.core.i18n.formatting import typed_decimal
from app.services.backoffice import channels
from state.backoffice import console
from state.guard import ARGS, STAFF, Form, checked
from state.rows import row_of
from state.site import ui_lang


@dataclass
class ChannelLine:
    """A channel and what its form starts from (amounts as the decimal text the fields show)."""

    id: int = 0
    code: str = ""
    provider: str = ""
    min: str = ""
    max: str = ""
    fee_percent: str = ""
    fee_fixed: str = ""
    sort: int = 0
    enabled: bool = False


def channel_line(row: channels.ChannelView, lang: str) -> ChannelLine:
    """A channel as its row's form offers it for editing, in the reader's decimal mark."""
    return row_of(
        ChannelLine,
        row,
        min=typed_decimal(row.min_amount, lang),
        max=typed_decimal(row.max_amount, lang),
        fee_percent=typed_decimal(row.fee_percent, lang),
        fee_fixed=typed_decimal(row.fee_fixed, lang),
    )


class ChannelsState(console.BrandConsolePage, rx.State):
    channels: list[ChannelLine] = []

    async def _refresh(self) -> Any:
        staff = await console.brand_scope(self)
        rows = await channels.channel_list(staff, self.brand, clock.now())
        lang = await ui_lang(self)
        self.channels = [channel_line(row, lang) for row in rows]
        return None

    @rx.event
    @checked
    async def save(self, form: Form) -> Any:
        """A row's form: its channel id (hidden), limits, fee and order."""
        channel_id = console.form_id(form, "id", "channel-unknown")
        sort = console.form_text(form, "sort", 6)
        if not sort.lstrip("-").isdigit():
            raise AppError("channel-invalid", 422, {"field": "sort"})
        change = channels.ChannelChange(
            console.form_text(form, "min", 24),
            console.form_text(form, "max", 24),
            console.form_text(form, "fee_percent", 24),
            console.form_text(form, "fee_fixed", 24),
            int(sort),
        )
        changed = await channels.update_channel(
            await console.current_staff(self),
            channel_id,
            change,
            clock.now(),
            console.form_text(form, "reason", 200),
        )
        return await self._read_after_action(
            "bo-waiting-approval" if changed.approval_id else "bo-done"
        )

    @rx.event
    @checked
    async def switch(self, channel_id: console.RowId, enabled: bool) -> Any:
        return await self._act(
            lambda staff: channels.set_enabled(staff, channel_id, enabled, clock.now())
        )


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "ChannelsState.load": STAFF,
    "ChannelsState.pick_brand": f"{ARGS}; {STAFF}",
    "ChannelsState.save": f"{ARGS}; {STAFF}; amounts by the money parser",
    "ChannelsState.switch": f"{ARGS}; {STAFF}",
}


# Its entry in the console's menu (components/backoffice/console.py orders them by place).
CONSOLE_MENU = (console.MenuItem(routes.ADMIN_CHANNELS, "bo-channels", "channels.view", place=120),)
