"""The missions and leaderboard page: the member's daily and weekly missions with their
progress and claim buttons, the races' boards with the member's own place, and the winning
ranking (biggest wins, from the home page's winner board, and the top multipliers)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Annotated, Any

import reflex as rx
from pydantic import StringConstraints

from app import routes
from app.core import clock
from app.core.i18n import studio_game_name, translate
from app.core.i18n.formatting import (
    format_amount,
    format_multiplier,
    format_points,
)
from app.services import gates
from app.services.brands import Money
from app.services.catalogue import navigation, winners
from app.services.loyalty import missions, races
from models.loyalty_missions import MissionKind, RaceMetric
from state import follow
from state.accounts.auth import AuthState, current_member, member_id_or_none, real_member_gate
from state.cashier.wallet import WalletState
from state.gates import gated
from state.guard import ARGS, LOGIN, Page, checked
from state.member_page import MemberPage, member_action
from state.rows import row_of, text
from state.site import current_brand, ui_lang

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    **gates.each("MissionState.", "countdown load relabel select_race set_tab", gates.READ),
    "MissionState.claim": gates.CLAIM,
}

COUNTDOWN_SECONDS = 20.0  # the time left is shown to the minute
COUNTDOWN_TICKS = 180  # an hour; a reload starts it again
Tab = Annotated[str, StringConstraints(pattern=r"^(DAILY|WEEKLY|RACE|RANKING)$")]
RaceCode = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_-]{1,32}$")]


@dataclass
class MissionCard:
    id: int = 0
    period: str = ""
    title: str = ""
    progress: str = ""  # "3 / 10"
    percent: int = 0
    reward: str = ""
    status: str = ""  # progress, claimable, claimed
    way: str = ""  # the page where it is done: the deposit page, its Original, its games
    deposit: bool = False  # a deposit mission (its way is named "Depositar")


@dataclass
class RaceTab:
    code: str = ""
    title: str = ""


@dataclass
class BoardLine:
    place: int = 0
    name: str = ""
    score: str = ""
    prize: str = ""
    mine: bool = False


@dataclass
class WinLine:
    name: str = ""
    game: str = ""
    amount: str = ""


def remaining(ends_at: datetime, now: datetime, lang: str) -> str:
    """How long until a period ends, in days, hours and minutes ("2 d 4 h", "3 h 12 min")."""
    minutes = max(0, int((ends_at - now).total_seconds() // 60))
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    if days:
        return translate("missions.left_days", lang, days=days, hours=hours)
    return translate("missions.left_hours", lang, hours=hours, minutes=mins)


def reward_amount(view: missions.MissionView, lang: str, money: Money) -> str:
    """Points are counted (12 pontos), cash is the brand's money (R$ 12,00)."""
    if view.reward_kind.value == "POINTS":
        return format_points(view.reward_amount, lang)
    return money.write(view.reward_amount, lang)


def way_in(view: missions.MissionView) -> str:
    """Where a mission is done: the deposit page, its Original's page, or its category's
    games ("" when none is named)."""
    if view.kind is MissionKind.DEPOSIT_COUNT:
        return routes.DEPOSIT
    if view.game_code and studio_game_name(view.game_code, None) is not None:
        return routes.PLAY.replace("[studio_game]", view.game_code)
    return navigation.NAV_PATHS.get(view.category, "")


def mission_card(view: missions.MissionView, lang: str, money: Money) -> MissionCard:
    amount = reward_amount(view, lang, money)
    return row_of(
        MissionCard,
        view,
        period=view.period.value,
        progress=f"{view.progress} / {view.target}",
        reward=translate(f"missions.reward.{view.reward_kind.value}", lang, amount=amount),
        way=way_in(view),
        deposit=view.kind is MissionKind.DEPOSIT_COUNT,
    )


def score_text(metric: RaceMetric, score: Decimal, lang: str, digits: int) -> str:
    if metric is RaceMetric.MULTIPLIER:
        return format_multiplier(score, lang)
    return format_amount(score, lang, digits)


def board_lines(board: races.RaceBoard, lang: str, digits: int) -> list[BoardLine]:
    return [
        row_of(
            BoardLine,
            row,
            score=score_text(board.metric, row.score, lang, digits),
            prize=format_amount(row.prize, lang, digits) if row.prize else "",
        )
        for row in board.rows
    ]


class MissionState(MemberPage, rx.State):
    tab: str = "DAILY"
    cards: list[MissionCard] = []
    claimable: int = 0
    daily_left: str = ""
    weekly_left: str = ""
    race_tabs: list[RaceTab] = []
    race_code: str = ""
    race_title: str = ""
    race_metric: str = ""
    race_left: str = ""
    race_prizes: str = ""
    board: list[BoardLine] = []
    my_place: str = ""
    my_score: str = ""
    big_wins: list[WinLine] = []
    top_multipliers: list[BoardLine] = []
    error: str = ""
    notice: str = ""
    # When the shown periods end (for the countdown), and which tab's countdown is running.
    _daily_end: datetime | None = None
    _weekly_end: datetime | None = None
    _race_end: datetime | None = None
    _ticking: str = ""

    @rx.var
    def shown_cards(self) -> list[MissionCard]:
        return [card for card in self.cards if card.period == self.tab]

    async def _missions(self, member_id: int) -> None:
        brand = await current_brand(self)
        lang = await ui_lang(self)
        now = clock.now()
        found = await missions.summary(brand, member_id, lang, now)
        self.cards = [mission_card(v, lang, Money.of(brand)) for v in found.missions]
        self.claimable = found.claimable
        self._daily_end, self._weekly_end = found.daily_ends_at, found.weekly_ends_at
        self.daily_left = remaining(found.daily_ends_at, now, lang)
        self.weekly_left = remaining(found.weekly_ends_at, now, lang)

    async def _race(self, member_id: int) -> None:
        brand = await current_brand(self)
        lang = await ui_lang(self)
        now = clock.now()
        codes = await races.races(brand)
        self.race_tabs = []
        for code, _metric in codes:
            board = await races.board(brand, member_id, lang, now, code=code, limit=1)
            self.race_tabs.append(RaceTab(code=code, title=board.title))
        if not codes:
            self.board, self.race_code = [], ""
            return
        if self.race_code not in {code for code, _ in codes}:
            self.race_code = codes[0][0]
        board = await races.board(brand, member_id, lang, now, code=self.race_code)
        self.race_title = board.title
        self.race_metric = board.metric.value
        self._race_end = board.ends_at
        self.race_left = remaining(board.ends_at, now, lang)
        self.race_prizes = " · ".join(
            f"{place}º {format_amount(prize, lang, brand.amount_digits)}"
            for place, prize in enumerate(board.prizes, start=1)
        )
        self.board = board_lines(board, lang, brand.amount_digits)
        self.my_place = text(board.my_place)
        self.my_score = score_text(board.metric, board.my_score, lang, brand.amount_digits)
        self.top_multipliers = []
        for code, metric in codes:
            if metric == RaceMetric.MULTIPLIER.value:
                multipliers = await races.board(brand, member_id, lang, now, code=code, limit=10)
                self.top_multipliers = board_lines(multipliers, lang, brand.amount_digits)
                break

    async def _ranking(self) -> None:
        brand = await current_brand(self)
        lang = await ui_lang(self)
        board = await winners.winner_board(brand, lang, limit=10)
        self.big_wins = [
            WinLine(
                name=w.customer_name,
                game=w.game_name,
                amount=format_amount(w.win_amount, lang, brand.amount_digits),
            )
            for w in board
        ]

    async def _reload(self) -> Any:
        refused = await real_member_gate(self, "missions")
        if refused is not None:
            return refused
        member_id = await member_id_or_none(self)
        if member_id is None:
            return AuthState.gate("missions")
        await self._missions(member_id)
        await self._race(member_id)
        await self._ranking()
        return None

    @rx.event
    async def load(self) -> Any:
        self.error, self.notice = "", ""
        gate = await self._reload()
        return gate if gate is not None else MissionState.countdown

    def _on_page(self) -> bool:
        return self.router.url.path.rstrip("/") == routes.MISSION_LEADERBOARD

    @rx.event(background=True)
    async def countdown(self) -> Any:
        """Keep the time left live while this tab shows the page (one countdown per tab);
        when a period ends, its new missions and board are read."""
        async with self:
            token = self.router.session.client_token
            if self._ticking == token:
                return
            self._ticking = token
        try:
            for _ in range(COUNTDOWN_TICKS):
                await asyncio.sleep(COUNTDOWN_SECONDS)
                async with self:
                    if not self._on_page():
                        return
                    now = clock.now()
                    ends = [e for e in (self._daily_end, self._weekly_end, self._race_end) if e]
                    if any(end <= now for end in ends):
                        if await self._reload() is not None:
                            return  # logged out meanwhile
                        continue
                    lang = await ui_lang(self)
                    if self._daily_end and self._weekly_end:
                        self.daily_left = remaining(self._daily_end, now, lang)
                        self.weekly_left = remaining(self._weekly_end, now, lang)
                    if self._race_end:
                        self.race_left = remaining(self._race_end, now, lang)
        finally:
            async with self:
                if self._ticking == token:
                    self._ticking = ""

    @rx.event
    async def relabel(self) -> Any:
        """The language changed: this page's texts are read again in it."""
        if self.router.url.path.rstrip("/") != routes.MISSION_LEADERBOARD:
            return None
        self.error, self.notice = "", ""  # said in the language before
        return await self._reload()

    @rx.event
    @checked
    async def set_tab(self, tab: Tab) -> None:
        self.tab = tab

    @rx.event
    @checked
    async def select_race(self, code: RaceCode) -> Any:
        self.race_code = code
        return await self._reload()

    @member_action
    async def _take(self, mission_id: int) -> None:
        """The mission's reward; the page is read again after, taken or refused."""
        member = await current_member(self)
        assert member.id is not None
        lang, brand = await ui_lang(self), await current_brand(self)
        view = await missions.claim(brand, member.id, mission_id, lang, clock.now())
        self.error = ""
        await self._say(
            f"missions.claimed.{view.reward_kind.value}",
            amount=reward_amount(view, lang, Money.of(brand)),
        )

    @rx.event
    @gated
    @checked
    async def claim(self, mission_id: Page) -> Any:
        """Claim a mission's reward for the member logged in on this browser."""
        refused = await real_member_gate(self, "missions")
        if refused is not None:
            return refused
        await self._take(mission_id)
        await self._reload()
        return WalletState.refresh


follow.AFTER_LANGUAGE.append(MissionState.relabel)


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "MissionState.load": f"missions, races and prizes of the {LOGIN}",
    "MissionState.set_tab": ARGS,
    "MissionState.countdown": f"one countdown per tab; missions of the {LOGIN}",
    "MissionState.relabel": f"missions of the {LOGIN}, on the missions page only",
    "MissionState.select_race": f"{ARGS}; a race of this page's brand; {LOGIN}",
    "MissionState.claim": f"{ARGS}; a mission of this page's brand; {LOGIN}",
}
