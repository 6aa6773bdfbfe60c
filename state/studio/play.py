"""The studio's game page (`/play/<gameCode>`) and the verify page (`/play/verify`).

A launch token (`?token=`) is exchanged once for a seamless-wallet session, kept only on the
server side of the state; a logged-in member who opens the page without one gets a session
launched here. `?demo=1` plays with the virtual demo balance of this browser. Guests without
demo get the login popup, trial members the need-an-account dialog (spec 4's game rules).

`PlayState` holds what every game shares (session, bet, limits, balance, seeds, history, the
round's payout); each game's own choices and outcome live in its substate
(state/studio/studio_games.py, registered in `GAME_STATES` by kind), and what the page shows of an
outcome is made by the plain functions of state/studio/studio_views.py.
"""

from __future__ import annotations

import contextlib
import secrets
from dataclasses import replace
from decimal import Decimal
from typing import Any, Protocol, cast
from urllib.parse import parse_qs, urlsplit

import reflex as rx

from app import routes
from app.core import clock
from app.core.errors import AppError
from app.core.i18n import studio_game_name, translate
from app.core.i18n.formatting import (
    decimal_mark,
    format_game_multiplier,
    typed_amount,
)
from app.core.security import token_digest
from app.services import gates
from app.services.accounts.members import roles as member_roles
from app.services.brands import Money
from app.services.promotions import free_rounds
from app.services.seamless import launch, studio_port, wallet
from app.services.studio import rounds, seeds
from app.services.studio.games import GAMES, BetLimits, StudioGame
from state import follow
from state.accounts.auth import (
    LOGIN_DIALOG,
    NEED_ACCOUNT_DIALOG,
    AuthState,
    current_member,
    member_or_none,
)
from state.cashier.wallet import refresh_header
from state.dialog import DialogState
from state.gates import gated
from state.guard import ARGS, GUEST, LOGIN, Form, Name, checked, refuse
from state.lean import Lean
from state.member_page import member_action
from state.protection.reality import RealityCheckedPage
from state.site import amount_digits, current_brand, current_path, ui_lang
from state.studio import studio_views
from state.studio.studio_views import Detail, HistoryRow, PaytableRow

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    # A real play page launches a game session on load (the demo uses no money: same page).
    **gates.each("PlayState.", "load play_real place play_free", gates.MONEY),
    **gates.each(
        "PlayState.",
        "bet_step open_rules reset_demo rotate save_client_seed set_bet",
        gates.VIEW,
    ),
    "PlayState.follow_balance": gates.READ,
    "VerifyState.load": gates.READ,
}

RULES_DIALOG = "studio-rules"
HISTORY_SIZE = 10
BET_FACTORS = ("0.5", "2")  # the ½ and 2× buttons
PLAY_PAGES = routes.PLAY.partition("[")[0]  # every game page's path starts so


class GameChoices(Protocol):
    """What a game's substate gives the shared page state."""

    def _params(self) -> dict[str, Any]: ...  # the player's choices, as the game's bet
    def _finish_params(self) -> dict[str, Any]: ...  # a dealt round's second step
    async def _in_currency(self, lang: str, digits: int) -> None: ...  # the page's money known
    def _clear(self) -> None: ...  # a new game or round: forget the last outcome
    def _show(self, view: rounds.RoundView, lang: str) -> None: ...  # the round's outcome
    async def _follow_stake(self, stake: Decimal, running: bool) -> None: ...  # autobet's


# Each game kind's substate of PlayState (state/studio/studio_games.py fills it at import).
GAME_STATES: dict[str, type[rx.State]] = {}


async def requote(state: rx.State) -> None:
    """The player changed a choice (a game's substate): the quoted multiplier follows."""
    await (await state.get_state(PlayState))._quote()


class PlayState(RealityCheckedPage, Lean, rx.State):
    _session_token: str = ""
    _session_game: str = ""
    _session_member: int = 0
    _launch_digest: str = ""
    _open_round: str = ""
    _symbol: str = ""  # the brand's currency symbol, which the round's refusals write
    demo_id: str = rx.LocalStorage("", name="studioDemo", sync=True)

    code: str = ""
    kind: str = ""
    art: str = ""  # the game's own art (assets/originals), "" when it has none
    mode: str = ""  # "real", "demo", or "" when the page cannot play
    blocked: str = ""
    currency: str = ""
    bet: str = "1.00"
    decimal_mark: str = "."  # the reader's, for figures a computed var writes (Plinko's slots)
    min_bet: str = ""
    max_bet: str = ""
    max_win: str = ""
    balance: str = ""
    balance_before: str = ""  # before the round's payout: shown until the board reveals it
    quoted: str = ""
    paytable: list[PaytableRow] = []
    error: str = ""
    error_link: str = ""  # the page that lifts the refusal (state/gates.py's remedy)
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
    won: bool = False  # paid more than the stake
    paid_back: bool = False  # paid something, the stake or less: no win
    history: list[HistoryRow] = []
    # The member's free rounds on this game (a promotion's reward): how many, at what stake.
    free_count: int = 0
    free_stake: str = ""

    # Helpers -------------------------------------------------------------------------------

    def _player(self) -> rounds.Player:
        if self.mode == "demo":
            return replace(rounds.demo_player(self.demo_id, self.currency), symbol=self._symbol)
        if not self._session_token:
            raise AppError("play-login-needed", 401)
        return rounds.Player(
            owner=seeds.member_owner(self._session_member),
            currency=self.currency,
            token=self._session_token,
            symbol=self._symbol,
        )

    def _game(self) -> StudioGame:
        return GAMES[self.code]

    async def _same_member(self) -> bool:
        """Real play goes on only for the member of the game session, still logged in on
        this browser (current_login); otherwise the page stops playing."""
        if self.mode != "real":
            return True
        member = await member_or_none(self)
        if member is None or member.id != self._session_member:
            self.mode, self.blocked = "", "play-login-needed"  # logged out or another one
            return False
        return True

    async def _money(self) -> Money:
        """How the page writes money: the brand's symbol and digits (brands.Money)."""
        return Money.of(await current_brand(self))

    async def _show_money(self, amount: Decimal) -> str:
        return (await self._money()).write(amount, await ui_lang(self))

    async def _currency(self) -> str:
        """The page's currency: the game session's, the demo's (the brand's), else the
        brand's."""
        return self.currency or (await current_brand(self)).currency

    async def _bet_limits(self) -> BetLimits:
        """The game's limits in the page's currency, which a refusal writes in its money."""
        symbol = (await self._money()).symbol
        return self._game().spec.limits(await self._currency(), symbol)

    async def _read_balance(self) -> None:
        """The game's balance (the session's, or the demo's) as the wallet has it now."""
        self.balance = await self._show_money(await rounds.balance(self._player()))

    async def _typed_stake(self, amount: Decimal) -> str:
        """A stake as the bet field shows it: the reader's decimal mark, no grouping."""
        return typed_amount(amount, await ui_lang(self), await amount_digits(self))

    async def _limits(self) -> None:
        limits = await self._bet_limits()
        lang, digits = await ui_lang(self), await amount_digits(self)
        money = await self._money()
        self.min_bet = money.write(limits.min_bet, lang)
        self.max_bet = money.write(limits.max_bet, lang)
        self.max_win = money.write(limits.max_win, lang)
        self.decimal_mark = decimal_mark(lang)
        # Another game's bet, or a refused one, starts again from the minimum; the field
        # writes its amount the reader's way (1,00 in Portuguese).
        self.bet = typed_amount(limits.kept(rounds.readable_bet(self.bet)), lang, digits)
        await (await self._choices())._in_currency(lang, digits)

    async def _choices(self) -> GameChoices:
        """The substate of the game on the page."""
        return cast(GameChoices, await self.get_state(GAME_STATES[self.kind]))

    def _finish_params(self) -> dict[str, Any]:
        """A game's second step takes nothing by default: only a dealt round (GridState's
        holds) says more."""
        return {}

    async def _in_currency(self, lang: str, digits: int) -> None:
        """Only the roulette's chips are money of the game's own: none by default."""

    async def _follow_stake(self, stake: Decimal, running: bool) -> None:
        """Autobet changed the stake; only the roulette's chips follow it (`running`: the
        run goes on)."""

    async def _seeds(self) -> None:
        view = await seeds.current(self._player().owner)
        self.seed_hash = view.server_seed_hash
        self.client_seed = view.client_seed
        self.nonce = view.next_nonce

    async def _history(self) -> None:
        found = await rounds.recent(self._player().owner, self.code, HISTORY_SIZE)
        self.history = studio_views.history_rows(found, await ui_lang(self), await self._money())

    async def _reset_round(self) -> None:
        self.round_id = self.payout = self.result_multiplier = ""
        self.won = self.paid_back = False
        self._open_round = ""
        (await self._choices())._clear()

    async def _begin(self, use_token: bool) -> Any:
        """Start real play: the launch token of the URL, or a launch made here."""
        token = self.router.url.query_parameters.get("token", "") if use_token else ""
        member = await member_or_none(self)
        if member is None:
            self.blocked = "play-login-needed"
            return AuthState.open_login
        member_id = member.id
        if member_roles(member.account_type).is_trial:
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

    async def _begin_demo(self) -> list[Any]:
        """Demo play with this browser's demo balance, when the game offers a demo (the
        lobby's demo launch decides); `blocked` says why not."""
        self.mode = "demo"
        self.currency = (await current_brand(self)).currency  # fun money in the brand's
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
        return events

    async def _launch_here(self) -> wallet.PlayerSession:
        """The lobby's launch, made by the page itself (the same rules: maintenance, blocked
        members, trial accounts), then its one-time token exchanged at once."""
        member = await current_member(self)
        brand = await current_brand(self)
        url = await launch.launch(
            member,
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
    @gated
    async def load(self) -> Any:
        return await self._load(use_token=True)

    @rx.event
    @gated
    async def play_real(self) -> Any:
        """After logging in on the page: real play with a launch of its own (a token in the
        address may have been refused already)."""
        return await self._load(use_token=False)

    async def _load(self, use_token: bool) -> Any:
        lang = await ui_lang(self)
        self.error = self.notice = self.blocked = ""
        self._symbol = (await self._money()).symbol
        self.code = self.router.url.path.rstrip("/").rsplit("/", 1)[-1]
        if self.code not in GAMES:
            self.mode = self.kind = ""
            self.blocked = "studio-unknown-game"
            return None
        self.kind = studio_views.kind_of(self._game())
        self.art = studio_views.art_url(self.code)
        self.paytable = studio_views.paytable_rows(self._game(), lang)
        await self._reset_round()
        events: Any = None
        if use_token and self.router.url.query_parameters.get("demo") == "1":
            events = await self._begin_demo()
            if self.blocked:
                return events
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
        await self._read_balance()
        await self._free_rounds()
        await self._restore_open_round()
        await self._quote()
        return events

    async def _restore_open_round(self) -> None:
        found = await rounds.open_round(self._player().owner, self.code)
        if found is not None:
            self.bet = await self._typed_stake(found.stake)
            await self._apply(found)

    # The bet and the player's choices --------------------------------------------------------

    async def _quote(self) -> None:
        """The multiplier the player's current choices would pay (shown before the bet)."""
        try:
            quoted = self._game().quoted_multiplier((await self._choices())._params())
        except (AppError, KeyError):
            quoted = None
        lang = await ui_lang(self)
        self.quoted = "" if quoted is None else format_game_multiplier(quoted, lang)

    @rx.event
    async def follow_balance(self) -> None:
        """The member's money moved outside this page's own events and the header's read
        does not fit this page (`_show_balance`): a real play page shows its game session's
        balance as the wallet has it now, or stops for another member's login."""
        if self.mode != "real" or not (await current_path(self)).startswith(PLAY_PAGES):
            return
        if await self._same_member():
            with contextlib.suppress(AppError):  # a session ended meanwhile: the next event says
                await self._read_balance()

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
        limits = await self._bet_limits()
        stepped = limits.stepped(rounds.readable_bet(self.bet), Decimal(factor))
        self.bet = await self._typed_stake(stepped)

    # Playing -------------------------------------------------------------------------------

    async def _apply(self, view: rounds.RoundView) -> None:
        """A round's outcome: the shared result here, the game's own in its substate."""
        self.round_id = view.round_id
        self.nonce = view.nonce + 1
        finished, lang = view.finished, await ui_lang(self)
        self.result_multiplier = format_game_multiplier(view.multiplier, lang) if finished else ""
        self.won = finished and view.won
        self.paid_back = finished and not view.won and view.payout > 0
        self._open_round = "" if finished else view.round_id
        (await self._choices())._show(view, lang)

    async def _after(self, view: rounds.RoundView) -> Any:
        await self._apply(view)
        # The money is settled now; the page adds the payout once the board reveals it.
        revealed = view.payout if view.finished else Decimal(0)
        if view.balance is not None:
            self.balance = await self._show_money(view.balance)
            self.balance_before = (
                await self._show_money(view.balance - revealed) if revealed else ""
            )
        if view.finished:
            self.payout = await self._show_money(view.payout)
            await self._history()
        return await refresh_header(self, revealed) if self.mode == "real" else None

    async def _free_rounds(self) -> None:
        found = None
        if self.mode == "real" and self._session_member:
            found = await free_rounds.available(self._session_member, self.code, clock.now())
        self.free_count = 0 if found is None else found.rounds_left
        self.free_stake = "" if found is None else await self._show_money(found.stake)

    @rx.event
    @gated
    @member_action
    async def play_free(self) -> Any:
        """One of the member's free rounds on this game: no cash debit (promotions)."""
        self.error = self.notice = ""
        if self.mode != "real" or not await self._same_member():
            return None
        view = await free_rounds.play(
            self._session_member, self.code, (await self._choices())._params(), clock.now()
        )
        await self._free_rounds()
        await self._read_balance()
        return await self._after(view)

    @rx.event
    @gated
    @member_action
    async def place(self) -> Any:
        """Play a round (or deal); a round in progress is finished instead (the draw)."""
        self.error = self.notice = ""
        if self.mode not in ("real", "demo"):
            return AuthState.open_login
        if not await self._same_member():
            return None
        choices = await self._choices()
        if self._open_round:
            params = choices._finish_params()
            view = await rounds.finish(self._player(), self._open_round, params)
        else:
            await self._quote()
            view = await rounds.play(self._player(), self.code, self.bet, choices._params())
        return await self._after(view)

    @rx.event
    async def reset_demo(self) -> None:
        if self.mode == "demo":
            answer = await rounds.DemoWallet(self.currency).reset(self.demo_id)
            self.balance = await self._show_money(answer.balance)

    # Fairness ------------------------------------------------------------------------------

    @rx.event
    @checked
    @member_action
    async def save_client_seed(self, form: Form) -> Any:
        self.error = self.notice = ""
        if not await self._same_member():
            return None
        view = await seeds.set_client_seed(self._player().owner, str(form.get("clientSeed", "")))
        self.client_seed = view.client_seed
        await self._say("play.client_seed_saved")
        return None

    @rx.event
    @member_action
    async def rotate(self) -> Any:
        self.error = self.notice = ""
        if not await self._same_member():
            return None
        revealed, view = await seeds.rotate(self._player().owner)
        self.revealed_seed = revealed.server_seed
        self.revealed_hash = revealed.server_seed_hash
        self.revealed_client = revealed.client_seed
        self.seed_hash = view.server_seed_hash
        self.client_seed = view.client_seed
        self.nonce = view.next_nonce
        return None

    @rx.event
    def open_rules(self) -> Any:
        return DialogState.open(RULES_DIALOG)


async def _show_balance(state: rx.State, money: follow.Money) -> Any:
    """The header's watch read the member's money: a real play page of that member shows it
    as its balance at once (a studio game session bets the main wallet's cash); one it does
    not fit (another member's session, another currency) reads its own."""
    play = await state.get_state(PlayState)
    if play.mode != "real":
        return None
    if play._session_member != money.member_id or play.currency != money.currency:
        return PlayState.follow_balance
    play.balance = await play._show_money(money.cash)
    return None


follow.show_balance(PLAY_PAGES, _show_balance)


class VerifyState(rx.State):
    """`/play/verify?round=<id>`: recompute one of the visitor's rounds."""

    round_id: str = ""
    game_code: str = ""
    demo: bool = False  # a round of this tab's demo: the way back is to the demo
    error: str = ""
    revealed: bool = False
    matches: bool = False
    rows: list[Detail] = []
    outcome: str = ""
    recomputed: str = ""

    @rx.event
    async def load(self) -> None:
        lang, money = await ui_lang(self), Money.of(await current_brand(self))
        self.round_id = self.router.url.query_parameters.get("round", "")[:64]
        self.error, self.rows, self.revealed, self.matches = "", [], False, False
        self.demo = False
        owners: list[seeds.Owner] = []
        member = await member_or_none(self)
        if member is not None:
            owners.append(seeds.member_owner(member.id or 0))
        play = await self.get_state(PlayState)
        if seeds.DEMO_ID_PATTERN.fullmatch(play.demo_id or ""):
            owners.append(seeds.demo_owner(play.demo_id))
        found: rounds.Verification | None = None
        failure = AppError("play-round-unknown", 404)
        for owner in owners:
            try:
                found = await rounds.verify(owner, self.round_id)
                self.demo = owner.demo
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
        shown = [
            ("play.verify.game", studio_game_name(view.game_code, lang) or view.game_code),
            ("play.verify.stake", money.write(view.stake, lang)),
            ("play.verify.payout", money.write(view.payout, lang)),
            ("play.hash", view.server_seed_hash),
            ("play.verify.server_seed", found.server_seed or ""),
            ("play.client_seed", view.client_seed),
            ("play.verify.nonce", str(view.nonce)),
        ]
        self.rows = [Detail(label=translate(key, lang), value=value) for key, value in shown]
        self.outcome = _outcome(view.multiplier, view.detail, lang)
        if found.multiplier is not None and found.detail is not None:
            self.recomputed = _outcome(found.multiplier, found.detail, lang)
        else:
            self.recomputed = ""


def _outcome(multiplier: Decimal, detail: dict[str, Any], lang: str) -> str:
    shown = format_game_multiplier(multiplier, lang)
    return f"{shown} · {studio_views.outcome_summary(detail, lang)}"


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "PlayState.load": f"demo, or real play for the {LOGIN}",
    "PlayState.play_real": f"real play for the {LOGIN}",
    "PlayState.set_bet": ARGS,
    "PlayState.bet_step": f"{ARGS}; ½ or 2× only",
    "PlayState.place": f"game session of the {LOGIN} (same member)",
    "PlayState.play_free": f"free rounds of the {LOGIN} (same member)",
    "PlayState.reset_demo": "this tab's demo wallet",
    "PlayState.save_client_seed": f"{ARGS}; seeds of the {LOGIN} (same member)",
    "PlayState.rotate": f"seeds of the {LOGIN} (same member)",
    "PlayState.open_rules": GUEST,
    "PlayState.follow_balance": f"play pages only; the game session of the {LOGIN} (same member)",
    "VerifyState.load": f"rounds of the {LOGIN} or this tab's demo",
}
