"""The studio's game page (`/play/<gameCode>`) and the verify page (`/play/verify`).

A launch token (`?token=`) is exchanged once for a seamless-wallet session, kept only on the
server side of the state; a logged-in member who opens the page without one gets a session
launched here. `?demo=1` plays with the virtual demo balance of this browser. Guests without
demo get the login popup, trial members the need-an-account dialog (spec 4's game rules).
"""

from __future__ import annotations

import contextlib
import json
import re
import secrets
from decimal import Decimal
from typing import Any
from urllib.parse import parse_qs, urlsplit

import reflex as rx

from app.core.errors import AppError
from app.core.i18n import translate
from app.core.i18n.formatting import format_amount
from app.core.security import token_digest
from app.services.accounts.members import roles as member_roles
from app.services.seamless import launch, studio_port, wallet
from app.services.studio import rounds, seeds
from app.services.studio.games import GAMES, StudioGame
from state.auth import LOGIN_DIALOG, NEED_ACCOUNT_DIALOG, AuthState, current_login
from state.dialog import DialogState
from state.guard import Form, Index, Name, checked, refuse
from state.site import SiteState, current_brand, require_open

RULES_DIALOG = "studio-rules"
DEMO_CURRENCY = "BRL"
HISTORY_SIZE = 10

# Which page component shows a game, by the game's catalogue sub-category.
KINDS: dict[str | None, str] = {
    None: "slot",
    "SC": "scratch",
    "VP": "poker",
    "AC": "dice",
    "TG": "roulette",
    "BG": "bingo",
}
# Games of one sub-category that play differently get their own component.
KINDS_BY_CODE: dict[str, str] = {"BGS_LIMBO": "limbo", "BGS_MINES": "mines"}
ROULETTE_OUTSIDE = ("red", "black", "odd", "even", "low", "high")
MINE_TILES = 25
BET_FACTORS = ("0.5", "2")  # the ½ and 2× buttons
# A roulette chip: one number, a dozen, a column, or an outside bet; a table holds few.
CHIP_KEY = re.compile(
    r"straight:(?:[0-9]|[12][0-9]|3[0-6])|(?:dozen|column):[1-3]|" + "|".join(ROULETTE_OUTSIDE)
)
MAX_CHIP_KEYS = 37 + 3 + 3 + len(ROULETTE_OUTSIDE)
MAX_CHIP_UNITS = 1_000


def kind_of(studio_game: StudioGame) -> str:
    code = studio_game.spec.code
    return KINDS_BY_CODE.get(code) or KINDS.get(studio_game.spec.sub_category, "slot")


SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def _cell(value: str, hit: bool, name: str = "") -> dict[str, str]:
    """`label` picks the drawn symbol; `name` is what a screen reader says."""
    return {
        "icon": value,
        "label": value,
        "name": name or value,
        "hit": "1" if hit else "",
        "red": "",
    }


def _card(code: str, held: bool) -> dict[str, str]:
    """A card code of the poker game ('TD', 'AS') as the page shows it (10♦, A♠)."""
    rank = "10" if code[:1] == "T" else code[:1]
    return {
        "icon": rank + SUIT_SIGNS.get(code[1:], ""),
        "label": code,
        "name": rank + SUIT_SIGNS.get(code[1:], ""),
        "hit": "1" if held else "",
        "red": "1" if code[1:] in ("H", "D") else "",
    }


def _flat(cells: list[Any]) -> list[Any]:
    if cells and isinstance(cells[0], list):
        return [cell for row in cells for cell in row]
    return list(cells)


def _text(value: Any) -> str:
    return "" if value is None else str(value)


def _multiplier(value: Decimal) -> str:
    return f"{value.normalize():f}x"


class PlayState(rx.State):
    _session_token: str = ""
    _session_game: str = ""
    _session_member: int = 0
    _launch_digest: str = ""
    _open_round: str = ""
    _lang_now: str = "en"
    demo_id: str = rx.LocalStorage("", name="studioDemo", sync=True)

    code: str = ""
    kind: str = ""
    mode: str = ""  # "real", "demo", or "" when the page cannot play
    blocked: str = ""
    currency: str = ""
    bet: str = "1.00"
    min_bet: str = ""
    max_bet: str = ""
    max_win: str = ""
    balance: str = ""
    quoted: str = ""
    paytable: list[dict[str, str]] = []
    error: str = ""
    notice: str = ""

    seed_hash: str = ""
    client_seed: str = ""
    nonce: int = 0
    revealed_seed: str = ""
    revealed_hash: str = ""
    revealed_client: str = ""

    round_id: str = ""
    payout: str = ""
    result_multiplier: str = ""
    won: bool = False
    history: list[dict[str, str]] = []

    dice_target: str = "50.00"
    dice_over: bool = False
    dice_roll: str = ""

    limbo_target: str = "2.00"
    limbo_result: str = ""

    mines_count: int = 3
    mine_picks: list[int] = []
    mines_shown: list[int] = []

    chips: dict[str, int] = {}
    wheel_number: str = ""
    wheel_colour: str = ""

    cells: list[dict[str, str]] = []
    grid_cols: int = 3
    lines: list[str] = []
    called: list[str] = []
    holds: list[bool] = []
    dealt: bool = False

    # Helpers -------------------------------------------------------------------------------

    async def _lang(self) -> str:
        return (await self.get_state(SiteState)).ui_lang

    async def _fail(self, exc: AppError) -> None:
        self.error = translate(exc.code, await self._lang(), **exc.params)

    def _player(self) -> rounds.Player:
        if self.mode == "demo":
            return rounds.demo_player(self.demo_id, DEMO_CURRENCY)
        if not self._session_token:
            raise AppError("play-login-needed", 401)
        return rounds.Player(
            owner=seeds.member_owner(self._session_member),
            currency=self.currency,
            token=self._session_token,
        )

    def _game(self) -> StudioGame:
        return GAMES[self.code]

    async def _same_member(self) -> bool:
        """Real play goes on only for the member of the game session, still logged in on
        this browser (current_login); otherwise the page stops playing."""
        if self.mode != "real":
            return True
        try:
            login = await current_login(self)
        except AppError:
            login = None
        if login is None or login.member.id != self._session_member:
            self.mode, self.blocked = "", "play-login-needed"  # logged out or another one
            return False
        return True

    async def _show_money(self, amount: Decimal) -> str:
        return format_amount(amount, await self._lang())

    async def _limits(self) -> None:
        limits = self._game().spec.limits(self.currency)
        lang = await self._lang()
        self.min_bet = format_amount(limits.min_bet, lang)
        self.max_bet = format_amount(limits.max_bet, lang)
        self.max_win = format_amount(limits.max_win, lang)
        try:
            fits = limits.min_bet <= rounds.parse_bet(self.bet) <= limits.max_bet
        except AppError:
            fits = False
        if not fits:  # another game's bet, or a refused one: start again from the minimum
            self.bet = str(limits.min_bet)

    def _paytable(self, lang: str) -> list[dict[str, str]]:
        rows = []
        for row in self._game().paytable():
            fields = {k: v for k, v in row.items() if k not in ("label", "pays")}
            rows.append(
                {"label": translate(row["label"], lang, **fields), "pays": row.get("pays", "")}
            )
        return rows

    async def _seeds(self) -> None:
        view = await seeds.current(self._player().owner)
        self.seed_hash = view.server_seed_hash
        self.client_seed = view.client_seed
        self.nonce = view.next_nonce

    async def _history(self) -> None:
        lang = await self._lang()
        self.history = [
            {
                "id": r.round_id,
                "stake": format_amount(r.stake, lang),
                "payout": format_amount(r.payout, lang),
                "multiplier": _multiplier(r.multiplier),
                "won": "1" if r.payout > 0 else "",
            }
            for r in await rounds.recent(self._player().owner, self.code, HISTORY_SIZE)
        ]

    def _reset_round(self) -> None:
        self.round_id = self.payout = self.result_multiplier = ""
        self.won = False
        self.dice_roll = self.wheel_number = self.wheel_colour = self.limbo_result = ""
        self.mines_shown = []
        self.cells, self.lines, self.called, self.holds = [], [], [], []
        self.dealt = False
        self._open_round = ""

    async def _begin(self, use_token: bool) -> Any:
        """Start real play: the launch token of the URL, or a launch made here."""
        token = self.router.url.query_parameters.get("token", "") if use_token else ""
        try:
            login = await current_login(self)
        except AppError:
            self.blocked = "play-login-needed"
            return AuthState.open_login
        member_id = login.member.id
        if member_roles(login.member.account_type).is_trial:
            self.blocked = "play-login-needed"
            return DialogState.open(NEED_ACCOUNT_DIALOG)
        if token and token_digest(token) == self._launch_digest and self._session_token:
            return None  # the same page reloaded: the token was already exchanged
        if token:
            session = await studio_port.studio_wallet().authenticate(token)
            self._launch_digest = token_digest(token)
        elif (
            self._session_token
            and self._session_game == self.code
            and self._session_member == member_id
        ):
            try:
                await studio_port.studio_wallet().balance(self._session_token)
                return None
            except AppError:
                pass  # the session ended: launch a fresh one
            session = await self._launch_here()
        else:
            session = await self._launch_here()
        if session.game_code != self.code or session.member_id != member_id:
            raise AppError("play-session-mismatch", 403)
        self._session_token = session.session_token
        self._session_game = session.game_code
        self._session_member = session.member_id
        self.currency = session.currency
        return None

    async def _launch_here(self) -> wallet.PlayerSession:
        """The lobby's launch, made by the page itself (the same rules: maintenance, blocked
        members, trial accounts), then its one-time token exchanged at once."""
        await require_open(self, money=True)
        login = await current_login(self)
        brand = await current_brand(self)
        url = await launch.launch(
            login.member,
            brand,
            self.code,
            wallet.STUDIO_VENDOR,
            False,
            language=brand.default_language,
        )
        token = parse_qs(urlsplit(url).query).get("token", [""])[0]
        return await studio_port.studio_wallet().authenticate(token)

    # Page load -----------------------------------------------------------------------------

    @rx.event
    async def load(self) -> Any:
        return await self._load(use_token=True)

    @rx.event
    async def play_real(self) -> Any:
        """After logging in on the page: real play with a launch of its own (a token in the
        address may have been refused already)."""
        return await self._load(use_token=False)

    async def _load(self, use_token: bool) -> Any:
        lang = await self._lang()
        self.error = self.notice = self.blocked = ""
        self.code = self.router.url.path.rstrip("/").rsplit("/", 1)[-1]
        if self.code not in GAMES:
            self.mode = self.kind = ""
            self.blocked = "studio-unknown-game"
            return None
        self.kind = kind_of(self._game())
        self.paytable = self._paytable(lang)
        self._reset_round()
        self.chips = {}
        events: Any = None
        if use_token and self.router.url.query_parameters.get("demo") == "1":
            self.mode = "demo"
            self.currency = DEMO_CURRENCY
            events = [DialogState.close(LOGIN_DIALOG), DialogState.close(NEED_ACCOUNT_DIALOG)]
            try:
                await launch.launch(
                    None, await current_brand(self), self.code, wallet.STUDIO_VENDOR, True
                )
            except AppError as exc:
                self.mode, self.blocked = "", exc.code
                return events
            try:
                seeds.demo_owner(self.demo_id)
            except AppError:
                self.demo_id = secrets.token_urlsafe(18)
        else:
            try:
                events = await self._begin(use_token)
            except AppError as exc:
                self.mode = ""
                self.blocked = exc.code
                return None
            if self.blocked:
                self.mode = ""
                return events
            self.mode = "real"
        await self._limits()
        await self._seeds()
        await self._history()
        self.balance = await self._show_money(await rounds.balance(self._player()))
        await self._restore_open_round()
        self._quote()
        return events

    async def _restore_open_round(self) -> None:
        found = await rounds.open_round(self._player().owner, self.code)
        if found is not None:
            self._lang_now = await self._lang()
            self.bet = str(found.stake)
            self._apply(found)

    # The bet and the player's choices --------------------------------------------------------

    def _params(self) -> dict[str, Any]:
        if self.kind == "dice":
            return {"target": self.dice_target, "direction": "over" if self.dice_over else "under"}
        if self.kind == "roulette":
            return {"chips": [self._chip(key, units) for key, units in self.chips.items()]}
        if self.kind == "limbo":
            return {"target": self.limbo_target}
        if self.kind == "mines":
            return {"mines": self.mines_count, "tiles": list(self.mine_picks)}
        return {}

    @staticmethod
    def _chip(key: str, units: int) -> dict[str, Any]:
        kind, _, value = key.partition(":")
        if kind == "straight":
            return {"kind": kind, "numbers": [int(value)], "units": units}
        if kind in ("dozen", "column"):
            return {"kind": kind, "index": int(value), "units": units}
        return {"kind": kind, "units": units}

    def _quote(self) -> None:
        try:
            quoted = self._game().quoted_multiplier(self._params())
        except (AppError, KeyError):
            quoted = None
        self.quoted = _multiplier(quoted) if quoted is not None else ""

    @rx.event
    @checked
    def set_bet(self, value: Name) -> None:
        self.bet = value[:16]

    @rx.event
    @checked
    async def bet_step(self, factor: Name) -> None:
        """½ and 2× buttons, kept inside the game's limits."""
        if factor not in BET_FACTORS:
            await refuse(self)
            return
        limits = self._game().spec.limits(self.currency or DEMO_CURRENCY)
        try:
            current = rounds.parse_bet(self.bet)
        except AppError:
            current = limits.min_bet
        changed = (current * Decimal(factor)).quantize(rounds.CENT)
        self.bet = str(min(max(changed, limits.min_bet), limits.max_bet))

    @rx.event
    @checked
    def set_dice_target(self, value: float | Name) -> None:
        try:
            self.dice_target = f"{Decimal(str(value)):.2f}"
        except ArithmeticError:
            return
        self._quote()

    @rx.event
    @checked
    def set_dice_over(self, over: bool) -> None:
        self.dice_over = over
        self._quote()

    @rx.event
    @checked
    def set_limbo_target(self, value: Name) -> None:
        self.limbo_target = value.strip().replace(",", ".")[:10]
        self._quote()

    @rx.event
    @checked
    def set_mines_count(self, value: Name) -> None:
        try:
            self.mines_count = min(max(int(value), 1), MINE_TILES - 1)
        except ValueError:
            return
        self.mines_shown = []
        self._quote()

    @rx.event
    @checked
    def toggle_pick(self, tile: Index) -> None:
        if tile >= MINE_TILES:
            return
        picks = set(self.mine_picks)
        picks.symmetric_difference_update({tile})
        self.mine_picks = sorted(picks)
        self.mines_shown = []
        self._quote()

    @rx.var
    def mine_tiles(self) -> list[str]:
        """Each tile of the field: "" hidden, "pick", "safe", "boom" or "mine"."""
        picks, mines = set(self.mine_picks), set(self.mines_shown)
        shown = bool(self.mines_shown)
        tiles = []
        for i in range(MINE_TILES):
            if i in picks:
                tiles.append("boom" if i in mines else ("safe" if shown else "pick"))
            else:
                tiles.append("mine" if i in mines else "")
        return tiles

    @rx.event
    @checked
    def add_chip(self, key: Name) -> None:
        units = self.chips.get(key, 0)
        if not CHIP_KEY.fullmatch(key) or units >= MAX_CHIP_UNITS:
            return
        if key not in self.chips and len(self.chips) >= MAX_CHIP_KEYS:
            return
        self.chips = {**self.chips, key: units + 1}
        self._quote()

    @rx.event
    def clear_chips(self) -> None:
        self.chips = {}
        self._quote()

    @rx.event
    @checked
    def toggle_hold(self, index: Index) -> None:
        if self.dealt and 0 <= index < len(self.holds):
            self.holds = [not h if i == index else h for i, h in enumerate(self.holds)]

    # Playing -------------------------------------------------------------------------------

    def _apply(self, view: rounds.RoundView) -> None:
        """Turn a round's outcome into what the game's component shows."""
        detail = view.detail
        self.round_id = view.round_id
        self.nonce = view.nonce + 1
        self.result_multiplier = _multiplier(view.multiplier) if view.finished else ""
        self.won = view.finished and view.payout > 0
        if self.kind == "dice":
            self.dice_roll = _text(detail.get("roll"))
        elif self.kind == "roulette":
            self.wheel_number = _text(detail.get("number"))
            self.wheel_colour = _text(detail.get("colour"))
        elif self.kind == "limbo":
            self.limbo_result = _text(detail.get("result"))
        elif self.kind == "mines":
            self.mines_shown = [int(m) for m in detail.get("mines", [])]
            self.mine_picks = [int(t) for t in detail.get("tiles", [])]
        else:
            self._apply_grid(detail)
        self.dealt = not view.finished
        self._open_round = "" if view.finished else view.round_id

    def _apply_grid(self, detail: dict[str, Any]) -> None:
        """Slots, scratch cards, video poker and bingo: a grid of labelled cells."""
        self.lines, self.called = [], []
        if self.kind == "slot":
            self._apply_slot(detail)
        elif self.kind == "scratch":
            self._apply_scratch(detail)
        elif self.kind == "poker":
            self._apply_poker(detail)
        else:
            self._apply_bingo(detail)

    def _apply_scratch(self, detail: dict[str, Any]) -> None:
        hits = {int(i) for i in detail.get("cells", [])}
        self.grid_cols = 3
        self.cells = [
            _cell(str(v), i in hits, translate(f"studio.scratch.symbol.{v}", self._lang_now))
            for i, v in enumerate(_flat(detail.get("grid", [])))
        ]
        if detail.get("symbol"):
            symbol = str(detail["symbol"])
            self.lines = [
                translate(
                    "play.scratch.win",
                    self._lang_now,
                    symbol=translate(f"studio.scratch.symbol.{symbol}", self._lang_now),
                    prize=detail.get("prize", ""),
                )
            ]

    def _apply_poker(self, detail: dict[str, Any]) -> None:
        cards = [str(c) for c in detail.get("cards", [])]
        held = {int(i) for i in detail.get("held", [])}
        self.grid_cols = 5
        self.cells = [_card(code, i in held) for i, code in enumerate(cards)]
        self.holds = [False] * len(cards)
        hand = str(detail.get("hand", ""))
        if hand and hand != "nothing":
            self.lines = [translate(f"studio.poker.hand.{hand}", self._lang_now)]

    def _apply_bingo(self, detail: dict[str, Any]) -> None:
        """The card (free centre shown as a star) with the called numbers marked."""
        card = _flat(detail.get("card", []))
        marked = _flat(detail.get("marked", []))
        self.grid_cols = 5
        self.cells = [
            _cell("★" if value == 0 else str(value), i < len(marked) and bool(marked[i]))
            for i, value in enumerate(card)
        ]
        self.called = [str(ball) for ball in detail.get("balls", [])]
        complete = len(detail.get("lines", []))
        if detail.get("full_card"):
            self.lines = [translate("studio.bingo.row.full_card", self._lang_now)]
        elif complete:
            self.lines = [translate("studio.bingo.row.lines", self._lang_now, lines=complete)]

    def _apply_slot(self, detail: dict[str, Any]) -> None:
        """Five reels of three rows, shown row by row; cells of winning lines ringed."""
        base = detail.get("base", {})
        reels: list[list[str]] = base.get("reels", [])
        paylines: list[list[int]] = detail.get("paylines", [])
        if not reels:
            return
        rows = len(reels[0])
        self.grid_cols = len(reels)
        hits: set[int] = set()
        lang = self._lang_now
        for win in base.get("lines", []):
            path = paylines[win["line"] - 1]
            hits |= {path[reel] * len(reels) + reel for reel in range(win["count"])}
            self.lines.append(
                translate(
                    "play.slot.line",
                    lang,
                    line=win["line"],
                    symbol=translate(f"studio.slot.symbol.{win['symbol']}", lang),
                    count=win["count"],
                )
            )
        if base.get("scatter_pays"):
            hits |= {
                row * len(reels) + reel
                for reel, column in enumerate(reels)
                for row, symbol in enumerate(column)
                if symbol == "SCATTER"
            }
            self.lines.append(translate("play.slot.scatter", lang, count=base["scatters"]))
        free = detail.get("free_spins", [])
        if free:
            self.lines.append(translate("play.slot.free_spins", lang, count=len(free)))
        self.cells = [
            _cell(
                reels[reel][row],
                row * len(reels) + reel in hits,
                translate(f"studio.slot.symbol.{reels[reel][row]}", lang),
            )
            for row in range(rows)
            for reel in range(len(reels))
        ]

    async def _after(self, view: rounds.RoundView) -> Any:
        from state.wallet import WalletState  # the wallet state builds on the auth state

        self._lang_now = await self._lang()
        self._apply(view)
        if view.balance is not None:
            self.balance = await self._show_money(view.balance)
        if view.finished:
            self.payout = await self._show_money(view.payout)
            await self._history()
        return WalletState.refresh if self.mode == "real" else None

    @rx.event
    async def place(self) -> Any:
        """Play a round (or deal); a round in progress is finished instead (the draw)."""
        self.error = self.notice = ""
        if self.mode not in ("real", "demo"):
            return AuthState.open_login
        if not await self._same_member():
            return None
        try:
            if self._open_round:
                view = await rounds.finish(
                    self._player(),
                    self._open_round,
                    {"hold": [i for i, held in enumerate(self.holds) if held]},
                )
            else:
                self._quote()
                if self.mode == "real":
                    await require_open(self, money=True)
                view = await rounds.play(self._player(), self.code, self.bet, self._params())
        except AppError as exc:
            await self._fail(exc)
            return None
        return await self._after(view)

    @rx.event
    async def reset_demo(self) -> None:
        if self.mode == "demo":
            answer = await rounds.DemoWallet(DEMO_CURRENCY).reset(self.demo_id)
            self.balance = await self._show_money(answer.balance)

    # Fairness ------------------------------------------------------------------------------

    @rx.event
    @checked
    async def save_client_seed(self, form: Form) -> None:
        self.error = self.notice = ""
        if not await self._same_member():
            return
        try:
            view = await seeds.set_client_seed(
                self._player().owner, str(form.get("clientSeed", ""))
            )
        except AppError as exc:
            await self._fail(exc)
            return
        self.client_seed = view.client_seed
        self.notice = translate("play.client_seed_saved", await self._lang())

    @rx.event
    async def rotate(self) -> None:
        self.error = self.notice = ""
        if not await self._same_member():
            return
        try:
            revealed, view = await seeds.rotate(self._player().owner)
        except AppError as exc:
            await self._fail(exc)
            return
        self.revealed_seed = revealed.server_seed
        self.revealed_hash = revealed.server_seed_hash
        self.revealed_client = revealed.client_seed
        self.seed_hash = view.server_seed_hash
        self.client_seed = view.client_seed
        self.nonce = view.next_nonce

    @rx.event
    def open_rules(self) -> Any:
        return DialogState.open(RULES_DIALOG)


class VerifyState(rx.State):
    """`/play/verify?round=<id>`: recompute one of the visitor's rounds."""

    round_id: str = ""
    game_code: str = ""
    error: str = ""
    revealed: bool = False
    matches: bool = False
    rows: list[dict[str, str]] = []
    outcome: str = ""
    recomputed: str = ""

    @rx.event
    async def load(self) -> None:
        lang = (await self.get_state(SiteState)).ui_lang
        self.round_id = self.router.url.query_parameters.get("round", "")[:64]
        self.error, self.rows, self.revealed, self.matches = "", [], False, False
        owners: list[seeds.Owner] = []
        with contextlib.suppress(AppError):
            login = await current_login(self)
            owners.append(seeds.member_owner(login.member.id or 0))
        play = await self.get_state(PlayState)
        if seeds.DEMO_ID_PATTERN.fullmatch(play.demo_id or ""):
            owners.append(seeds.demo_owner(play.demo_id))
        found: rounds.Verification | None = None
        failure = AppError("play-round-unknown", 404)
        for owner in owners:
            try:
                found = await rounds.verify(owner, self.round_id)
                break
            except AppError as exc:
                failure = exc if exc.code != "play-round-unknown" else failure
        if found is None:
            self.error = translate(failure.code, lang, **failure.params)
            return
        view = found.round
        self.game_code = view.game_code
        self.revealed = found.server_seed is not None
        self.matches = bool(found.matches)
        self.rows = [
            {
                "label": translate("play.verify.game", lang),
                "value": translate(f"studio.{view.game_code}.name", lang),
            },
            {
                "label": translate("play.verify.stake", lang),
                "value": format_amount(view.stake, lang),
            },
            {
                "label": translate("play.verify.payout", lang),
                "value": format_amount(view.payout, lang),
            },
            {"label": translate("play.hash", lang), "value": view.server_seed_hash},
            {"label": translate("play.verify.server_seed", lang), "value": found.server_seed or ""},
            {"label": translate("play.client_seed", lang), "value": view.client_seed},
            {"label": translate("play.verify.nonce", lang), "value": str(view.nonce)},
        ]
        self.outcome = f"{_multiplier(view.multiplier)} · {_summary(view.detail)}"
        if found.multiplier is not None and found.detail is not None:
            self.recomputed = f"{_multiplier(found.multiplier)} · {_summary(found.detail)}"
        else:
            self.recomputed = ""


def _summary(detail: dict[str, Any]) -> str:
    """A short text of an outcome for the verify page (the values that decide it)."""
    keys = ("roll", "result", "number", "colour", "grid", "cards", "hand", "mines", "balls")
    shown = {k: detail[k] for k in keys if k in detail}
    base = detail.get("base")
    if isinstance(base, dict):
        shown["reels"] = base.get("reels")
        shown["free_spins"] = len(detail.get("free_spins", []))
    return "; ".join(f"{k}: {json.dumps(v)}" for k, v in shown.items()) or json.dumps(detail)
