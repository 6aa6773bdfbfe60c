"""Console: the brand's VIP ladder (each level's thresholds and benefits) and its loyalty
settings. The rules and the audit are in app/services/backoffice/vip.py."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

import reflex as rx

from app import routes
from app.core import clock
from app.core.errors import AppError
from app.core.i18n.formatting import format_amount, typed_decimal
from app.services.backoffice import vip as vip_console
from app.services.loyalty.vip import Level, Settings
from state.backoffice.console import (
    BrandConsolePage,
    MenuItem,
    brand_scope,
    current_staff,
    done,
    failed,
)
from state.guard import ARGS, STAFF, Form, Index, checked
from state.rows import row_of
from state.site import ui_lang


@dataclass
class LevelFields:
    """A level as the list and the form show it: amounts and rates as stored ("12.50"), so
    the form gives back what it was given."""

    level: int = 0
    name: str = ""
    bet_threshold: str = ""
    deposit_threshold: str = ""
    retain_bet: str = ""
    rebate_boost: str = ""
    withdraw_max: str = ""
    withdraw_daily_count: int = 0
    level_up_bonus: str = ""
    member_day_bonus: str = ""
    sunday_best_bonus: str = ""
    slots_rate: str = ""
    slots_cap: str = ""


@dataclass
class SettingsFields:
    window_days: int = 0
    rebate_mode: str = ""
    rebate_claim: str = ""
    member_day: int = 0
    weekly_min_bet: str = ""
    monthly_min_bet: str = ""


# A level's amounts and rates, as its form's fields give them back.
TYPED_FIGURES = (
    "bet_threshold", "deposit_threshold", "retain_bet", "rebate_boost", "withdraw_max",
    "level_up_bonus", "member_day_bonus", "sunday_best_bonus", "slots_rate", "slots_cap",
)  # fmt: skip


def _typed(level: Level, lang: str) -> dict[str, str]:
    return {name: typed_decimal(getattr(level, name), lang) for name in TYPED_FIGURES}


def level_fields(level: Level, lang: str) -> LevelFields:
    """A level as its form offers it for editing, in the reader's decimal mark."""
    return row_of(LevelFields, level, **_typed(level, lang))


# The ladder table's figures, in the reader's numbers (grouped, as people read them).
SHOWN_FIGURES = (
    "bet_threshold", "deposit_threshold", "rebate_boost", "withdraw_max", "level_up_bonus",
)  # fmt: skip


def shown_level(level: Level, lang: str) -> LevelFields:
    """A level as the ladder table shows it: its figures as the reader writes numbers."""
    shown = {name: format_amount(getattr(level, name), lang) for name in SHOWN_FIGURES}
    return row_of(LevelFields, level, **(_typed(level, lang) | shown))


def settings_fields(settings: Settings, lang: str) -> SettingsFields:
    return SettingsFields(
        window_days=settings.window_days,
        rebate_mode=str(settings.rebate_mode),
        rebate_claim=str(settings.rebate_claim),
        member_day=settings.member_day,
        weekly_min_bet=typed_decimal(settings.weekly_min_bet, lang),
        monthly_min_bet=typed_decimal(settings.monthly_min_bet, lang),
    )


class VipConsoleState(BrandConsolePage, rx.State):
    levels: list[LevelFields] = []
    shown: list[LevelFields] = []  # the levels as the table shows them
    draft: LevelFields = LevelFields()  # the level form's values
    settings: SettingsFields = SettingsFields()
    form_key: int = 0  # a new key remounts the forms with the values above

    async def _show(self, ladder: vip_console.Ladder, editing: int) -> None:
        lang = await ui_lang(self)
        self.levels = [level_fields(level, lang) for level in ladder.levels]
        self.shown = [shown_level(level, lang) for level in ladder.levels]
        self.draft = level_fields(ladder.levels[min(editing, len(ladder.levels) - 1)], lang)
        self.settings = settings_fields(ladder.settings, lang)
        self.form_key += 1

    async def _refresh(self, editing: int = 0) -> Any:
        try:
            staff = await brand_scope(self)
            ladder = await vip_console.ladder(staff, self.brand, clock.now())
        except AppError as exc:
            self.levels = self.shown = []
            return await failed(self, exc)
        await self._show(ladder, editing)
        return None

    async def _saved(self, ladder: vip_console.Ladder, editing: int) -> None:
        await self._show(ladder, editing)
        await done(self)

    def _put_in_form(self, draft: LevelFields) -> None:
        """The level form shows `draft` (remounted with it); the last action's lines go."""
        self.draft = draft
        self.form_key += 1
        self.error = self.notice = ""

    @rx.event
    @checked
    def edit(self, level: Index) -> None:
        """Put a listed level into the form (the list was read with the permission check)."""
        if level < len(self.levels):
            self._put_in_form(dataclasses.replace(self.levels[level]))

    @rx.event
    def add_level(self) -> None:
        """The form for a new level on top, starting from the top level's figures."""
        if self.levels:
            top = len(self.levels)
            self._put_in_form(dataclasses.replace(self.levels[-1], level=top, name=f"VIP{top}"))

    @rx.event
    @checked
    async def save_level(self, form: Form) -> Any:
        staff = await current_staff(self)
        level = vip_console.level_from_form(form)
        ladder = await vip_console.save_level(staff, self.brand, level, clock.now())
        await self._saved(ladder, level.level)
        return None

    @rx.event
    async def remove_top_level(self) -> Any:
        staff = await current_staff(self)
        ladder = await vip_console.remove_top_level(staff, self.brand, clock.now())
        await self._saved(ladder, 0)
        return None

    @rx.event
    @checked
    async def save_settings(self, form: Form) -> Any:
        staff = await current_staff(self)
        settings = vip_console.settings_from_form(form)
        ladder = await vip_console.save_settings(staff, self.brand, settings, clock.now())
        await self._saved(ladder, self.draft.level)
        return None


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "VipConsoleState.load": STAFF,
    "VipConsoleState.pick_brand": f"{ARGS}; {STAFF}",
    "VipConsoleState.edit": f"{ARGS}; a row already read with {STAFF}",
    "VipConsoleState.add_level": "the form's values only",
    "VipConsoleState.save_level": f"{ARGS}; {STAFF}",
    "VipConsoleState.remove_top_level": STAFF,
    "VipConsoleState.save_settings": f"{ARGS}; {STAFF}",
}


# Its entry in the console's menu (components/backoffice/console.py orders them by place).
CONSOLE_MENU = (MenuItem(routes.ADMIN_VIP, "bo-vip", "vip.view", place=200),)
