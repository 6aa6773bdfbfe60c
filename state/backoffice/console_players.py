"""Console: players (search, the 360 view, lock, unlock, force logout, reset 2FA, notes,
manual balance adjustment)."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import reflex as rx

from app import routes
from app.core import clock
from app.core.csv_text import csv_text
from app.core.i18n import translate
from app.core.i18n.formatting import format_day
from app.services.backoffice import player360, players
from app.services.brands import Money, brands
from state.backoffice.console import (
    MenuItem,
    PagedConsolePage,
    RowId,
    current_staff,
    form_text,
    iso,
    money_of,
    ui_lang,
    word,
)
from state.guard import ARGS, STAFF, Form, checked
from state.rows import row_of


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


@dataclass
class IdentityView:
    """The 360 view's identity block, in words; the CPF masked until revealed."""

    cpf: str = ""
    revealed: bool = False
    name: str = ""
    kyc: str = ""
    kyc_code: str = ""
    birth_date: str = ""  # in the locale's format
    documents: int = 0


@dataclass
class LimitRow:
    kind: str = ""
    period: str = ""
    value: str = ""
    used: str = ""
    pending: str = ""


@dataclass
class BonusRow:
    amount: str = ""
    wagering: str = ""  # "wagered / required"
    status: str = ""
    expires: str = ""  # ISO


@dataclass
class TimelineRow:
    at: str = ""  # ISO
    kind: str = ""  # money, bet, login, staff (in words)
    what: str = ""
    amount: str = ""
    by: str = ""


def _orders(
    found: list[players.OrderLine], group: str, lang: str, written: Money
) -> list[OrderRow]:
    return [
        OrderRow(
            at=iso(o.at),
            order=o.order_no,
            amount=money_of(o.amount, lang, written),
            status=word(group, o.status, lang),
        )
        for o in found
    ]


def _limit_value(kind: str, value: Decimal | None, lang: str, written: Money) -> str:
    if value is None:
        return translate("bo.360.no-limit", lang)
    if kind in ("BETS", "TIME"):
        return str(int(value))
    return money_of(value, lang, written)


def _risk_text(flag: player360.RiskFlag, lang: str) -> str:
    return translate(f"bo.risk.{flag.code}", lang, count=flag.count)


def _event_text(event: player360.Event, lang: str) -> str:
    """What happened, in words: the movement's kind, the game, the device, the action."""
    if event.kind == "money":
        return f"{word('movement', event.code, lang)} · {event.text}".rstrip(" ·")
    if event.kind == "bet":
        return f"{event.code} ({event.text})"
    if event.kind == "login":
        return translate("bo.360.login-from", lang, device=event.code, ip=event.text)
    said = word("action", event.code, lang)
    return f"{said}: {event.text}" if event.text else said


# The players list's columns (a row's field, its heading's catalog key), on the page and in
# its CSV.
LIST_COLUMNS = (
    ("id", "bo-col-id"),
    ("username", "bo-username"),
    ("mobile", "bo-col-mobile"),
    ("email", "bo-col-email"),
    ("status", "bo-status"),
    ("ip", "bo-col-ip"),
)


class PlayersState(PagedConsolePage, rx.State):
    _member_id: int = 0
    _adjust_key: str = ""
    query: str = ""
    has_more: bool = False  # the search tells no page count, only whether more follow
    rows: list[FoundPlayer] = []
    selected: int = 0
    profile: PlayerProfile = PlayerProfile()
    movements: list[MovementRow] = []
    bets: list[BetRow] = []
    deposits: list[OrderRow] = []
    withdrawals: list[OrderRow] = []
    sessions: list[SessionRow] = []
    notes: list[NoteRow] = []
    identity: IdentityView = IdentityView()
    document_urls: list[str] = []
    limits: list[LimitRow] = []
    exclusion: str = ""
    vip: str = ""
    bonuses: list[BonusRow] = []
    agent_line: str = ""
    risk: list[str] = []
    timeline: list[TimelineRow] = []

    async def _search(self) -> Any:
        found = await players.search(await current_staff(self), self.query, self.page, clock.now())
        self.error = ""
        lang = await ui_lang(self)
        self.has_more = found.has_more
        self.rows = [
            row_of(FoundPlayer, r, status=word("member", r.status, lang), ip=r.last_login_ip)
            for r in found.rows
        ]
        return None

    def _has_next_page(self) -> bool:
        return self.has_more

    async def _read_page(self) -> Any:
        """The list only: the player open on the page stays as it is."""
        return await self._search()

    async def _show(self) -> Any:
        found = await players.profile(await current_staff(self), self._member_id, clock.now())
        lang = await ui_lang(self)
        p = found.player
        written = Money.of(await brands.by_id(p.merchant_id))
        self.selected = p.id
        self.profile = row_of(
            PlayerProfile,
            p,
            nickname=found.nickname,
            brand=found.brand_code,
            status=word("member", p.status, lang),
            ip=p.last_login_ip,
            totp=translate("bo-on" if found.totp_enabled else "bo-off", lang),
            cash=money_of(found.cash, lang, written),
            bonus=money_of(found.bonus, lang, written),
            locked=money_of(found.locked, lang, written),
            created=iso(p.created_at),
            last_login=iso(found.last_login_at) if found.last_login_at else "",
        )
        self.movements = [
            MovementRow(
                at=iso(m.at),
                kind=word("movement", m.kind, lang),
                amount=money_of(m.amount, lang, written),
                reference=m.reference,
            )
            for m in found.movements
        ]
        self.bets = [
            row_of(
                BetRow,
                b,
                at=iso(b.at),
                bet=money_of(b.bet, lang, written),
                win=money_of(b.win, lang, written),
            )
            for b in found.bets
        ]
        self.deposits = _orders(found.deposits, "deposit", lang, written)
        self.withdrawals = _orders(found.withdrawals, "withdrawal", lang, written)
        self.sessions = [
            row_of(
                SessionRow, s, at=iso(s.at), live=translate("bo-on" if s.live else "bo-off", lang)
            )
            for s in found.sessions
        ]
        self.notes = [row_of(NoteRow, n, at=iso(n.at)) for n in found.notes]
        return await self._show_details(lang, written)

    async def _show_details(self, lang: str, written: Money) -> Any:
        more = await player360.details(await current_staff(self), self._member_id, clock.now())
        facts = more.identity
        kept = self.identity.revealed and self.identity.kyc_code == facts.status
        self.identity = IdentityView(
            cpf=self.identity.cpf if kept else facts.cpf_masked,
            revealed=kept,
            name=facts.full_name,
            kyc=word("kyc", facts.status, lang)
            if facts.status
            else translate("bo.360.no-kyc", lang),
            kyc_code=facts.status,
            birth_date=format_day(facts.birth_date, lang) if facts.birth_date else "",
            documents=facts.documents,
        )
        self.limits = [
            LimitRow(
                kind=word("limit", limit.kind, lang),
                period=word("period", limit.period, lang),
                value=_limit_value(limit.kind, limit.value, lang, written),
                used=_limit_value(limit.kind, limit.used, lang, written),
                pending=_limit_value(limit.kind, limit.pending_value, lang, written)
                if limit.pending
                else "",
            )
            for limit in more.limits
        ]
        self.exclusion = (
            translate(
                "bo.360.excluded-until" if more.excluded_until else "bo.360.excluded-forever",
                lang,
                kind=word("exclusion", more.excluded_kind, lang),
                until=format_day(more.excluded_until.date(), lang) if more.excluded_until else "",
            )
            if more.excluded_kind
            else translate("bo.360.not-excluded", lang)
        )
        self.vip = translate("bo.360.vip", lang, name=more.vip_name, level=more.vip_level)
        self.bonuses = [
            BonusRow(
                amount=money_of(b.amount, lang, written),
                wagering=" / ".join(money_of(v, lang, written) for v in (b.wagered, b.required)),
                status=word("bonus", b.status, lang),
                expires=iso(b.expires_at),
            )
            for b in more.bonuses
        ]
        self.agent_line = (
            " › ".join(u.username for u in more.agent_line)
            if more.agent_line
            else translate("bo.360.no-agent", lang)
        )
        self.risk = [_risk_text(flag, lang) for flag in more.risk]
        self.timeline = [
            TimelineRow(
                at=iso(e.at),
                kind=word("timeline", e.kind, lang),
                what=_event_text(e, lang),
                amount=money_of(e.amount, lang, written) if e.amount is not None else "",
                by=e.by,
            )
            for e in more.timeline
        ]
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
        self.identity = IdentityView()
        self.document_urls = []
        self.page = 1

    @rx.event
    async def load(self) -> Any:
        """The page, and the player `?member=` names open on it (an approval's evidence link);
        the 360 view checks the staff member's brand as a click on the row does."""
        self._clear()
        asked = self.router.url.query_parameters.get("member", "")
        if asked.isascii() and asked.isdigit() and 0 < int(asked) <= 2_000_000_000:
            self._member_id = int(asked)
            self._adjust_key = secrets.token_hex(16)
        return await self._refresh()

    @rx.event
    @checked
    async def search(self, form: Form) -> Any:
        self.query = form_text(form, "query", 120)
        return await self._first_page()

    @rx.event
    async def export(self) -> Any:
        """The list as searched (every page), as CSV in the reader's words."""
        self.acted = ""
        found = await players.export(await current_staff(self), self.query, clock.now())
        lang = await ui_lang(self)
        header = [translate(key, lang) for _, key in LIST_COLUMNS]
        lines = [
            [r.id, r.username, r.mobile, r.email, word("member", r.status, lang), r.last_login_ip]
            for r in found
        ]
        data = csv_text(header, lines)
        return rx.download(data=data, filename="players.csv", mime_type="text/csv")

    @rx.event
    @checked
    async def open(self, member_id: RowId) -> Any:
        self._member_id = member_id
        self._adjust_key = secrets.token_hex(16)
        self.error = self.notice = self.acted = ""
        self.identity = IdentityView()
        self.document_urls = []
        return await self._show()

    @rx.event
    async def reveal_cpf(self) -> Any:
        """The whole CPF of the player open on the page (audited by the service)."""
        self.acted = "identity"
        shown = await player360.reveal_cpf(await current_staff(self), self._member_id, clock.now())
        self.error = self.notice = ""
        self.identity.cpf, self.identity.revealed = shown, True
        return None

    @rx.event
    async def show_documents(self) -> Any:
        """The identity documents of the player open on the page, as thumbnails (audited)."""
        self.acted = "identity"
        self.document_urls = await player360.documents(
            await current_staff(self), self._member_id, clock.now()
        )
        self.error = self.notice = ""
        return None

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
            lambda staff: players.set_locked(staff, self._member_id, locked, reason, clock.now()),
            at="account",
        )

    @rx.event
    async def force_logout(self) -> Any:
        return await self._act(
            lambda staff: players.force_logout(staff, self._member_id, clock.now()), at="account"
        )

    @rx.event
    @checked
    async def reset_2fa(self, form: Form) -> Any:
        return await self._act(
            lambda staff: players.reset_2fa(
                staff, self._member_id, form_text(form, "reason", 200), clock.now()
            ),
            at="account",
        )

    @rx.event
    @checked
    async def add_note(self, form: Form) -> Any:
        return await self._act(
            lambda staff: players.add_note(
                staff, self._member_id, form_text(form, "note", 1000), clock.now()
            ),
            at="note",
        )

    @rx.event
    @checked
    async def adjust(self, form: Form) -> Any:
        """One submit of the form moves money once (its key); a new form gets a new key."""
        self.acted = "adjust"
        done = await players.adjust(
            await current_staff(self),
            self._member_id,
            form_text(form, "direction", 8),
            form_text(form, "amount", 32),
            form_text(form, "reason", 200),
            self._adjust_key,
            clock.now(),
        )
        self._adjust_key = secrets.token_hex(16)
        return await self._read_after_action(
            "bo-waiting-approval" if done.approval_id else "bo-done"
        )


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "PlayersState.load": f"{STAFF}; ?member= opens a 360 the staff member may see",
    "PlayersState.search": f"{ARGS}; {STAFF}",
    "PlayersState.next_page": STAFF,
    "PlayersState.export": f"{STAFF}; reports.export, audited",
    "PlayersState.previous_page": STAFF,
    "PlayersState.open": f"{ARGS}; {STAFF}",
    "PlayersState.lock": f"{ARGS}; {STAFF}",
    "PlayersState.unlock": f"{ARGS}; {STAFF}",
    "PlayersState.force_logout": STAFF,
    "PlayersState.reset_2fa": f"{ARGS}; {STAFF}",
    "PlayersState.add_note": f"{ARGS}; {STAFF}",
    "PlayersState.adjust": f"{ARGS}; {STAFF}; four-eyes above threshold",
    "PlayersState.reveal_cpf": f"{STAFF}; players.identity, audited",
    "PlayersState.show_documents": f"{STAFF}; players.identity, audited",
}


# Its entry in the console's menu (components/backoffice/console.py orders them by place).
CONSOLE_MENU = (MenuItem(routes.ADMIN_PLAYERS, "bo-players", "players.view", place=20),)
