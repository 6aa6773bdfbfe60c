"""Console: the audit log (entries newest first with a filter, the chain check showing where
it breaks, the CSV export)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

import reflex as rx

from app import routes
from app.core import clock
from app.core.i18n import has_key, translate
from app.core.i18n.formatting import format_figure
from app.services.backoffice import audit, logbook
from state.backoffice.console import (
    MenuItem,
    PagedConsolePage,
    current_staff,
    form_text,
    iso,
    money,
    said,
    ui_lang,
    word,
)
from state.guard import ARGS, STAFF, Form, checked
from state.paging import page_count
from state.rows import row_of, text

PAGE_SIZE = 50


@dataclass
class EntryRow:
    seq: int = 0
    at: str = ""  # ISO
    staff: str = ""
    action: str = ""  # the code, for the filter
    sentence: str = ""  # who did what to whom, in words
    brand: str = ""  # the brand's name, "" for the whole platform
    target: str = ""
    outcome: str = ""  # in words
    detail: str = ""  # the detail as "field: value" in words, cut at 400 characters
    hash: str = ""  # whole, for the copy button
    short_hash: str = ""  # its first 12 characters


# Detail values that are codes of a known kind, said in words.
_VALUE_GROUPS = (
    "member",
    "kyc",
    "withdrawal",
    "deposit",
    "staff",
    "direction",
    "approval-kind",
    "action",
)


# Details whose figure is money; any other figure (a rate, a limit's setting) keeps its digits.
_AMOUNT_KEYS = ("amount", "before", "after")
# Other codes the catalog names: a permission, an agent contract's kind.
_CODE_WORDS = ("bo.perm.{}", "agent.kind.{}")


def _value(key: str, value: object, lang: str) -> str:
    """A detail's value in words: a list item by item, a record field by field, a code of a
    known kind by its name, an amount in the reader's format."""
    if isinstance(value, list):
        return ", ".join(_value(key, item, lang) for item in value)
    if isinstance(value, dict):
        return "; ".join(
            f"{said(f'bo.audit.field.{field}', field, lang)}: {_value(field, item, lang)}"
            for field, item in value.items()
        )
    shown = text(value)
    if _is_amount(shown):
        figure = Decimal(shown)
        return money(figure, lang) if key in _AMOUNT_KEYS else format_figure(figure, lang)
    for group in _VALUE_GROUPS:
        if has_key(f"bo.word.{group}.{shown}"):
            return word(group, shown, lang)
    for pattern in _CODE_WORDS:
        if has_key(pattern.format(shown)):
            return translate(pattern.format(shown), lang)
    return shown


def _is_amount(shown: str) -> bool:
    try:
        return Decimal(shown).is_finite() and "." in shown
    except InvalidOperation:
        return False


def detail_words(detail: str, lang: str) -> str:
    """An entry's JSON detail as "field: value" pairs in the reader's words."""
    try:
        found = json.loads(detail or "{}")
    except ValueError:
        return detail
    if not isinstance(found, dict):
        return detail
    change = []
    if "before" in found and "after" in found:
        before, after = found.pop("before"), found.pop("after")
        change = [f"{_value('before', before, lang)} → {_value('after', after, lang)}"]
    parts = change + [
        f"{said(f'bo.audit.field.{key}', key, lang)}: {_value(key, value, lang)}"
        for key, value in found.items()
        if value not in (None, "")
    ]
    return " · ".join(parts)


def target_words(target: str, players: dict[int, str], lang: str) -> str:
    """A player by name, an approval request by what it asks, an approval kind (a threshold's
    target) by name; anything else as it is."""
    if target.startswith("member:") and target[7:].isdigit():
        member_id = int(target[7:])
        name = players.get(member_id, "")
        return translate("bo.audit.player", lang, name=name, id=member_id)
    kind, _, number = target.partition("#")
    if not has_key(f"bo.word.approval-kind.{kind}"):
        return target
    if number.isdigit():
        return translate(
            "bo.audit.request", lang, kind=word("approval-kind", kind, lang), id=number
        )
    return word("approval-kind", kind, lang)  # a setting of that kind (its threshold)


def sentence(entry: audit.EntryView, players: dict[int, str], lang: str) -> str:
    who = entry.staff_name or translate("bo.audit.system", lang)
    did = word("action", entry.action, lang)
    target = target_words(entry.target, players, lang)
    return f"{who} {did}" + (f": {target}" if target else "")


class AuditState(PagedConsolePage, rx.State):
    action: str = ""
    total: int = 0
    rows: list[EntryRow] = []
    verified: bool = False
    chain_ok: bool = False
    chain_text: str = ""

    async def _refresh(self) -> Any:
        found, total = await logbook.entries(
            await current_staff(self), self.action, self.page, clock.now()
        )
        self.error = ""
        self.total, self.pages = total, page_count(total, PAGE_SIZE)
        lang = await ui_lang(self)
        brands, players = await logbook.names_for(found)
        self.rows = [
            row_of(
                EntryRow,
                e,
                at=iso(e.at),
                staff=e.staff_name,
                sentence=sentence(e, players, lang),
                brand=brands.get(e.merchant_id, "") if e.merchant_id is not None else "",
                outcome=word("outcome", e.outcome, lang),
                detail=detail_words(e.detail, lang)[:400],
                short_hash=e.hash[:12],
            )
            for e in found
        ]
        return None

    def _forget(self) -> None:
        self.verified = False
        self.page = 1

    @rx.event
    @checked
    async def filter(self, form: Form) -> Any:
        self.action = form_text(form, "action", 64)
        return await self._first_page()

    @rx.event
    async def verify(self) -> Any:
        result = await logbook.verify(await current_staff(self), clock.now())
        lang = await ui_lang(self)
        self.verified = True
        self.chain_ok = result.ok
        if result.ok:
            self.chain_text = translate("bo-chain-ok", lang, count=result.checked)
        elif result.broken_at is None:
            self.chain_text = translate("bo-chain-unanchored", lang)
        else:
            self.chain_text = translate(
                "bo-chain-broken", lang, seq=result.broken_at, problem=result.problem
            )
        return None

    @rx.event
    async def export(self) -> Any:
        data = await logbook.export_csv(await current_staff(self), clock.now())
        return rx.download(data=data, filename="audit-log.csv", mime_type="text/csv")


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "AuditState.load": STAFF,
    "AuditState.filter": f"{ARGS}; {STAFF}",
    "AuditState.next_page": STAFF,
    "AuditState.previous_page": STAFF,
    "AuditState.verify": STAFF,
    "AuditState.export": STAFF,
}


# Its entry in the console's menu (components/backoffice/console.py orders them by place).
CONSOLE_MENU = (MenuItem(routes.ADMIN_AUDIT, "bo-audit", "audit.view", place=60),)
