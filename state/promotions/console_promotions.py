"""Console: the brand's promotions (budget, take-up, schedule), a new promotion of any kind
and reward, editing an open one's texts, image, end and budget, and ending one early; its missions
and races: a new one, its schedule, its stop. The rules and the audit are in
app/services/backoffice/promotions.py and campaigns.py."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

import reflex as rx
from pydantic import Field, StringConstraints

from app import routes
from app.core import clock
from app.core.errors import AppError
from app.core.i18n import translate
from app.core.i18n.formatting import format_points
from app.services.backoffice import campaigns, promotions
from app.services.backoffice.staff import Staff
from app.services.brands import Money, brands
from app.services.loyalty.campaigns import Campaign
from app.services.promotions.offers import MAX_TEXT
from models.loyalty_missions import MissionReward
from models.promotions import RewardKind
from state.backoffice import console
from state.guard import ARGS, STAFF, Form, Name, Text, checked

# The form carries the full terms in two languages (up to offers.MAX_TEXT["terms"] each).
_Long = Annotated[str, StringConstraints(max_length=MAX_TEXT["terms"])]
PromotionForm = Annotated[dict[Text, _Long | bool | int | float | None], Field(max_length=32)]


@dataclass
class PromotionLine:
    """A promotion as the list shows it (the field names are the table's column keys)."""

    id: int = 0
    code: str = ""
    title: str = ""
    kind: str = ""
    reward: str = ""
    budget: str = ""  # spent / budget
    taken: str = ""  # claimed / entries
    starts: str = ""  # UTC minutes
    ends: str = ""
    state: str = ""
    open: bool = False  # not ended: it can be edited or ended


@dataclass
class PromotionDraft:
    """The edit form's stored values (promotions.form_values: the texts per language, the
    image, the end in UTC minutes and the budget)."""

    title_en: str = ""
    summary_en: str = ""
    terms_en: str = ""
    title_pt: str = ""
    summary_pt: str = ""
    terms_pt: str = ""
    ends: str = ""
    budget: str = ""
    image: str = ""  # "": the kind's artwork


def _reward_amount(row: promotions.PromotionRow, lang: str, written: Money) -> str:
    """Money in the brand's writing; points and free rounds as the counts they are."""
    if row.reward_kind in (RewardKind.CASH, RewardKind.BONUS):
        return console.money_of(row.reward_amount, lang, written)
    return format_points(row.reward_amount, lang)


def promotion_line(row: promotions.PromotionRow, lang: str, written: Money) -> PromotionLine:
    return PromotionLine(
        id=row.id,
        code=row.code,
        title=row.title_in(lang),
        kind=translate(f"bo-promo-kind-{row.kind}", lang),
        reward=translate(f"bo-promo-reward-{row.reward_kind}", lang)
        + " "
        + _reward_amount(row, lang, written),
        budget=" / ".join(console.money_of(v, lang, written) for v in (row.spent, row.budget)),
        taken=f"{row.claimed} / {row.entries}",
        starts=console.utc_minutes(row.starts_at, lang),
        ends=console.utc_minutes(row.ends_at, lang),
        state=translate(f"bo-state-{row.state}", lang),
        open=row.state != promotions.ENDED,
    )


@dataclass
class CampaignLine:
    """A mission or race as the list shows it."""

    kind: str = ""  # mission or race (the buttons' argument)
    kind_name: str = ""
    code: str = ""
    title: str = ""
    repeats: str = ""  # daily or weekly, in words (not a time: `period` columns are)
    measure: str = ""
    reward: str = ""
    starts: str = ""
    ends: str = ""
    state: str = ""
    open: bool = False  # not ended: it can be stopped


def _campaign_rewards(row: Campaign, lang: str, written: Money) -> str:
    """Cash in the brand's writing, points as the counts they are; a race's by place."""
    shown = (
        format_points(amount, lang)
        if row.reward_kind == MissionReward.POINTS
        else console.money_of(amount, lang, written)
        for amount in row.rewards
    )
    return " / ".join(shown)


def campaign_line(row: Campaign, lang: str, written: Money) -> CampaignLine:
    return CampaignLine(
        kind=row.kind,
        kind_name=translate(f"bo-campaign-{row.kind}", lang),
        code=row.code,
        title=row.title_in(lang),
        repeats=translate(f"bo-campaign-period-{row.period}", lang),
        measure=translate(f"bo-campaign-measure-{row.measure}", lang),
        reward=translate(f"bo-promo-reward-{row.reward_kind}", lang)
        + " "
        + _campaign_rewards(row, lang, written),
        starts=console.utc_minutes(row.starts_at, lang) if row.starts_at else "",
        ends=console.utc_minutes(row.ends_at, lang) if row.ends_at else "",
        state=translate(f"bo-campaign-state-{row.state}", lang),
        open=row.state != "ended",
    )


class PromotionsConsoleState(console.BrandConsolePage, rx.State):
    rows: list[PromotionLine] = []
    kind: str = "REWARD"  # the form's kind: which of its optional fields are shown
    reward_kind: str = "CASH"
    form_key: int = 0  # a new key empties the form after a promotion is made
    editing_id: int = 0  # the open promotion whose texts, image, end, budget are being edited
    editing: PromotionDraft = PromotionDraft()  # its form's stored values
    campaigns: list[CampaignLine] = []
    campaign_kind: str = "mission"  # the new mission-or-race form's shape
    campaign_key: int = 0  # a new key empties that form after one is made

    async def _refresh(self) -> Any:
        try:
            staff = await console.brand_scope(self)
            found = await promotions.promotion_list(staff, self.brand, clock.now())
            running = await campaigns.campaign_list(staff, self.brand, clock.now())
        except AppError as exc:
            self.rows, self.campaigns = [], []
            return await console.failed(self, exc)
        lang = await console.ui_lang(self)
        written = Money.of(await brands.by_code(self.brand))  # one of the staff member's
        self.rows = [promotion_line(row, lang, written) for row in found]
        self.campaigns = [campaign_line(row, lang, written) for row in running]
        return None

    def _forget(self) -> None:
        self.editing_id, self.editing = 0, PromotionDraft()

    @rx.event
    @checked
    def pick_kind(self, kind: Name) -> None:
        self.kind = kind if kind in promotions.KINDS else "REWARD"

    @rx.event
    @checked
    def pick_reward(self, reward_kind: Name) -> None:
        self.reward_kind = reward_kind if reward_kind in promotions.REWARD_KINDS else "CASH"

    @rx.event
    @checked
    async def create(self, form: PromotionForm) -> Any:

        async def make(staff: Staff) -> None:
            spec = promotions.spec_from_form(form)
            await promotions.create_promotion(staff, self.brand, spec, clock.now())
            self.form_key += 1
            self.kind, self.reward_kind = "REWARD", "CASH"

        return await self._act(make)

    @rx.event
    @checked
    async def edit(self, promotion_id: console.RowId) -> Any:
        staff = await console.current_staff(self)
        stored = await promotions.promotion_form(staff, promotion_id, clock.now())
        self.editing = PromotionDraft(**stored)
        self.editing_id, self.error, self.notice = promotion_id, "", ""
        return None

    @rx.event
    def cancel_edit(self) -> None:
        self._forget()

    @rx.event
    @checked
    async def amend(self, form: PromotionForm) -> Any:
        if not self.editing_id:
            return None
        editing_id = self.editing_id

        async def amend(staff: Staff) -> None:
            change = promotions.amendment_from_form(form)
            await promotions.amend_promotion(staff, editing_id, change, clock.now())

        return await self._act(amend, forget=True)

    @rx.event
    @checked
    async def end(self, promotion_id: console.RowId) -> Any:
        return await self._act(
            lambda staff: promotions.end_promotion(staff, promotion_id, clock.now())
        )

    @rx.event
    @checked
    def pick_campaign_kind(self, kind: Name) -> None:
        self.campaign_kind = kind if kind in ("mission", "race") else "mission"

    @rx.event
    @checked
    async def create_campaign(self, form: Form) -> Any:

        async def make(staff: Staff) -> None:
            draft = campaigns.draft_from_form(form)
            await campaigns.create(staff, self.brand, draft, clock.now())
            self.campaign_key += 1

        return await self._act(make)

    @rx.event
    @checked
    async def schedule_campaign(self, form: Form) -> Any:
        kind, code = console.form_text(form, "kind", 16), console.form_text(form, "code", 32)
        starts, ends = console.form_text(form, "starts", 40), console.form_text(form, "ends", 40)
        return await self._act(
            lambda staff: campaigns.schedule(
                staff, self.brand, kind, code, starts, ends, clock.now()
            )
        )

    @rx.event
    @checked
    async def stop_campaign(self, kind: Name, code: Name) -> Any:
        return await self._act(
            lambda staff: campaigns.stop(staff, self.brand, kind, code, clock.now())
        )


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "PromotionsConsoleState.load": STAFF,
    "PromotionsConsoleState.pick_brand": f"{ARGS}; {STAFF}",
    "PromotionsConsoleState.pick_kind": f"{ARGS}; the form's shape only",
    "PromotionsConsoleState.pick_reward": f"{ARGS}; the form's shape only",
    "PromotionsConsoleState.create": f"{ARGS}; {STAFF}",
    "PromotionsConsoleState.end": f"{ARGS}; {STAFF}",
    "PromotionsConsoleState.edit": f"{ARGS}; {STAFF}",
    "PromotionsConsoleState.cancel_edit": "the form's shape only",
    "PromotionsConsoleState.amend": f"{ARGS}; {STAFF}",
    "PromotionsConsoleState.pick_campaign_kind": f"{ARGS}; the form's shape only",
    "PromotionsConsoleState.create_campaign": f"{ARGS}; {STAFF}",
    "PromotionsConsoleState.schedule_campaign": f"{ARGS}; {STAFF}",
    "PromotionsConsoleState.stop_campaign": f"{ARGS}; {STAFF}",
}


# Its entry in the console's menu (components/backoffice/console.py orders them by place).
CONSOLE_MENU = (
    console.MenuItem(routes.ADMIN_PROMOTIONS, "bo-promotions", "promotions.view", place=180),
)
