"""The bonus details screen: the member's bonuses and rebates, by date range, a page at a time."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

import reflex as rx

from app import routes
from app.core.i18n import translate
from app.services import gates, records
from app.services.brands import Money
from app.services.promotions import bonus
from models.promotions import GrantStatus
from state import follow
from state.accounts.auth import member_id_or_none, trial_gate
from state.guard import ARGS, LOGIN
from state.paging import RangePaging
from state.site import current_brand, current_path, ui_lang

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    **gates.each("BonusState.", "go load refresh set_range", gates.READ),
}


@dataclass
class GrantCard:
    """One bonus as its card shows it (amounts and sentences already in the visitor's
    language; "" for a limit the bonus does not have)."""

    id: str = ""
    status: str = ""
    active: bool = False
    amount: str = ""
    percent: int = 0  # of the wagering done
    wagered: str = ""
    remaining: str = ""
    expires: str = ""  # ISO
    max_bet: str = ""
    max_conversion: str = ""
    weights: str = ""


@dataclass
class BonusRow:
    """A bonus or rebate credited (the amount is formatted in the page)."""

    id: str = ""
    kind: str = ""
    reference: str = ""
    time: str = ""  # ISO
    amount: str = ""
    wallet: str = ""  # "" when no bonus wallet received it


def grant_row(grant: bonus.GrantView, lang: str, brand_money: Money) -> GrantCard:
    """One bonus as its card shows it: what is locked, why, and until when (amounts as the
    brand writes them: R$ 20,00)."""
    money = functools.partial(brand_money.write, ui_lang=lang)
    weights = ", ".join(f"{name} {value}%" for name, value in sorted(grant.weights.items()))
    return GrantCard(
        id=str(grant.id),
        status=grant.status.value,
        active=grant.status is GrantStatus.ACTIVE,
        amount=money(grant.amount),
        percent=grant.percent,
        wagered=translate(
            "bonus.wagered",
            lang,
            wagered=money(grant.wagered),
            required=money(grant.wagering_required),
        ),
        remaining=translate("bonus.remaining", lang, remaining=money(grant.remaining)),
        expires=grant.expires_at.isoformat(),
        max_bet=""
        if grant.max_bet is None
        else translate("bonus.max_bet", lang, amount=money(grant.max_bet)),
        max_conversion=""
        if grant.max_conversion is None
        else translate("bonus.max_conversion", lang, amount=money(grant.max_conversion)),
        weights=translate("bonus.weights", lang, weights=weights) if weights else "",
    )


class BonusState(RangePaging, rx.State):
    items: list[BonusRow] = []
    grants: list[GrantCard] = []

    async def _grants(self) -> None:
        member_id = await member_id_or_none(self)
        if member_id is None:
            self.grants = []
            return
        lang, money = await ui_lang(self), Money.of(await current_brand(self))
        self.grants = [grant_row(g, lang, money) for g in await bonus.member_grants(member_id)]

    async def _query(self) -> None:
        member_id = await member_id_or_none(self)
        if member_id is None:
            self.items = []
            return
        found = await records.bonus_details(
            member_id=member_id,
            timezone=(await current_brand(self)).timezone,
            range_name=self.range_name,
            page=self.page,
        )
        self._count_pages(found.total, found.page_size)
        lang = await ui_lang(self)
        self.items = [
            BonusRow(
                id=str(item.id),
                kind=item.kind,
                reference=records.reference_words(item.kind, item.reference or "", lang),
                time=item.time.isoformat(),
                amount=str(item.amount),
                wallet=item.wallet or "",
            )
            for item in found.items
        ]

    @rx.event
    async def load(self) -> Any:
        refused = await trial_gate(self, "deposit")
        if refused is not None:
            return refused
        await self._grants()
        await self._first_page()
        return None

    @rx.event
    async def refresh(self) -> None:
        """Money moved (the header's watch): the open bonus page reads the wagering progress
        again; on any other page there is nothing to read."""
        if await current_path(self) == routes.BONUS_DETAILS:
            await self._grants()


follow.after_balance(routes.BONUS_DETAILS, BonusState.refresh)


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "BonusState.load": LOGIN,
    "BonusState.go": f"{ARGS}; {LOGIN}",
    "BonusState.set_range": f"{ARGS}; {LOGIN}",
    "BonusState.refresh": f"bonuses of the {LOGIN}",
}
