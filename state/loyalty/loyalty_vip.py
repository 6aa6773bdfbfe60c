"""The VIP page (level, progress, benefits, rules, history) and "my income" (rebate lines,
claim). Identity from the login of this browser only; the claim takes a line id, checked."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

import reflex as rx

from app import routes
from app.core import clock
from app.core.i18n import translate
from app.core.i18n.formatting import format_percent
from app.core.progress import percent_done
from app.services import gates
from app.services.brands import Money
from app.services.cashier import withdrawals
from app.services.loyalty import rebate, vip
from models.loyalty_vip import RebateClaim, RebateMode
from state import follow
from state.accounts.auth import current_member, member_id_or_none, trial_gate
from state.cashier.wallet import WalletState
from state.gates import gated
from state.guard import ARGS, LOGIN, Page, checked
from state.member_page import MemberPage, member_action
from state.paging import RangePaging
from state.rows import iso_text
from state.site import current_brand, current_path, ui_lang

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    **gates.each("IncomeState.", "go load set_range", gates.READ),
    **gates.each("IncomeState.", "claim claim_all", gates.CLAIM),
    **gates.each("VipState.", "load relabel", gates.READ),
}


@dataclass
class LevelRow:
    """One level of the benefits table, its amounts written with the brand's symbol."""

    level: int = 0
    name: str = ""
    bet: str = ""
    deposit: str = ""
    keep: str = ""
    boost: str = ""
    withdraw: str = ""
    per_day: str = ""
    level_up: str = ""
    member_day: str = ""
    sunday: str = ""
    slots: str = ""
    current: bool = False


@dataclass
class EventRow:
    kind: str = ""
    levels: str = ""  # "VIP1 → VIP2" for a level change
    amount: str = ""  # "" for a level change
    time: str = ""


@dataclass
class IncomeRow:
    id: int = 0
    category: str = ""
    start: str = ""
    end: str = ""
    base: str = ""
    rate: str = ""
    amount: str = ""
    status: str = ""
    claimable: bool = False


def level_rows(
    found: vip.VipPage, lang: str, written: Money, floor: withdrawals.WithdrawalRules
) -> list[LevelRow]:
    """The table of levels, its money columns as every amount of the site (R$ 1.000,00); a
    level's withdrawal limits as the cashier applies them (the brand's, where the level
    raises none)."""
    money = functools.partial(written.write, ui_lang=lang)
    return [
        LevelRow(
            level=level.level,
            name=level.name,
            bet=money(level.bet_threshold),
            deposit=money(level.deposit_threshold),
            keep=money(level.retain_bet),
            boost="+" + format_percent(level.rebate_boost, lang),
            withdraw=money(max(level.withdraw_max, floor.max_amount)),
            per_day=str(max(level.withdraw_daily_count, floor.daily_count)),
            level_up=money(level.level_up_bonus),
            member_day=money(level.member_day_bonus),
            sunday=money(level.sunday_best_bonus),
            slots=translate(
                "vip.slots_value",
                lang,
                rate=format_percent(level.slots_rate, lang),
                cap=money(level.slots_cap),
            )
            if level.slots_rate
            else "-",
            current=level.level == found.current.level,
        )
        for level in found.levels
    ]


def event_rows(found: vip.VipPage) -> list[EventRow]:
    names = {level.level: level.name for level in found.levels}
    return [
        EventRow(
            kind=event.kind.value,
            levels=f"{names.get(event.from_level, event.from_level)} → "
            f"{names.get(event.to_level, event.to_level)}"
            if event.kind.value in ("UPGRADE", "DOWNGRADE")
            else "",
            amount=str(event.amount) if event.amount else "",
            time=event.created_at.isoformat(),
        )
        for event in found.history
    ]


class VipState(rx.State):
    level_name: str = ""
    since: str = ""
    next_name: str = ""
    bet: str = "0"
    bet_goal: str = "0"
    bet_percent: int = 0
    deposit: str = "0"
    deposit_goal: str = "0"
    deposit_percent: int = 0
    window_days: int = 0  # the page words these in the reader's language, live on a switch
    rules: list[str] = []
    levels: list[LevelRow] = []
    history: list[EventRow] = []

    @rx.event
    async def load(self) -> Any:
        refused = await trial_gate(self, "deposit")
        if refused is not None:
            return refused
        member_id = await member_id_or_none(self)
        if member_id is None:
            return None
        brand = await current_brand(self)
        lang = await ui_lang(self)
        found = await vip.page(brand, member_id, clock.now())
        # The progress and its goals, and the rules' figures, as every amount of the site.
        money = functools.partial(Money.of(brand).write, ui_lang=lang)
        self.level_name = found.current.name
        self.since = iso_text(found.current.since)
        days = self.window_days = found.window_days
        self.bet, self.deposit = money(found.progress.valid_bet), money(found.progress.deposits)
        following = found.next_level
        if following is None:
            self.next_name = ""
            self.bet_goal = self.deposit_goal = ""
            self.bet_percent = self.deposit_percent = 100
        else:
            self.next_name = following.name
            self.bet_goal = money(following.bet_threshold)
            self.deposit_goal = money(following.deposit_threshold)
            self.bet_percent = percent_done(found.progress.valid_bet, following.bet_threshold)
            self.deposit_percent = percent_done(
                found.progress.deposits, following.deposit_threshold
            )
        settings = found.settings
        self.rules = [
            translate("vip.rule.reach", lang, days=days),
            translate("vip.rule.keep", lang, days=days),
            translate("vip.rule.weekly", lang, amount=money(settings.weekly_min_bet)),
            translate(
                "vip.rule.member_day",
                lang,
                day=settings.member_day,
                amount=money(settings.monthly_min_bet),
            ),
            translate("vip.rule.cash", lang),
        ]
        floor = await withdrawals.brand_rules(brand)
        self.levels = level_rows(found, lang, Money.of(brand), floor)
        self.history = event_rows(found)
        return None

    @rx.event
    async def relabel(self) -> Any:
        """The language changed: the VIP page's rules and amounts are read again in it."""
        if await current_path(self) != routes.VIP:
            return None
        return await self.load()


follow.AFTER_LANGUAGE.append(VipState.relabel)


def income_rows(found: rebate.IncomePage, lang: str) -> list[IncomeRow]:
    return [
        IncomeRow(
            id=line.id,
            category=line.category,
            start=line.period_start.isoformat(),
            end=line.period_end.isoformat(),
            base=str(line.base),
            rate=format_percent(line.rate, lang) if line.rate else "",
            amount=str(line.amount),
            status=line.status.value,
            claimable=line.status.value == "CLAIMABLE",
        )
        for line in found.lines
    ]


class IncomeState(MemberPage, RangePaging, rx.State):
    items: list[IncomeRow] = []
    claimable: str = "0"
    paid: str = "0"
    accruing: str = "0"
    accrual_ends: str = ""  # ISO: when the accruing period closes (paid or claimable then)
    can_claim: bool = False
    automatic: bool = False
    realtime: bool = False
    rates: list[list[str]] = []
    notice: str = ""
    error: str = ""

    async def _query(self) -> None:
        member_id = await member_id_or_none(self)
        if member_id is None:
            self.items = []
            return
        brand = await current_brand(self)
        now = clock.now()
        since, until = rebate.range_bounds(
            brand, self.range_name if self.range_name in rebate.RANGES else "7d", now
        )
        found = await rebate.income(brand, member_id, since, until, self.page)
        self._count_pages(found.total, found.page_size)
        lang = await ui_lang(self)
        self.items = income_rows(found, lang)
        self.claimable, self.paid = str(found.claimable), str(found.paid)
        self.accruing = str(found.accruing)
        self.accrual_ends = (await rebate.accrual_ends(brand, now)).isoformat()
        self.can_claim = found.claimable > 0
        self.automatic = found.claim_mode is RebateClaim.AUTO
        shown = await rebate.member_rates(brand, member_id)
        self.realtime = shown.mode is RebateMode.REALTIME
        self.rates = [
            [category, format_percent(rate, lang) if rate is not None else "-"]
            for category, rate in shown.rates.items()
        ]

    @rx.event
    async def load(self) -> Any:
        refused = await trial_gate(self, "deposit")
        if refused is not None:
            return refused
        self.notice = self.error = ""
        await self._first_page()
        return None

    @member_action
    async def _take(self, line_id: int | None) -> None:
        """Claim one line of income, or all (None)."""
        member = await current_member(self)
        assert member.id is not None
        brand = await current_brand(self)
        done = await rebate.claim(brand, member.id, line_id, clock.now())
        lang = await ui_lang(self)
        await self._say("income.claimed", amount=Money.of(brand).write(done.amount, lang))
        self.error = ""

    async def _claim(self, line_id: int | None) -> Any:
        await self._take(line_id)
        await self._query()
        return WalletState.refresh

    @rx.event
    @gated
    @checked
    async def claim(self, line_id: Page) -> Any:
        return await self._claim(line_id)

    @rx.event
    @gated
    async def claim_all(self) -> Any:
        return await self._claim(None)


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "VipState.load": f"level, progress and history of the {LOGIN}",
    "VipState.relabel": f"on /vip only: load again (the {LOGIN})",
    "IncomeState.load": f"rebate lines of the {LOGIN}",
    "IncomeState.go": f"{ARGS}; {LOGIN}",
    "IncomeState.set_range": f"{ARGS}; {LOGIN}",
    "IncomeState.claim": f"{ARGS}; a line of the {LOGIN} only (service)",
    "IncomeState.claim_all": f"claimable lines of the {LOGIN}",
}
