"""The points mall (/pointMall): the member's points, the rewards, the redeem and convert
dialogs (payment password), and the redeem history and points details screens with the spec's
date windows. Identity only from the server-side login; every argument bounded."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from decimal import ROUND_DOWN, Decimal
from typing import Any

import reflex as rx

from app.core import clock
from app.core.errors import AppError
from app.core.i18n import has_key, studio_game_name, translate
from app.core.i18n.formatting import (
    format_local_date,
    format_local_datetime,
    format_points,
    format_symbol_amount,
)
from app.services import gates
from app.services.brands import Money
from app.services.loyalty import points
from app.services.promotions import free_rounds
from models import Member
from models.points import PointsRewardKind
from state.accounts.auth import AuthState, real_member_gate, real_member_or_none
from state.cashier.wallet import WalletState
from state.errors import describe
from state.gates import gated
from state.guard import ARGS, GUEST, LOGIN, Form, Index, Name, Page, checked
from state.member_page import MemberPage, member_action
from state.paging import Paging, page_count
from state.rows import row_of
from state.site import current_brand, ui_lang

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    **gates.each(
        "PointsState.",
        "close_dialog close_on_escape go go_mall load move_window open_convert open_redeem "
        "preview_convert set_quantity set_range set_view",
        gates.READ,
    ),
    **gates.each("PointsState.", "convert redeem", gates.CLAIM),
}

VIEWS = ("mall", "history", "details")
# Rewards shown a page at a time: a brand's whole mall is not kept with every tab (issue 36);
# twelve fill the grid's two, three and four columns evenly.
MALL_PAGE_SIZE = 12
ADDRESS_FIELDS = tuple(points.ADDRESS_FIELDS)


def _points(value: Any, lang: str) -> str:
    return format_points(value, lang)


def _category(category: str, lang: str) -> str:
    key = f"nav.{category}"
    return translate(key, lang) if has_key(key) else category


def _remark(record: points.PointsRecord, lang: str, money: Money) -> str:
    """Earned points say what they came from: the category and its valid bet (money)."""
    if record.category and record.valid_bet is not None:
        return translate(
            "points.remark.earn",
            lang,
            category=_category(record.category, lang),
            amount=money.write(record.valid_bet, lang),
        )
    return record.remark


@dataclass
class RewardCard:
    id: int = 0
    code: str = ""
    kind: str = ""
    name: str = ""
    description: str = ""
    image: str = ""
    cost: str = ""  # the points it costs, as shown
    price: str = "0"  # the points it costs, as a number for the total
    value: str = ""  # "" for physical rewards
    stock: str = ""  # "" when unlimited
    sold_out: bool = False
    short: str = ""  # the points the member still lacks for one, as shown; "" when enough
    physical: bool = False
    max_quantity: int = 1
    terms: str = ""


@dataclass
class HistoryRow:
    reference: str = ""
    time: str = ""
    model: str = ""
    name: str = ""
    quantity: str = ""
    points: str = ""
    status: str = ""
    status_text: str = ""


@dataclass
class RecordRow:
    type: str = ""
    type_text: str = ""
    amount: str = ""
    positive: bool = False
    balance: str = ""
    ratio: str = ""
    status: str = ""
    status_text: str = ""
    time: str = ""
    remark: str = ""
    reason: str = ""


class PointsState(MemberPage, Paging, rx.State):
    view: str = "mall"
    balance: str = ""
    worth: str = ""
    earn_lines: list[str] = []
    convert_line: str = ""
    min_convert: str = ""
    rewards: list[RewardCard] = []  # the mall's page shown
    mall_page: int = 1
    mall_pages: int = 1
    # the records screens: 7 or 30 days, `offset` windows back, one page at a time
    range_name: str = "7d"
    offset: int = 0
    span: str = ""
    history: list[HistoryRow] = []
    records: list[RecordRow] = []
    # the dialogs
    dialog: str = ""  # "", "redeem" or "convert"
    chosen: RewardCard = RewardCard()
    quantity: int = 1
    total: str = ""
    convert_get: str = ""
    errors: dict[str, str] = {}
    error: str = ""
    notice: str = ""
    _convert_ratio: str = "0"
    _currency: str = ""
    _digits: int = 2  # the brand's amounts' minor digits

    @rx.event
    async def load(self) -> None:
        self.view, self.dialog, self.error, self.notice = "mall", "", "", ""
        self.range_name, self.offset, self.page, self.mall_page = "7d", 0, 1, 1
        await self._query()

    async def _query(self) -> None:
        """The member's balance, rates and mall page, and the record view shown."""
        member = await real_member_or_none(self)
        if member is None:
            self.rewards, self.history, self.records, self.balance = [], [], [], ""
            return
        lang = await ui_lang(self)
        found = await points.overview(member)
        config = found.config
        brand = await current_brand(self)
        symbol, digits = brand.currency_symbol, brand.amount_digits
        self.balance = _points(found.balance, lang)
        worth = format_symbol_amount(found.cash_value, symbol, lang, digits)
        self.worth = translate("points.worth", lang, amount=worth)
        self.earn_lines = [
            _category(category, lang)
            + ": "
            + translate(
                "points.earn_rate",
                lang,
                points="1",
                amount=format_symbol_amount(1 / ratio, symbol, lang, digits),
            )
            for category, ratio in sorted(config.earn_ratios.items())
            if ratio > 0
        ]
        self.convert_line = translate(
            "points.convert_rate",
            lang,
            points=_points(config.convert_ratio, lang),
            amount=format_symbol_amount(Decimal(1), symbol, lang, digits),
        )
        self.min_convert = str(config.min_convert)
        self._convert_ratio, self._currency = str(config.convert_ratio), symbol
        self._digits = digits
        offered = await points.rewards(member.merchant_id, lang)
        self.mall_pages = page_count(len(offered), MALL_PAGE_SIZE)
        self.mall_page = min(self.mall_page, self.mall_pages)
        start = (self.mall_page - 1) * MALL_PAGE_SIZE
        self.rewards = [
            self._reward(r, lang, symbol, digits, found.balance)
            for r in offered[start : start + MALL_PAGE_SIZE]
        ]
        if self.view == "history":
            await self._history(member, lang)
        elif self.view == "details":
            await self._details(member, lang)

    @staticmethod
    def _reward(
        reward: points.RewardView, lang: str, symbol: str, digits: int, balance: Decimal
    ) -> RewardCard:
        sold_out = reward.stock is not None and reward.stock <= 0
        lacking = reward.points - balance
        value = format_symbol_amount(reward.value, symbol, lang, digits)
        terms = ""
        if reward.kind is PointsRewardKind.BONUS:
            terms = translate(
                "points.bonus_terms",
                lang,
                multiplier=reward.wagering_multiplier,
                days=reward.bonus_days,
            )
        elif reward.kind is PointsRewardKind.FREE_ROUNDS:
            terms = translate(
                "points.free_rounds_terms",
                lang,
                rounds=reward.free_rounds,
                game=studio_game_name(reward.free_game, lang) or "",
                stake=value,
                days=free_rounds.VALID_DAYS,
            )
            value = translate("points.free_rounds_value", lang, rounds=reward.free_rounds)
        physical = reward.kind is PointsRewardKind.PHYSICAL
        return row_of(
            RewardCard,
            reward,
            kind=reward.kind.value,
            cost=translate("points.cost", lang, points=_points(reward.points, lang)),
            price=str(reward.points),
            value="" if physical else value,
            stock=""
            if reward.stock is None
            else translate("points.stock", lang, count=reward.stock),
            sold_out=sold_out,
            short=translate("points.short", lang, points=_points(lacking, lang))
            if lacking > 0
            else "",
            physical=physical,
            max_quantity=reward.max_quantity
            if reward.stock is None
            else min(reward.max_quantity, max(reward.stock, 1)),
            terms=terms,
        )

    async def _history(self, member: Member, lang: str) -> None:
        brand = await current_brand(self)
        found = await points.redeem_list(
            member, brand, self.range_name, self.offset, self.page, clock.now()
        )
        self._paged(found, brand.timezone, lang)
        self.history = [
            row_of(
                HistoryRow,
                view,
                time=format_local_datetime(view.applied_at, lang, brand.timezone),
                quantity=str(view.quantity),
                points=_points(view.points, lang),
                status=view.status.value,
                status_text=translate(f"points.status.{view.status.value}", lang),
            )
            for view in found.items
        ]

    async def _details(self, member: Member, lang: str) -> None:
        brand = await current_brand(self)
        found = await points.details(
            member, brand, self.range_name, self.offset, self.page, clock.now()
        )
        self._paged(found, brand.timezone, lang)
        rows = []
        for record in found.items:
            reason_key = f"points.reason.{record.reason}"
            rows.append(
                RecordRow(
                    type=record.type,
                    type_text=translate(f"points.type.{record.type}", lang),
                    amount=("+" if record.amount > 0 else "") + _points(record.amount, lang),
                    positive=record.amount > 0,
                    balance=_points(record.balance, lang),
                    ratio=record.ratio,
                    status=record.status.value,
                    status_text=translate(f"points.status.{record.status.value}", lang),
                    time=format_local_datetime(record.time, lang, brand.timezone),
                    remark=_remark(record, lang, Money.of(brand)),
                    reason=translate(reason_key, lang)
                    if record.reason and has_key(reason_key)
                    else record.reason,
                )
            )
        self.records = rows

    def _paged(self, found: points.Page[Any], timezone: str, lang: str) -> None:
        self._count_pages(found.total, found.page_size)
        since = format_local_date(found.since, lang, timezone)
        # `until` is exclusive: the window's last day is the one before it.
        until = format_local_date(found.until - timedelta(days=1), lang, timezone)
        self.span = translate("points.range.span", lang, since=since, until=until)

    @rx.event
    @checked
    async def set_view(self, view: Name) -> None:
        self.view = view if view in VIEWS else "mall"
        self.page, self.offset, self.error, self.notice = 1, 0, "", ""
        await self._query()

    @rx.event
    @checked
    async def set_range(self, value: Name) -> None:
        self.range_name = value if value in points.RANGE_DAYS else "7d"
        self.page, self.offset = 1, 0
        await self._query()

    @rx.event
    @checked
    async def move_window(self, back: bool) -> None:
        """Previous (`back`) or next window of the chosen length; never past today."""
        step = 1 if back else -1
        self.offset = min(max(0, self.offset + step), points.MAX_WINDOWS_BACK)
        await self._first_page()

    @rx.event
    @checked
    async def go_mall(self, number: Page) -> None:
        self.mall_page = min(max(1, number), self.mall_pages)
        await self._query()

    # ---- dialogs ---------------------------------------------------------------------------

    @rx.event
    @checked
    async def open_redeem(self, reward_id: Page) -> Any:
        refused = await real_member_gate(self, "points")
        if refused is not None:
            return refused
        chosen = next((r for r in self.rewards if r.id == reward_id), None)
        if chosen is None:
            return None
        self.chosen, self.quantity, self.dialog = chosen, 1, "redeem"
        self.errors, self.error, self.notice = {}, "", ""
        await self._total()
        return None

    async def _total(self) -> None:
        lang = await ui_lang(self)
        price = Decimal(self.chosen.price)
        self.total = translate("points.total", lang, points=_points(price * self.quantity, lang))

    @rx.event
    @checked
    async def set_quantity(self, quantity: Index) -> None:
        self.quantity = min(max(1, quantity), self.chosen.max_quantity)
        await self._total()

    @rx.event
    async def open_convert(self) -> Any:
        refused = await real_member_gate(self, "points")
        if refused is not None:
            return refused
        self.dialog, self.errors, self.error, self.notice, self.convert_get = (
            "convert",
            {},
            "",
            "",
            "",
        )
        return None

    @rx.event
    def close_dialog(self) -> None:
        self.dialog, self.chosen, self.errors, self.error = "", RewardCard(), {}, ""

    @rx.event
    @checked
    def close_on_escape(self, key: Name) -> None:
        """A key pressed while a dialog is open: Escape closes it, as every dialog's."""
        if key == "Escape":
            self.close_dialog()

    @rx.event
    @checked
    async def preview_convert(self, value: Name) -> None:
        lang = await ui_lang(self)
        text = value.strip()
        amount = Decimal(text) if points.POINTS_TEXT.fullmatch(text) else None
        ratio = Decimal(self._convert_ratio)
        if amount is None or ratio <= 0:
            self.convert_get = ""
            return
        cash = (amount / ratio).quantize(points.CENT, rounding=ROUND_DOWN)
        self.convert_get = translate(
            "points.convert_get",
            lang,
            amount=format_symbol_amount(cash, self._currency, lang, self._digits),
        )

    @rx.event
    @gated
    @checked
    async def redeem(self, form: Form) -> Any:
        """Redeem the chosen reward for the member logged in on this browser."""
        member = await real_member_or_none(self)
        if member is None:
            return AuthState.gate("points")
        lang = await ui_lang(self)
        address = (
            {name: str(form.get(f"address_{name}") or "") for name in ADDRESS_FIELDS}
            if self.chosen.physical
            else None
        )
        try:
            made = await points.redeem(
                member,
                self.chosen.id,
                self.quantity,
                str(form.get("payment_password") or ""),
                address,
                lang,
                clock.now(),
            )
        except AppError as exc:
            self.errors, self.error = describe(exc, lang)
            if self.errors:
                self.error = translate(exc.code, lang, **exc.params)
            return None
        key = (
            "points.redeemed_review"
            if made.kind is PointsRewardKind.PHYSICAL
            else "points.redeemed"
        )
        self.notice = translate(key, lang, name=made.name, quantity=made.quantity)
        self.dialog, self.chosen, self.errors, self.error = "", RewardCard(), {}, ""
        await self._query()
        return WalletState.refresh

    @rx.event
    @gated
    @checked
    @member_action
    async def convert(self, form: Form) -> Any:
        member = await real_member_or_none(self)
        if member is None:
            return AuthState.gate("points")
        made = await points.convert(
            member,
            str(form.get("points") or ""),
            str(form.get("payment_password") or ""),
            clock.now(),
        )
        lang = await ui_lang(self)
        self.notice = translate(
            "points.converted",
            lang,
            points=_points(made.points, lang),
            amount=format_symbol_amount(made.cash, self._currency, lang, self._digits),
        )
        self.dialog, self.errors, self.error = "", {}, ""
        await self._query()
        return WalletState.refresh


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "PointsState.load": f"the points and rewards of the {LOGIN} (real accounts)",
    "PointsState.set_view": f"{ARGS}; {LOGIN}",
    "PointsState.set_range": f"{ARGS}; {LOGIN}",
    "PointsState.move_window": f"{ARGS}; {LOGIN}",
    "PointsState.go": f"{ARGS}; {LOGIN}",
    "PointsState.go_mall": f"{ARGS}; {LOGIN}",
    "PointsState.open_redeem": f"{ARGS}; login gate; a reward of the mall page this tab shows",
    "PointsState.set_quantity": f"{ARGS}; within the reward's limit",
    "PointsState.open_convert": "login gate; opens this tab's dialog",
    "PointsState.close_dialog": GUEST,
    "PointsState.close_on_escape": f"{ARGS}; closes this tab's dialog",
    "PointsState.preview_convert": f"{ARGS}; arithmetic on the brand's ratio",
    "PointsState.redeem": (
        f"{ARGS}; {LOGIN}, real accounts; payment password; the tab's chosen reward"
    ),
    "PointsState.convert": f"{ARGS}; {LOGIN}, real accounts; payment password",
}
