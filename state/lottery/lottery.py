"""The lottery pages (/lottery, /seaLottery, /vnLottery and their lower-case forms): without
`gameCode` the area's lobby, with it the game's betting page (the public verify page:
state/lottery/verify.py).

The member comes only from `current_member`; every handler's arguments are checked
(state/guard.py) and the engine checks every bet again. Labels are catalog keys, rendered in
the browser in the visitor's language; amounts and times are formatted there too.
"""

from __future__ import annotations

import contextlib
from typing import Any

import reflex as rx

from app import routes
from app.core import clock
from app.core.errors import AppError
from app.core.i18n import translate
from app.core.i18n.formatting import format_multiplier, format_symbol_amount, typed_amount
from app.services import gates
from app.services.catalogue import lobby as catalogue_lobby
from app.services.lottery import entries as lottery_entries
from app.services.lottery import member_play, page_views, views
from app.services.lottery.bets import MAX_CHASE_ISSUES, MAX_MULTIPLIER, BetRequest, first_unit
from app.services.lottery.games import GAMES, VN_STATION_NAMES, game
from app.services.lottery.plays import PLAYS, Mode
from state.accounts.auth import NEED_ACCOUNT_DIALOG, AuthState, current_member, member_or_none
from state.cashier.wallet import WalletState
from state.dialog import DialogState
from state.gates import gated
from state.guard import ARGS, GUEST, LOGIN, Index, Name, Text, checked, refuse
from state.lean import Lean
from state.lottery.lottery_rows import (
    BetRow,
    CodeLine,
    LobbyCard,
    PaytableLine,
    PickRow,
    PlayTab,
    ResultRow,
    SlipLine,
    StatBar,
    StationChip,
    bet_row,
    game_name_key,
    has_picks,
    line_key,
    pick_rows,
    play_parts,
    quick_pick,
    selection_of,
    ties_key,
)
from state.member_page import MemberPage, member_action
from state.rows import epoch_ms
from state.site import current_brand, ui_lang

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    "LotteryRecordState.load": gates.READ,
    **gates.each(
        "LotteryState.",
        "check_codes load open_rules pick_partner pick_play pick_station quick refresh "
        "set_bets_tab set_chase_issues set_chase_stop set_codes set_family set_mode "
        "set_multiplier set_trend_position set_typed set_unit toggle",
        gates.READ,
    ),
    **gates.each("LotteryState.", "cancel place place_chase place_codes", gates.MONEY),
}

RULES_DIALOG = "lottery-rules"
QUICKS = ("all", "big", "small", "odd", "even", "clear")
MAX_CODE_TEXT = 2000
RECORD_SIZE = 20
LOAD_SCRIPT = rx.call_script(
    "window.appLottery ? window.appLottery.scan() : document.head.appendChild("
    "Object.assign(document.createElement('script'), {src: '/lottery.js'}))"
)


class LotteryState(MemberPage, Lean, rx.State):
    _picks: dict[int, list[str]] = {}
    _offered: list[str] = []

    area: str = ""  # the read model's area: LOTT, VN or SEA
    mode: str = ""  # the prize mode shown
    modes: list[str] = []  # the prize modes the area offers
    game_code: str = ""
    unknown: bool = False
    not_offered: bool = False
    lobby: list[LobbyCard] = []
    families: list[str] = []  # the lobby's families, in order (the filter's chips)
    family: str = ""  # the lobby's filter: "" for every family
    name_key: str = ""
    about_key: str = ""  # the game family's one-line rules in plain words
    ties_key: str = ""  # the rules dialog's ties of this game's family ("" when it has none)
    minutes: int = 0
    official: bool = False
    vietnam: bool = False

    issue: str = ""  # the issue bets go on (on a Vietnamese draw: the chosen station's)
    stations: list[StationChip] = []  # a Vietnamese draw's stations taking bets
    two_stations: bool = False  # the play is on two stations (đá on two stations)
    partner_issue: str = ""  # then the second station's issue
    close_ms: int = 0
    draw_ms: int = 0
    seed_hash: str = ""
    last_issue: str = ""
    last_numbers: list[str] = []
    dice: bool = False

    plays: list[PlayTab] = []
    play_code: str = ""
    play_kind: str = ""
    play_parts_active: list[str] = []
    need: int = 1
    digits: int = 0
    rtp: str = ""
    rows: list[PickRow] = []
    typed: str = ""
    paytable: list[PaytableLine] = []

    unit: str = ""  # set on load in the brand's currency, the reader's way
    multiplier: str = "1"
    bet_count: int = 0
    stake: str = ""
    slip: list[SlipLine] = []
    slip_error: str = ""
    notice: str = ""
    error: str = ""
    error_link: str = ""  # the page that lifts the refusal (state/gates.py's remedy)
    chase_issues: str = "5"
    chase_stop: bool = True

    bets_tab: str = "open"
    open_bets: list[BetRow] = []
    settled_bets: list[BetRow] = []
    results: list[ResultRow] = []
    trend_position: int = 0
    positions: list[int] = []
    stats: list[StatBar] = []
    trend_draws: int = 0  # the draws the trend and omission charts count

    codes: str = ""
    code_lines: list[CodeLine] = []

    # Helpers -------------------------------------------------------------------------------

    def _shape(self) -> page_views.PlayShape:
        return page_views.shape(PLAYS[self.play_code])

    def _request(self) -> BetRequest:
        return BetRequest(
            game_code=self.game_code,
            play_code=self.play_code,
            prize_mode=self.mode,
            selection=selection_of(self._shape(), self._picks, self.typed),
            unit=self.unit,
            multiplier=int(self.multiplier) if self.multiplier.isdigit() else 0,
            partner_issue_no=self.partner_issue if self.two_stations else "",
        )

    def _path(self) -> str:
        return self.router.url.path.rstrip("/") or "/"

    # Loading -------------------------------------------------------------------------------

    @rx.event
    async def load(self) -> Any:
        """The lobby of the page's area, or one game's betting page with `?gameCode=`."""
        vendor = routes.LOTTERY_AREAS.get(self._path(), routes.LOTTERY_AREAS[routes.LOTTERY])
        self.area = page_views.area_of_vendor(vendor)
        self.modes = [m.value for m in views.AREA_MODES[self.area]]
        code = self.router.url.query_parameters.get("gameCode", "")[:32]
        self.error = self.notice = self.slip_error = ""
        self.unknown = self.not_offered = False
        auth = await self.get_state(AuthState)
        if not auth.is_login:
            return None  # the login gate has sent the visitor to /login
        if self.mode not in self.modes:
            self.mode = await self._default_mode()
        if not self.unit:
            brand = await current_brand(self)
            first = first_unit(brand.currency)
            self.unit = typed_amount(first, await ui_lang(self), brand.amount_digits)
        if not code:
            self.game_code = ""
            await self._load_lobby()
            return LOAD_SCRIPT
        if code not in GAMES or page_views.area_of_vendor(game(code).vendor) != self.area:
            self.game_code = ""
            self.unknown = True
            await self._load_lobby()
            return LOAD_SCRIPT
        if code != self.game_code:
            self.play_code, self.trend_position = "", 0
        self.game_code = code
        found = game(code)
        currency = (await current_brand(self)).currency
        self.mode = lottery_entries.opening_mode(found, currency, self.mode, self.modes)
        self.name_key = game_name_key(code)
        self.about_key = f"lotterypage.about.{found.family}"
        self.ties_key = ties_key(found.family)
        self.minutes = page_views.game_minutes(found)
        self.official = found.official
        self.vietnam = found.family in ("vns", "vnn")
        self.dice = found.family == "k3"
        await self._board()
        return LOAD_SCRIPT

    async def _default_mode(self) -> str:
        """Spec 4: the brand's prize mode (ELOTT when its ELOTT category has such a card)
        where the area offers it, else the area's own default."""
        brand = await current_brand(self)
        wanted = ""
        with contextlib.suppress(AppError):
            wanted = (await catalogue_lobby.menus(brand, await ui_lang(self))).prize_mode
        return wanted if wanted in self.modes else views.prize_mode(self.area).value

    async def _market(self) -> Any:
        brand = await current_brand(self)
        return page_views.market(brand.currency, brand.currency_symbol)

    async def _load_lobby(self) -> None:
        found = await views.lobby(await self._market(), self.area, self.mode, clock.now())
        self.lobby = [
            LobbyCard(
                code=item.code,
                name_key=game_name_key(item.code),
                family=item.family,
                family_key=f"lotterypage.family.{item.family}",
                minutes=item.interval_minutes or 0,
                image=page_views.image_category(item.family),
                badge=lottery_entries.tag(lottery_entries.group_code(game(item.code))),
                issue=item.next_issue.issue_no if item.next_issue else "",
                close_ms=epoch_ms(item.next_issue.close_at) if item.next_issue else 0,
                href=routes.lottery_game(game(item.code).vendor, item.code),
            )
            for item in found.games
        ]
        self.families = list(found.families)
        if self.family not in self.families:
            self.family = ""

    async def _select_play(self, code: str) -> None:
        self.play_code = code
        found = PLAYS[code]
        found_shape = page_views.shape(found)
        self.plays = [PlayTab(c, play_parts(c), c == code) for c in self._offered]
        self.play_kind = found_shape.kind
        self.play_parts_active = play_parts(code)
        self.two_stations = found.stations > 1
        self._pair_stations()
        self.need = found_shape.need
        self.digits = found_shape.digits
        lang = await ui_lang(self)
        self.paytable = [
            PaytableLine(line_key(line), line, format_multiplier(odds, lang))
            for line, odds in found.table(Mode(self.mode)).items()
        ]
        self._picks, self.typed = {}, ""
        self.rows = pick_rows(found_shape, self._picks)
        self._clear_slip()

    def _pair_stations(self) -> None:
        """A two-station play's second station: the one chosen, else the draw's next."""
        others = [chip.issue for chip in self.stations if chip.issue != self.issue]
        if not self.two_stations or not others:
            self.partner_issue = ""
        elif self.partner_issue not in others:
            self.partner_issue = others[0]

    def _clear_slip(self) -> None:
        self.bet_count, self.stake, self.slip, self.slip_error = 0, "", [], ""

    async def _quote(self) -> None:
        if self.play_code not in PLAYS:  # no play on offer: nothing to quote
            self._clear_slip()
            return
        self.rows = pick_rows(self._shape(), self._picks)
        if not has_picks(self._picks, self.typed):
            self._clear_slip()
            return
        brand = await current_brand(self)
        try:
            found = page_views.quote(brand.currency, self._request(), brand.currency_symbol)
        except AppError as exc:
            self._clear_slip()
            self.slip_error = translate(exc.code, await ui_lang(self), **exc.params)
            return
        self.slip_error = ""
        lang = await ui_lang(self)
        self.bet_count = found.bet_count
        self.stake = str(found.stake)
        self.slip = [
            SlipLine(
                line_key(line.line), line.line, format_multiplier(line.odds, lang), str(line.pays)
            )
            for line in found.lines
        ]

    async def _board(self) -> None:
        """The game's board in the prize mode shown: the issue taking bets, the plays on
        offer (the brand's RTP floor), the results with their trend, the member's bets."""
        try:
            found = await views.board(await self._market(), self.game_code, self.mode, clock.now())
        except AppError as exc:
            if exc.code != "lottery-play-not-offered":
                raise
            found = None
        self.not_offered = found is None
        self._show_issue(found)
        await self._show_plays(found)
        self._pair_stations()
        await self._show_results()
        await self._my_bets()

    def _show_issue(self, found: views.Board | None) -> None:
        """The issue taking bets, and the draw's stations (Vietnam) to pick from."""
        current = found.current if found is not None else None
        draw = [current, *found.upcoming] if found is not None and current else []
        self.stations = [
            StationChip(i.issue_no, VN_STATION_NAMES[i.station])
            for i in draw
            if i.station is not None and current is not None and i.draw_at == current.draw_at
        ]
        chosen = self.issue in {chip.issue for chip in self.stations}
        self.issue = self.issue if chosen else (current.issue_no if current else "")
        self.close_ms = epoch_ms(current.close_at) if current else 0
        self.draw_ms = epoch_ms(current.draw_at) if current else 0
        self.seed_hash = (current.seed_hash or "") if current else ""

    async def _show_plays(self, found: views.Board | None) -> None:
        """The plays on offer in the mode shown, the one chosen kept while it is offered."""
        if found is None:
            self._offered, self.plays, self.play_code, self.rows = [], [], "", []
            self.two_stations = False
            return
        self._offered = [p.code for p in found.plays]
        rtps = {p.code: p.rtp for p in found.plays}
        if self.play_code not in rtps:
            await self._select_play(self._offered[0])
        else:
            self.plays = [PlayTab(c, play_parts(c), c == self.play_code) for c in self._offered]
        self.rtp = page_views.rtp_percent(rtps[self.play_code])

    async def _show_results(self) -> None:
        """The last results with their verify links, and the trend of the position shown."""
        trend = await views.trend(self.game_code, views.TREND_DRAWS)
        self.trend_draws = trend.draws
        drawn = trend.issues
        self.last_issue = drawn[0].issue_no if drawn else ""
        self.last_numbers = [str(n) for n in (drawn[0].numbers or [])] if drawn else []
        self.results = [
            ResultRow(
                issue=d.issue_no,
                numbers=[str(n) for n in d.numbers or []],
                drawn_at=d.draw_at.isoformat(),
                verify=routes.lottery_verify(d.game_code, d.issue_no) if d.server_seed else "",
            )
            for d in drawn[:10]
        ]
        self.positions = list(range(len(trend.positions)))
        if self.trend_position >= len(trend.positions):
            self.trend_position = 0
        position = trend.positions[self.trend_position] if trend.positions else None
        self.stats = (
            [
                StatBar(str(n), count, position.omission.get(n, 0))
                for n, count in position.counts.items()
            ]
            if position is not None
            else []
        )

    async def _my_bets(self) -> None:
        member = await member_or_none(self)
        if member is None:
            self.open_bets, self.settled_bets = [], []
            return
        now = clock.now()

        def rows(found: list[views.BetView]) -> list[BetRow]:
            return [
                bet_row(
                    b,
                    cancellable=page_views.cancellable(b, now),
                    chase=b.chase_uid is not None,
                )
                for b in found
            ]

        self.open_bets = rows((await views.my_bets(member, "open", 1, 20, self.game_code)).items)
        self.settled_bets = rows(
            (await views.my_bets(member, "settled", 1, 20, self.game_code)).items
        )

    # Picking -------------------------------------------------------------------------------

    @rx.event
    @checked
    async def pick_play(self, code: Name) -> Any:
        if code not in self._offered:
            return await refuse(self)
        await self._select_play(code)
        await self._board()
        return None

    @rx.event
    @checked
    async def pick_station(self, issue_no: Name) -> Any:
        """Bet on another station of the Vietnamese draw shown."""
        if issue_no not in {chip.issue for chip in self.stations}:
            return await refuse(self)
        self.issue = issue_no
        self._pair_stations()
        await self._quote()
        return None

    @rx.event
    @checked
    async def pick_partner(self, issue_no: Name) -> Any:
        """A two-station play's second station: another station of the draw shown."""
        others = {chip.issue for chip in self.stations if chip.issue != self.issue}
        if not self.two_stations or issue_no not in others:
            return await refuse(self)
        self.partner_issue = issue_no
        await self._quote()
        return None

    @rx.var
    def shown_lobby(self) -> list[LobbyCard]:
        """The lobby's cards of the chosen family (all without one)."""
        return [c for c in self.lobby if not self.family or c.family == self.family]

    @rx.event
    @checked
    def set_family(self, family: Name) -> None:
        self.family = family if family in self.families else ""

    @rx.event
    @checked
    async def set_mode(self, mode: Name) -> Any:
        """Another of the area's prize modes (official or two-sided tables)."""
        if mode not in self.modes:
            return await refuse(self)
        self.mode = mode
        self.play_code = ""
        if self.game_code:
            await self._board()
        else:
            await self._load_lobby()
        return None

    def _picker_row(self, row: int) -> PickRow | None:
        """The row `row` of the play's picker, or None when there is no play or no such row."""
        if self.play_code not in PLAYS:
            return None
        rows = pick_rows(self._shape(), {})
        return rows[row] if row < len(rows) else None

    @rx.event
    @checked
    async def toggle(self, row: Index, value: Name) -> Any:
        found = self._picker_row(row)
        if found is None or value not in {b.value for b in found.balls}:
            return await refuse(self)
        chosen = list(self._picks.get(row, []))
        if value in chosen:
            chosen.remove(value)
        else:
            chosen.append(value)
        self._picks = {**self._picks, row: chosen}
        await self._quote()
        return None

    @rx.event
    @checked
    async def quick(self, row: Index, kind: Name) -> Any:
        found = self._picker_row(row)
        if found is None or not found.quick or kind not in QUICKS:
            return await refuse(self)
        self._picks = {**self._picks, row: quick_pick([b.value for b in found.balls], kind)}
        await self._quote()
        return None

    @rx.event
    @checked
    async def set_typed(self, value: Text) -> None:
        self.typed = value
        await self._quote()

    @rx.event
    @checked
    async def set_unit(self, value: Name) -> None:
        self.unit = value.strip()[:12]
        await self._quote()

    @rx.event
    @checked
    async def set_multiplier(self, value: Name) -> None:
        digits = "".join(c for c in value if c.isdigit())[:6]
        self.multiplier = str(min(int(digits), MAX_MULTIPLIER)) if digits else ""
        await self._quote()

    @rx.event
    @checked
    def set_chase_issues(self, value: Name) -> None:
        digits = "".join(c for c in value if c.isdigit())[:3]
        self.chase_issues = str(min(int(digits), MAX_CHASE_ISSUES)) if digits else ""

    @rx.event
    @checked
    def set_chase_stop(self, value: bool) -> None:
        self.chase_stop = value

    @rx.event
    @checked
    def set_bets_tab(self, tab: Name) -> None:
        self.bets_tab = tab if tab in ("open", "settled") else "open"

    @rx.event
    @checked
    async def set_trend_position(self, position: Index) -> None:
        if position < len(self.positions):
            self.trend_position = position
            await self._board()

    @rx.event
    def open_rules(self) -> Any:
        return DialogState.open(RULES_DIALOG)

    @rx.event
    async def refresh(self) -> None:
        """The countdown reached a close or a draw (or the visitor asked): read the board."""
        if self.game_code:
            await self._board()
        elif self.area:
            await self._load_lobby()

    # Betting -------------------------------------------------------------------------------

    async def _after_bet(self, message: str) -> Any:
        self.notice = message
        self._picks, self.typed = {}, ""
        self.rows = pick_rows(self._shape(), {}) if self.play_code in PLAYS else []
        self._clear_slip()
        await self._board()
        return WalletState.refresh

    async def _failed(self, exc: AppError, at: str = "") -> Any:
        """A refused bet: its message, and the way on where there is one."""
        shown = await super()._failed(exc, at)
        if exc.code == "in_need_true_account":
            return DialogState.open(NEED_ACCOUNT_DIALOG)
        if exc.code == "not-logged-in":
            return AuthState.open_login
        return shown

    @rx.event
    @gated
    @member_action
    async def place(self) -> Any:
        self.error = self.notice = ""
        if not self.game_code or not self.play_code or not self.issue:
            return None
        member = await current_member(self)
        bet = await member_play.place_bet(member, self.issue, self._request(), clock.now())
        lang = await ui_lang(self)
        brand = await current_brand(self)
        stake = format_symbol_amount(bet.stake, brand.currency_symbol, lang, brand.amount_digits)
        issue = f"{self.issue} + {self.partner_issue}" if self.two_stations else self.issue
        return await self._after_bet(
            translate("lotterypage.placed", lang, issue=issue, stake=stake)
        )

    @rx.event
    @gated
    @member_action
    async def place_chase(self) -> Any:
        self.error = self.notice = ""
        if not self.game_code or not self.play_code:
            return None
        issues = int(self.chase_issues) if self.chase_issues.isdigit() else 0
        member = await current_member(self)
        await member_play.place_chase(
            member, self._request(), issues, clock.now(), stop_on_win=self.chase_stop
        )
        lang = await ui_lang(self)
        return await self._after_bet(translate("lotterypage.chased", lang, issues=issues))

    @rx.event
    @gated
    @checked
    @member_action
    async def cancel(self, uid: Name) -> Any:
        self.error = self.notice = ""
        await member_play.cancel_bet(await current_member(self), uid, clock.now())
        return await self._after_bet(translate("lotterypage.cancelled", await ui_lang(self)))

    # Vietnamese bet codes --------------------------------------------------------------------

    @rx.event
    @checked
    def set_codes(self, value: Text) -> None:
        self.codes = value[:MAX_CODE_TEXT]
        self.code_lines = []

    def _code_texts(self) -> list[str]:
        return [line.strip() for line in self.codes.splitlines() if line.strip()][:20]

    @rx.event
    async def check_codes(self) -> None:
        """Read each code line with the parser; its error, or how many bets it makes."""
        lang, brand, now = await ui_lang(self), await current_brand(self), clock.now()
        lines: list[CodeLine] = []
        for text in self._code_texts():
            try:
                count = len(member_play.code_bets(text, now, brand))
                lines.append(
                    CodeLine(text, True, translate("lotterypage.vn_ok", lang, count=count))
                )
            except AppError as exc:
                lines.append(CodeLine(text, False, translate(exc.code, lang, **exc.params)))
        self.code_lines = lines

    @rx.event
    @gated
    @member_action
    async def place_codes(self) -> Any:
        self.error = self.notice = ""
        await self.check_codes()
        if not self.code_lines or not all(line.ok for line in self.code_lines):
            return None
        member = await current_member(self)
        placed = len(await member_play.place_codes(member, self._code_texts(), clock.now()))
        self.codes, self.code_lines = "", []
        return await self._after_bet(
            translate("lotterypage.vn_placed", await ui_lang(self), count=placed)
        )


class LotteryRecordState(rx.State):
    """The member's lottery bets on the betting record (/personalHistoryCopy)."""

    rows: list[BetRow] = []

    @rx.event
    async def load(self) -> None:
        member = await member_or_none(self)
        if member is None:
            self.rows = []
            return
        found = await views.my_bets(member, "all", 1, RECORD_SIZE)
        self.rows = [
            bet_row(
                b,
                name_key=game_name_key(b.game_code),
                href=routes.lottery_game(game(b.game_code).vendor, b.game_code),
                verify=(
                    routes.lottery_verify(b.game_code, b.issue_no)
                    if b.numbers is not None and not game(b.game_code).official
                    else ""
                ),
            )
            for b in found.items
        ]


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "LotteryState.load": f"engine read model; bets of the {LOGIN} only",
    "LotteryState.refresh": f"engine read model; bets of the {LOGIN} only",
    "LotteryState.pick_play": f"{ARGS}; plays the brand offers only",
    "LotteryState.pick_station": f"{ARGS}; a station of the draw shown only",
    "LotteryState.pick_partner": (
        f"{ARGS}; another station of the draw shown, two-station plays only"
    ),
    "LotteryState.set_mode": f"{ARGS}; prize modes of the area only",
    "LotteryState.set_family": f"{ARGS}; families of the lobby only",
    "LotteryState.toggle": f"{ARGS}; values of the play's picker only",
    "LotteryState.quick": f"{ARGS}; six quick picks, rows of the play",
    "LotteryState.set_typed": f"{ARGS}; engine checks the numbers",
    "LotteryState.set_unit": f"{ARGS}; engine checks the stake",
    "LotteryState.set_multiplier": f"{ARGS}; digits, at most the engine's max",
    "LotteryState.set_chase_issues": f"{ARGS}; digits, at most the engine's max",
    "LotteryState.set_chase_stop": ARGS,
    "LotteryState.set_bets_tab": f"{ARGS}; two tabs",
    "LotteryState.set_trend_position": f"{ARGS}; positions of the game",
    "LotteryState.open_rules": GUEST,
    "LotteryState.place": f"bet for the {LOGIN}; real account, site open",
    "LotteryState.place_chase": f"chase for the {LOGIN}; real account, site open",
    "LotteryState.cancel": f"{ARGS}; bets of the {LOGIN} only",
    "LotteryState.set_codes": f"{ARGS}; 2,000 characters",
    "LotteryState.check_codes": "parser only, 20 lines",
    "LotteryState.place_codes": f"bets for the {LOGIN}; real account, site open",
    "LotteryRecordState.load": f"bets of the {LOGIN} only",
}
