"""The promotions page: the brand's promotions 6 a page, one promotion's detail with its full
terms (read before joining), join, request reward and the activity application."""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any

import reflex as rx

from app import routes
from app.core import clock
from app.core.errors import AppError
from app.core.i18n import translate
from app.core.i18n.formatting import format_amount
from app.services import gates
from app.services.brands import Money
from app.services.images import read_uploads
from app.services.promotions import applications, bonus, offers, raffles
from models.promotions import PromotionKind
from state import follow
from state.accounts.auth import current_member, member_id_or_none, real_member_gate
from state.cashier.wallet import WalletState
from state.gates import gated
from state.guard import ARGS, GUEST, LOGIN, Page, Text, checked
from state.member_page import MemberPage, member_action
from state.paging import Paging
from state.rows import iso_text
from state.site import current_brand, ui_lang

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    **gates.each(
        "PromotionsState.",
        "close go load load_mine relabel select set_accepted",
        gates.READ,
    ),
    **gates.each("PromotionsState.", "join request_reward send_application", gates.CLAIM),
}

APPLICATION_UPLOAD = "promo-application-upload"
PromotionId = Page  # a positive id within the same bounds


@dataclass
class PromotionCard:
    id: int = 0  # 0: no promotion (the detail is closed)
    code: str = ""
    kind: str = ""
    title: str = ""
    summary: str = ""
    terms: str = ""
    image: str = ""  # the card's banner: a path of the site or an https address
    reward: str = ""
    status: str = ""  # an offers.Shown value
    start: str = ""  # ISO
    end: str = ""  # ISO
    note: str = ""
    seed_hash: str = ""
    server_seed: str = ""
    drawn: str = ""  # the red envelope's amount, "" before its draw
    raffle: bool = False
    raffle_rule: str = ""
    raffle_tickets: str = ""
    raffle_numbers: str = ""
    draw_at: str = ""  # ISO
    raffle_result: str = ""
    raffle_outcome: str = ""
    raffle_authorisation: str = ""
    progress: int = -1  # percent of the member's bonus wagering met; -1 without a bonus
    progress_text: str = ""


def _progress(view: offers.PromotionView, lang: str, money: Money) -> tuple[int, str]:
    """The member's bonus of the promotion: how much of its wagering is met, and in words."""
    wagered, required = view.wagered, view.wagering_required
    if wagered is None or required is None:
        return -1, ""
    if view.bonus_met or required <= 0:
        return 100, translate("promo.progress.met", lang)
    words = translate(
        "promo.progress",
        lang,
        wagered=money.write(min(wagered, required), lang),
        required=money.write(required, lang),
    )
    return bonus.wagering_percent(wagered, required, converted=False), words


def _card(view: offers.PromotionView, lang: str, money: Money) -> PromotionCard:
    digits = money.digits
    card = PromotionCard(
        id=view.id,
        code=view.code,
        kind=view.kind.value,
        title=view.title,
        summary=view.summary,
        terms=view.terms,
        image=view.image,
        reward=offers.reward_line(view, lang, money),
        status=view.status,
        start=view.starts_at.isoformat(),
        end=view.ends_at.isoformat(),
        note=view.review_note,
        seed_hash=view.seed_hash or "",
        server_seed=view.server_seed or "",
        drawn="" if view.drawn_amount is None else format_amount(view.drawn_amount, lang, digits),
    )
    card.progress, card.progress_text = _progress(view, lang, money)
    return _with_raffle(card, view, lang, money) if view.kind is PromotionKind.RAFFLE else card


def _with_raffle(
    card: PromotionCard, view: offers.PromotionView, lang: str, money: Money
) -> PromotionCard:
    """A raffle's lines: the ticket rule, the member's tickets, the draw and its result."""
    drawn = view.drawn_at is not None
    numbers = outcome = ""
    if drawn and view.first_ticket is not None:
        numbers = translate(
            "promo.raffle.numbers",
            lang,
            first=view.first_ticket,
            last=view.first_ticket + view.tickets - 1,
        )
    if view.winning_ticket is not None:
        key = "promo.raffle.won_paid" if view.status == offers.Shown.CLAIMED else "promo.raffle.won"
        outcome = translate(key, lang, ticket=view.winning_ticket)
    elif drawn and view.entry_id is not None:
        outcome = translate("promo.raffle.lost", lang)
    return replace(
        card,
        raffle=True,
        raffle_rule=translate(
            "promo.raffle.rule",
            lang,
            amount=money.write(view.ticket_turnover or Decimal(0), lang),
        ),
        raffle_tickets=translate("promo.raffle.tickets", lang, count=view.tickets),
        raffle_numbers=numbers,
        draw_at=iso_text(view.draw_at),
        raffle_outcome=outcome,
        raffle_authorisation=""
        if not view.authorisation
        else translate("promo.raffle.authorisation", lang, number=view.authorisation),
    )


class PromotionsState(MemberPage, Paging, rx.State):
    items: list[PromotionCard] = []
    selected: PromotionCard = PromotionCard()
    accepted: bool = False
    error: str = ""
    notice: str = ""
    mine: bool = False  # the reward centre: the member's own promotions
    _selected_id: int = 0

    async def _query(self) -> None:
        brand = await current_brand(self)
        lang = await ui_lang(self)
        found = await offers.listing(
            brand.id,
            await member_id_or_none(self),
            lang,
            clock.now(),
            page=self.page,
            mine=self.mine,
        )
        self._count_pages(found.total, found.page_size)
        self.items = [_card(view, lang, Money.of(brand)) for view in found.items]
        if self._selected_id:
            await self._show(self._selected_id)

    async def _show(self, promotion_id: int) -> None:
        brand = await current_brand(self)
        lang = await ui_lang(self)
        try:
            view = await offers.detail(
                brand.id, promotion_id, await member_id_or_none(self), lang, clock.now()
            )
        except AppError:
            self.selected, self._selected_id = PromotionCard(), 0
            return
        card = _card(view, lang, Money.of(brand))
        if view.kind is PromotionKind.RAFFLE and view.drawn_at is not None:
            found = await raffles.result(brand.id, promotion_id)
            card.raffle_result = translate(
                "promo.raffle.drawn",
                lang,
                total=found.total_tickets,
                tickets=", ".join(map(str, found.winning_tickets)) or "—",
            )
        self.selected = card
        self._selected_id = promotion_id

    @rx.event
    async def load(self) -> None:
        """The list; `?id=<promotion>` (a home banner's link) opens that promotion's detail."""
        self.page, self.error, self.notice, self.mine = 1, "", "", False
        wanted = str(self.router.url.query_parameters.get("id", ""))
        self.selected = PromotionCard()
        self._selected_id = int(wanted) if wanted.isdigit() and len(wanted) <= 9 else 0
        await self._query()

    @rx.event
    async def load_mine(self) -> None:
        """The reward centre (a member page): the member's joined and claimed promotions."""
        self.page, self.error, self.notice, self.mine = 1, "", "", True
        self.selected, self._selected_id = PromotionCard(), 0
        await self._query()

    @rx.event
    async def relabel(self) -> None:
        """The language changed: the list and the open detail are read again in it."""
        if self.router.url.path.rstrip("/") not in (routes.PROMOTIONS, routes.REWARD_CENTER):
            return
        self.error, self.notice = "", ""  # said in the language before
        await self._query()

    @rx.event
    @checked
    async def select(self, promotion_id: PromotionId) -> None:
        self.accepted, self.error, self.notice = False, "", ""
        await self._show(promotion_id)

    @rx.event
    def close(self) -> None:
        self.selected, self._selected_id, self.error, self.notice = PromotionCard(), 0, "", ""

    @rx.event
    @checked
    def set_accepted(self, value: bool) -> None:
        self.accepted = value

    async def _act(self, action: str) -> Any:
        """Join or request the reward of the selected promotion, behind the login gate."""
        refused = await real_member_gate(self, "promotions")
        if refused is not None:
            return refused
        if action == "join" and not self.accepted:
            self.error = translate("promo.accept_terms", await ui_lang(self))
            return None
        await self._claim(action)
        await self._query()
        return WalletState.refresh

    @member_action
    async def _claim(self, action: str) -> None:
        """Join, or claim the raffle's prize or the reward; the list is read again after."""
        member = await current_member(self)
        brand = await current_brand(self)
        assert member.id is not None
        if action == "join":
            await offers.join(brand.id, member.id, self._selected_id, clock.now())
            await self._say("promo.joined_ok")
        elif self.selected.kind == PromotionKind.RAFFLE.value:
            await raffles.claim(brand.id, member.id, self._selected_id, clock.now())
            await self._say("promo.raffle.claimed_ok")
        else:
            await offers.request_reward(brand.id, member.id, self._selected_id, clock.now())
            await self._say("promo.claimed_ok")
        self.error = ""

    @rx.event
    @gated
    async def join(self) -> Any:
        return await self._act("join")

    @rx.event
    @gated
    async def request_reward(self) -> Any:
        return await self._act("reward")

    @rx.event
    @gated
    @checked
    @member_action
    async def send_application(self, files: list[rx.UploadFile], comment: Text = "") -> Any:
        """The activity application: the comment typed and the files chosen, sent for the
        member logged in on this browser (never for an id the browser names)."""
        refused = await real_member_gate(self, "promotions")
        if refused is not None:
            return refused
        if not self.accepted:
            self.error = translate("promo.accept_terms", await ui_lang(self))
            return None
        contents = await read_uploads(files, applications.MAX_IMAGES)
        member = await current_member(self)
        brand = await current_brand(self)
        assert member.id is not None
        await applications.apply(
            brand.id, member.id, self._selected_id, comment, contents, clock.now()
        )
        self.error = ""
        await self._say("promo.applied_ok")
        await self._query()
        return [rx.set_value("promo-comment", ""), rx.clear_selected_files(APPLICATION_UPLOAD)]


follow.AFTER_LANGUAGE.append(PromotionsState.relabel)


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "PromotionsState.load": f"the brand's promotions; statuses of the {LOGIN}",
    "PromotionsState.go": f"{ARGS}; {LOGIN}",
    "PromotionsState.load_mine": f"entries of the {LOGIN} only",
    "PromotionsState.relabel": f"on its two pages only: reload (the {LOGIN})",
    "PromotionsState.select": f"{ARGS}; a promotion of this page's brand",
    "PromotionsState.close": GUEST,
    "PromotionsState.set_accepted": ARGS,
    "PromotionsState.join": f"login gate; join for the {LOGIN}",
    "PromotionsState.request_reward": f"login gate; reward of the {LOGIN}",
    "PromotionsState.send_application": (
        f"Reflex upload (body size limit); login gate; images checked by content; {ARGS}; {LOGIN}"
    ),
}
