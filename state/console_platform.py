"""Console: platform (maintenance and region blocks per brand, scheduled jobs and runs)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

import reflex as rx

from app.core import clock
from app.core.errors import AppError
from app.jobs import JOBS
from app.services.backoffice import platform
from app.services.site_status import SiteSwitches
from state.console import (
    BrandConsolePage,
    brand_scope,
    current_staff,
    done,
    failed,
    form_text,
    text,
    ui_lang,
    word,
)
from state.guard import Form, checked


def _split(value: str) -> list[str]:
    return [part.strip() for part in value.replace(";", ",").split(",") if part.strip()][:50]


def _iso(value: datetime | None) -> str:
    return value.isoformat(timespec="seconds") if value else ""


@dataclass
class JobRunRow:
    job: str = ""
    period: str = ""  # ISO
    state: str = ""
    attempts: int = 0
    changed: str = ""  # "" until the run says how many things it changed
    error: str = ""
    finished: str = ""  # ISO, "" while unfinished


class PlatformState(BrandConsolePage, rx.State):
    maintenance: bool = False
    maintenance_until: str = ""
    maintenance_message: str = ""
    networks: list[str] = []
    countries: list[str] = []
    jobs: list[JobRunRow] = []

    def _show(self, found: SiteSwitches) -> None:
        self.maintenance = found.maintenance
        self.maintenance_until = _iso(found.maintenance_end_at)
        self.maintenance_message = found.maintenance_message or ""
        self.networks = list(found.blocked_networks)
        self.countries = list(found.blocked_countries)

    async def _refresh(self) -> Any:
        try:
            staff = await brand_scope(self)
            self._show(await platform.switches(staff, self.brand, clock.now()))
            history = (
                await platform.job_history(staff, [job.name for job in JOBS], clock.now())
                if staff.may("jobs.view")
                else []
            )
        except AppError as exc:
            return await failed(self, exc)
        lang = await ui_lang(self)
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

    async def _change(self, action: Any) -> Any:
        try:
            self._show(await action(await current_staff(self)))
        except AppError as exc:
            return await failed(self, exc)
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

    @rx.event
    @checked
    async def block(self, form: Form) -> Any:
        networks, countries = (
            _split(form_text(form, "networks")),
            _split(form_text(form, "countries")),
        )
        return await self._change(
            lambda staff: platform.block(staff, self.brand, networks, countries, clock.now())
        )

    @rx.event
    @checked
    async def unblock(self, form: Form) -> Any:
        networks, countries = (
            _split(form_text(form, "networks")),
            _split(form_text(form, "countries")),
        )
        return await self._change(
            lambda staff: platform.unblock(staff, self.brand, networks, countries, clock.now())
        )
