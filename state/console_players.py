"""Console: players (search, the 360 view, lock, unlock, force logout, reset 2FA, notes,
manual balance adjustment)."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

import reflex as rx

from app.core import clock
from app.core.errors import AppError
from app.core.i18n import translate
from app.services.backoffice import players
from state.console import ConsolePage, RowId, current_staff, failed, form_text, money, ui_lang
from state.guard import Form, checked


@dataclass
class FoundPlayer:
    id: int = 0
    username: str = ""
    mobile: str = ""
    email: str = ""
    status: str = ""
    ip: str = ""


@dataclass
class PlayerProfile:
    """The 360 view's head; amounts already formatted in the console's language."""

    id: int = 0
    username: str = ""
    nickname: str = ""
    brand: str = ""
    status: str = ""
    mobile: str = ""
    email: str = ""
    ip: str = ""
    totp: str = ""  # on / off, translated
    cash: str = ""
    bonus: str = ""
    locked: str = ""
    created: str = ""  # ISO
    last_login: str = ""  # ISO, "" before the first login


@dataclass
class MovementRow:
    at: str = ""  # ISO
    kind: str = ""
    amount: str = ""
    reference: str = ""


@dataclass
class BetRow:
    at: str = ""  # ISO
    vendor: str = ""
    game: str = ""
    bet: str = ""
    win: str = ""


@dataclass
class OrderRow:
    at: str = ""  # ISO
    order: str = ""
    amount: str = ""
    status: str = ""


@dataclass
class SessionRow:
    at: str = ""  # ISO
    ip: str = ""
    device: str = ""
    live: str = ""  # on / off, translated


@dataclass
class NoteRow:
    at: str = ""  # ISO
    by: str = ""
    text: str = ""


def _iso(value: datetime) -> str:
    return value.isoformat(timespec="seconds")


def _amount(value: Decimal) -> str:
    return f"{value:.2f}"


def _orders(found: list[players.OrderLine]) -> list[OrderRow]:
    return [
        OrderRow(at=_iso(o.at), order=o.order_no, amount=_amount(o.amount), status=o.status)
        for o in found
    ]


class PlayersState(ConsolePage, rx.State):
    _member_id: int = 0
    _adjust_key: str = ""
    query: str = ""
    page: int = 1
    has_more: bool = False
    rows: list[FoundPlayer] = []
    selected: int = 0
    profile: PlayerProfile = PlayerProfile()
    movements: list[MovementRow] = []
    bets: list[BetRow] = []
    deposits: list[OrderRow] = []
    withdrawals: list[OrderRow] = []
    sessions: list[SessionRow] = []
    notes: list[NoteRow] = []

    async def _search(self) -> Any:
        try:
            found = await players.search(
                await current_staff(self), self.query, self.page, clock.now()
            )
        except AppError as exc:
            return await failed(self, exc)
        self.error = ""
        self.has_more = found.has_more
        self.rows = [
            FoundPlayer(
                id=r.id,
                username=r.username,
                mobile=r.mobile,
                email=r.email,
                status=r.status,
                ip=r.last_login_ip,
            )
            for r in found.rows
        ]
        return None

    async def _show(self) -> Any:
        try:
            found = await players.profile(await current_staff(self), self._member_id, clock.now())
        except AppError as exc:
            return await failed(self, exc)
        lang = await ui_lang(self)
        p = found.player
        self.selected = p.id
        self.profile = PlayerProfile(
            id=p.id,
            username=p.username,
            nickname=found.nickname,
            brand=found.brand_code,
            status=p.status,
            mobile=p.mobile,
            email=p.email,
            ip=p.last_login_ip,
            totp=translate("bo-on" if found.totp_enabled else "bo-off", lang),
            cash=money(found.cash, lang),
            bonus=money(found.bonus, lang),
            locked=money(found.locked, lang),
            created=_iso(p.created_at),
            last_login=_iso(found.last_login_at) if found.last_login_at else "",
        )
        self.movements = [
            MovementRow(at=_iso(m.at), kind=m.kind, amount=_amount(m.amount), reference=m.reference)
            for m in found.movements
        ]
        self.bets = [
            BetRow(
                at=_iso(b.at),
                vendor=b.vendor,
                game=b.game,
                bet=_amount(b.bet),
                win=_amount(b.win),
            )
            for b in found.bets
        ]
        self.deposits = _orders(found.deposits)
        self.withdrawals = _orders(found.withdrawals)
        self.sessions = [
            SessionRow(
                at=_iso(s.at),
                ip=s.ip,
                device=s.device,
                live=translate("bo-on" if s.live else "bo-off", lang),
            )
            for s in found.sessions
        ]
        self.notes = [NoteRow(at=_iso(n.at), by=n.by, text=n.text) for n in found.notes]
        return None

    async def _refresh(self) -> Any:
        """The list, and the player open on the page (an action changes both)."""
        searched = await self._search()
        if searched is not None or self.error or not self._member_id:
            return searched
        return await self._show()

    def _forget(self) -> None:
        self.selected = self._member_id = 0
        self.profile = PlayerProfile()
        self.page = 1

    @rx.event
    @checked
    async def search(self, form: Form) -> Any:
        self.query = form_text(form, "query", 120)
        self.page = 1
        return await self._search()

    @rx.event
    async def next_page(self) -> Any:
        if self.has_more:
            self.page += 1
        return await self._search()

    @rx.event
    async def previous_page(self) -> Any:
        self.page = max(1, self.page - 1)
        return await self._search()

    @rx.event
    @checked
    async def open(self, member_id: RowId) -> Any:
        self._member_id = member_id
        self._adjust_key = secrets.token_hex(16)
        self.error = self.notice = ""
        return await self._show()

    @rx.event
    @checked
    async def lock(self, form: Form) -> Any:
        return await self._set_locked(True, form_text(form, "reason", 200))

    @rx.event
    @checked
    async def unlock(self, form: Form) -> Any:
        return await self._set_locked(False, form_text(form, "reason", 200))

    async def _set_locked(self, locked: bool, reason: str) -> Any:
        return await self._act(
            lambda staff: players.set_locked(staff, self._member_id, locked, reason, clock.now())
        )

    @rx.event
    async def force_logout(self) -> Any:
        return await self._act(
            lambda staff: players.force_logout(staff, self._member_id, clock.now())
        )

    @rx.event
    @checked
    async def reset_2fa(self, form: Form) -> Any:
        return await self._act(
            lambda staff: players.reset_2fa(
                staff, self._member_id, form_text(form, "reason", 200), clock.now()
            )
        )

    @rx.event
    @checked
    async def add_note(self, form: Form) -> Any:
        return await self._act(
            lambda staff: players.add_note(
                staff, self._member_id, form_text(form, "note", 1000), clock.now()
            )
        )

    @rx.event
    @checked
    async def adjust(self, form: Form) -> Any:
        """One submit of the form moves money once (its key); a new form gets a new key."""
        try:
            done = await players.adjust(
                await current_staff(self),
                self._member_id,
                form_text(form, "direction", 8),
                form_text(form, "amount", 32),
                form_text(form, "reason", 200),
                self._adjust_key,
                clock.now(),
            )
        except AppError as exc:
            return await failed(self, exc)
        self._adjust_key = secrets.token_hex(16)
        return await self._read_after_action(
            "bo-waiting-approval" if done.approval_id else "bo-done"
        )
