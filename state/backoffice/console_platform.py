"""Console: platform (maintenance, region blocks, module switches and registration fields per
brand, scheduled jobs and runs)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import reflex as rx

from app import routes
from app.core import clock
from app.core.i18n import translate
from app.jobs import all_jobs
from app.services import register_settings
from app.services.backoffice import platform
from app.services.backoffice.staff import Staff
from app.services.register_settings import FieldSetting, ModuleSetting
from app.services.site_status import SiteSwitches
from state.backoffice.console import (
    BrandConsolePage,
    MenuItem,
    brand_scope,
    current_staff,
    done,
    form_text,
    iso,
    said,
    ui_lang,
    word,
)
from state.guard import ARGS, STAFF, Form, Name, checked
from state.rows import text

# platform.block and platform.unblock: the same form's lists, opposite changes.
BlockListChange = Callable[[Staff, str, list[str], list[str], datetime], Awaitable[SiteSwitches]]


def _split(value: str) -> list[str]:
    return [part.strip() for part in value.replace(";", ",").split(",") if part.strip()][:50]


def _iso(value: datetime | None) -> str:
    return iso(value) if value else ""


@dataclass
class JobRunRow:
    job: str = ""
    period: str = ""  # ISO
    state: str = ""
    attempts: int = 0
    changed: str = ""  # "" until the run says how many things it changed
    error: str = ""
    finished: str = ""  # ISO, "" while unfinished


@dataclass
class ModuleRow:
    mod_id: str = ""
    name: str = ""
    parent: str = ""
    state: str = ""  # on, off, or off because a parent is off (in words)
    enabled: bool = False  # its own switch


@dataclass
class FieldRow:
    field: str = ""
    label: str = ""
    shown: str = ""
    required: str = ""
    length: str = ""
    pattern: str = ""
    accepted: str = ""
    hint: str = ""


@dataclass
class FieldDraft:
    """The field form's values: the picked field as stored."""

    field: str = ""
    shown: bool = False
    required: bool = False
    min_length: str = ""
    max_length: str = ""
    pattern_id: str = ""
    accepted: str = ""
    hint: str = ""


def field_label(name: str, lang: str) -> str:
    return said(f"reg.{name}", said(f"bo-regfield-{name}", name, lang), lang)


def _module_row(found: ModuleSetting, lang: str) -> ModuleRow:
    state = "on" if found.on else ("off" if not found.enabled else "parent-off")
    return ModuleRow(
        found.mod_id,
        said(f"bo.module.{found.mod_id}", found.name, lang),  # a module the catalog names
        found.parent or "",
        translate(f"bo-module-{state}", lang),
        found.enabled,
    )


def _field_row(found: FieldSetting, lang: str) -> FieldRow:
    return FieldRow(
        field=found.name,
        label=field_label(found.name, lang),
        shown=translate("bo-yes" if found.enabled else "bo-no", lang),
        required=translate("bo-yes" if found.required else "bo-no", lang),
        length=f"{text(found.min_length)}–{text(found.max_length)}",
        pattern=text(found.pattern_id),
        accepted=found.accepted_pattern or "",
        hint=found.hint or "",
    )


class PlatformState(BrandConsolePage, rx.State):
    maintenance: bool = False
    maintenance_until: str = ""
    maintenance_message: str = ""
    networks: list[str] = []
    countries: list[str] = []
    jobs: list[JobRunRow] = []
    modules: list[ModuleRow] = []
    fields: list[FieldRow] = []
    field_names: list[str] = list(register_settings.FIELDS)
    field_draft: FieldDraft = FieldDraft()
    _stored_fields: dict[str, FieldDraft] = {}

    def _show(self, found: SiteSwitches) -> None:
        self.maintenance = found.maintenance
        self.maintenance_until = _iso(found.maintenance_end_at)
        self.maintenance_message = found.maintenance_message or ""
        self.networks = list(found.blocked_networks)
        self.countries = list(found.blocked_countries)

    async def _refresh(self) -> Any:
        staff = await brand_scope(self)
        self._show(await platform.switches(staff, self.brand, clock.now()))
        modules = await platform.modules(staff, self.brand, clock.now())
        fields = await platform.register_fields(staff, self.brand, clock.now())
        history = (
            await platform.job_history(staff, [job.name for job in all_jobs()], clock.now())
            if staff.may("jobs.view")
            else []
        )
        lang = await ui_lang(self)
        self._list(modules, fields, lang)
        self.jobs = [
            JobRunRow(
                job=h.job,
                period=_iso(run.period),
                state=word("job", str(run.state), lang),
                attempts=run.attempts,
                changed=text(run.changed),
                error=run.error or "",
                finished=_iso(run.finished_at),
            )
            for h in history
            for run in h.runs[:10]
        ]
        return None

    def _list(self, modules: list[ModuleSetting], fields: list[FieldSetting], lang: str) -> None:
        self.modules = [_module_row(m, lang) for m in modules]
        self.fields = [_field_row(f, lang) for f in fields]
        self._stored_fields = {
            f.name: FieldDraft(
                field=f.name,
                shown=f.enabled,
                required=f.required,
                min_length=text(f.min_length),
                max_length=text(f.max_length),
                pattern_id=text(f.pattern_id),
                accepted=f.accepted_pattern or "",
                hint=f.hint or "",
            )
            for f in fields
        }
        name = self.field_draft.field
        if name:
            self.field_draft = self._stored_fields.get(name, FieldDraft(field=name))

    async def _change(self, action: Any) -> Any:
        self._show(await action(await current_staff(self)))
        await done(self)
        return None

    @rx.event
    @checked
    async def start_maintenance(self, form: Form) -> Any:
        message = form_text(form, "message", 500) or None
        return await self._change(
            lambda staff: platform.start_maintenance(staff, self.brand, message, None, clock.now())
        )

    @rx.event
    async def back_to_normal(self) -> Any:
        return await self._change(
            lambda staff: platform.back_to_normal(staff, self.brand, clock.now())
        )

    async def _change_block_lists(self, change: BlockListChange, form: Form) -> Any:
        networks, countries = (
            _split(form_text(form, "networks")),
            _split(form_text(form, "countries")),
        )
        return await self._change(
            lambda staff: change(staff, self.brand, networks, countries, clock.now())
        )

    @rx.event
    @checked
    async def block(self, form: Form) -> Any:
        return await self._change_block_lists(platform.block, form)

    @rx.event
    @checked
    async def unblock(self, form: Form) -> Any:
        return await self._change_block_lists(platform.unblock, form)

    @rx.event
    @checked
    async def switch_module(self, mod_id: Name, enabled: bool) -> Any:
        staff = await current_staff(self)
        modules = await platform.set_module(staff, self.brand, mod_id, enabled, clock.now())
        fields = await platform.register_fields(staff, self.brand, clock.now())
        self._list(modules, fields, await ui_lang(self))
        await done(self)
        return None

    @rx.event
    @checked
    def pick_field(self, name: Name) -> None:
        """Fill the field form with the picked field's stored setting (a new one: empty)."""
        if name in register_settings.FIELDS:
            self.field_draft = self._stored_fields.get(name, FieldDraft(field=name))

    @rx.event
    @checked
    async def save_field(self, form: Form) -> Any:
        setting = register_settings.setting_from_form(form)
        staff = await current_staff(self)
        fields = await platform.set_register_field(staff, self.brand, setting, clock.now())
        modules = await platform.modules(staff, self.brand, clock.now())
        self.field_draft = FieldDraft(field=setting.name)
        self._list(modules, fields, await ui_lang(self))
        await done(self)
        return None


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "PlatformState.load": STAFF,
    "PlatformState.pick_brand": f"{ARGS}; {STAFF}",
    "PlatformState.start_maintenance": f"{ARGS}; {STAFF}",
    "PlatformState.back_to_normal": STAFF,
    "PlatformState.block": f"{ARGS}; {STAFF}",
    "PlatformState.unblock": f"{ARGS}; {STAFF}",
    "PlatformState.switch_module": f"{ARGS}; {STAFF}",
    "PlatformState.pick_field": f"{ARGS}; the form's shape only",
    "PlatformState.save_field": f"{ARGS}; {STAFF}",
}


# Its entry in the console's menu (components/backoffice/console.py orders them by place).
CONSOLE_MENU = (MenuItem(routes.ADMIN_PLATFORM, "bo-platform", "platform.view", place=40),)
