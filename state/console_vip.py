"""Console: the brand's VIP ladder (each level's thresholds and benefits) and its loyalty
settings. The rules and the audit are in app/services/backoffice/vip.py."""

from __future__ import annotations

import dataclasses
from typing import Any

import reflex as rx

from app.core import clock
from app.core.errors import AppError
from app.services.backoffice import vip as vip_console
from app.services.loyalty.vip import Level, Settings
from state.console import BrandConsolePage, brand_scope, current_staff, done, failed
from state.guard import Form, Index, checked


def _fields(item: Level | Settings) -> dict[str, str]:
    return {name: str(value) for name, value in dataclasses.asdict(item).items()}


class VipConsoleState(BrandConsolePage, rx.State):
    levels: list[dict[str, str]] = []
    draft: dict[str, str] = {}  # the level form's values
    settings: dict[str, str] = {}
    form_key: int = 0  # a new key remounts the forms with the values above

    def _show(self, ladder: vip_console.Ladder, editing: int) -> None:
        self.levels = [_fields(level) for level in ladder.levels]
        self.draft = _fields(ladder.levels[min(editing, len(ladder.levels) - 1)])
        self.settings = _fields(ladder.settings)
        self.form_key += 1

    async def _refresh(self, editing: int = 0) -> Any:
        try:
            staff = await brand_scope(self)
            ladder = await vip_console.ladder(staff, self.brand, clock.now())
        except AppError as exc:
            self.levels = []
            return await failed(self, exc)
        self._show(ladder, editing)
        return None

    async def _saved(self, ladder: vip_console.Ladder, editing: int) -> None:
        self._show(ladder, editing)
        await done(self)

    @rx.event
    @checked
    def edit(self, level: Index) -> None:
        """Put a listed level into the form (the list was read with the permission check)."""
        if level < len(self.levels):
            self.draft = dict(self.levels[level])
            self.form_key += 1
            self.error = self.notice = ""

    @rx.event
    def add_level(self) -> None:
        """The form for a new level on top, starting from the top level's figures."""
        if self.levels:
            self.draft = {
                **self.levels[-1],
                "level": str(len(self.levels)),
                "name": f"VIP{len(self.levels)}",
            }
            self.form_key += 1
            self.error = self.notice = ""

    @rx.event
    @checked
    async def save_level(self, form: Form) -> Any:
        try:
            staff = await current_staff(self)
            level = vip_console.level_from_form(form)
            ladder = await vip_console.save_level(staff, self.brand, level, clock.now())
        except AppError as exc:
            return await failed(self, exc)
        await self._saved(ladder, level.level)
        return None

    @rx.event
    async def remove_top_level(self) -> Any:
        try:
            staff = await current_staff(self)
            ladder = await vip_console.remove_top_level(staff, self.brand, clock.now())
        except AppError as exc:
            return await failed(self, exc)
        await self._saved(ladder, 0)
        return None

    @rx.event
    @checked
    async def save_settings(self, form: Form) -> Any:
        try:
            staff = await current_staff(self)
            settings = vip_console.settings_from_form(form)
            ladder = await vip_console.save_settings(staff, self.brand, settings, clock.now())
        except AppError as exc:
            return await failed(self, exc)
        await self._saved(ladder, int(self.draft.get("level", "0") or 0))
        return None
