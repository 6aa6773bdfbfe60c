"""The header balance: read from the ledger, formatted per locale, hidden on request."""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any
from uuid import uuid4

import reflex as rx

from app.core import clock
from app.core.db import within_pool
from app.core.errors import AppError
from app.core.i18n import translate
from app.core.i18n.formatting import MASK, format_balance, format_symbol_amount
from app.services import gates, inbox, wallet_events
from app.services.brands import Brand, brands
from app.services.cashier import transfers
from app.services.loyalty import missions as loyalty_missions
from app.services.promotions import bonus, offers
from app.services.seamless import launch
from app.services.wallet_events import Version, balance_version
from state import follow
from state.accounts.auth import AuthState, current_member, current_member_id
from state.gates import gated
from state.guard import LOGIN
from state.member_page import MemberPage, member_action
from state.protection.reality import RealityState, may_be_due
from state.site import amount_digits, current_brand, current_path, ui_lang
from state.watch import READS_PER_WAKE, Shows, watch_key

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    **gates.each("WalletState.", "reformat refresh toggle_hidden watch", gates.READ),
    # The game wallets' money back to the main: by the button, or on leaving a game.
    **gates.each("WalletState.", "bring_back back_from_game", gates.MONEY),
}

# The watch's beat: its page, socket and login looked at again, and the reality check (as
# often as its own timer did before the beat took it over).
CHECK_EVERY_SECONDS = 30.0
WATCH_FOR_SECONDS = 3600  # a tab left open stops watching after an hour; a reload restarts it
# No beat for this long: the watch is gone
WATCH_STALE_SECONDS = 3 * CHECK_EVERY_SECONDS
# A game's own round moves the main wallet only: the game wallets and the badges (messages,
# rewards, missions) change through other doors and jobs, which bump the version the watch
# follows, or with time (a promotion's end, a new day's missions). In play they are read
# again at most this often.
FULL_READ_EVERY_SECONDS = 15.0


@dataclass(frozen=True)
class _Figures:
    """The header's figures of a member as read, before the tab's state shows them: the
    game wallets (`games`) and the badges (messages, rewards, missions) only in a full read."""

    member_id: int
    cash: str
    currency_symbol: str
    bonus: str  # the bonus locked, "" without an active bonus
    bonus_percent: int
    games: str | None = None
    badges: tuple[int, int, int] | None = None


async def _figures(brand: Brand, member_id: int, *, money_only: bool) -> _Figures:
    """Every figure of the header, or (`money_only`) the main wallet and the bonus."""
    games = None
    if money_only:
        cash = str((await transfers.member_wallet(brand, member_id)).cash)
    else:
        wallet = await transfers.wallets_of(brand, member_id)
        cash, games = str(wallet.cash), str(wallet.vendor_total)
    summary = await bonus.summary(member_id)
    bonus_locked = str(summary.locked) if summary.active else ""
    figures = _Figures(member_id, cash, brand.currency_symbol, bonus_locked, summary.percent, games)
    if money_only:
        return figures
    now = clock.now()
    badges = (
        await inbox.unread_count(member_id),
        await offers.rewards_waiting(member_id, now),
        await loyalty_missions.claimable_count(member_id, now),
    )
    return replace(figures, badges=badges)


@dataclass
class _Following:
    """What a running watch follows: its tab (`token`), member and brand, the version it
    last showed or found shown, and whether the tab shows a full read of the member."""

    token: str
    member_id: int
    brand_id: int
    known: Version
    full: bool


# For the tab of each watch running in this process: the version its figures were last shown
# at. A version its own refresh showed already (after its bet) wakes the watch for nothing to
# read.
_shows: Shows[Version] = Shows()


def _covers(shown: Version, version: Version) -> bool:
    """Whether figures shown at version `shown` are at least as new as `version`."""
    return shown.money >= version.money and shown.badges >= version.badges


@dataclass
class _Moved:
    """What the watch hands on after a beat or a movement: the page's followers
    (state.follow) and whether the reality check must look."""

    followers: list[Any] = field(default_factory=list)
    look: bool = False


class WalletState(MemberPage, rx.State):
    _cash: str = "0"
    _bonus: str = ""  # the bonus locked, "" without an active bonus
    _games: str = "0"  # what the transfer vendors' wallets hold together
    _version: tuple[int, int] = (-1, -1)  # wallet_events.Version as last read
    # The member and time.time() of the last full read (any process may load the state).
    _full_read: tuple[int, float] = (0, 0.0)
    # Which tab, socket and page the running watch serves and when it last beat: a watch that
    # died with its process or its socket, one left with the old token when a reconnect got a
    # new one (app/reconnect.py), or one started on another page, is replaced by the next
    # refresh.
    _watch_token: str = ""
    _watch_beat: float = 0.0
    hidden_choice: str = rx.LocalStorage("", name="balanceHidden")
    currency_symbol: str = ""
    shown: str = ""
    # Beside the balance: the bonus locked and its wagering progress, the unread messages.
    bonus_shown: str = ""
    bonus_percent: int = 0
    unread: int = 0
    rewards: int = 0  # rewards waiting for the member's request (the reward centre badge)
    missions: int = 0  # mission rewards ready to claim (the mission entry's badge)
    # Money left in third-party games' own wallets (transfer vendors), shown in the member
    # centre with the button that brings it back, and that button's result beside it.
    games_shown: str = ""
    games_notice: str = ""
    games_error: str = ""
    # On the home page reached by a transfer game's lobby link: its money came back (the
    # amount and the vendors' names, kept to be said again in another language or hidden).
    _exit: tuple[str, str] = ("", "")
    exit_notice: str = ""
    _formatted_in: tuple[str, int] = ("", 0)  # the language and minor digits last shown in
    # A studio round's balance before its payout, shown until the game's board reveals the
    # result (assets/home.css `balance-held`); each round's count restarts that wait.
    held: str = ""
    held_count: int = 0

    @rx.var
    def hidden(self) -> bool:
        return self.hidden_choice == "1"

    async def _format(self, *, as_before: bool = False) -> None:
        """Every amount beside the balance follows its show/hide choice (issue 39), in the
        page's language, or (`as_before`) in the one they were last shown in: showing or
        hiding them again then reads no other state (loading the site's state was a third
        of a click's work, bench_events). A language change formats them afresh
        (`reformat`)."""
        if as_before and self._formatted_in[0]:
            lang, digits = self._formatted_in
        else:
            lang, digits = await ui_lang(self), await amount_digits(self)
        self._formatted_in = (lang, digits)
        self.shown = format_balance(Decimal(self._cash), lang, self.hidden, digits)
        self.held = ""
        self.bonus_shown = (
            format_balance(Decimal(self._bonus), lang, self.hidden, digits) if self._bonus else ""
        )
        games = Decimal(self._games)
        self.games_shown = format_balance(games, lang, self.hidden, digits) if games > 0 else ""
        moved, names = self._exit
        self.exit_notice = (
            translate(
                "transfer.back_on_exit",
                lang,
                amount=self._money(Decimal(moved), lang, digits),
                vendor=names,
            )
            if moved
            else ""
        )

    def _money(self, amount: Decimal, lang: str, digits: int) -> str:
        """An amount said beside the balance: with the currency's symbol, or masked with it."""
        return (
            MASK
            if self.hidden
            else format_symbol_amount(amount, self.currency_symbol, lang, digits)
        )

    @rx.event
    async def refresh(self) -> Any:
        return await self._refresh()

    async def _refresh(self, *, in_play: bool = False, revealed: Decimal = Decimal(0)) -> Any:
        """`revealed`: what a studio round just paid, shown only once its board reveals it."""
        member_id = await current_member_id(self)
        if not member_id:
            self._cash, self._version, self.shown = "0", (-1, -1), ""
            self.bonus_shown, self.bonus_percent, self.unread, self.rewards = "", 0, 0, 0
            self.missions = 0
            self._bonus, self._games, self.games_shown = "", "0", ""
            self.games_notice = self.games_error = ""
            self._exit, self.exit_notice = ("", ""), ""
            return None
        self.games_notice = self.games_error = ""  # a result belongs to its moment
        # The version first: a movement after it is the watch's to show.
        self._version = await balance_version(member_id)
        await self._reload(
            member_id,
            money_only=in_play
            and self._full_read[0] == member_id
            and time.time() - self._full_read[1] < FULL_READ_EVERY_SECONDS,
        )
        if revealed:
            lang, digits = self._formatted_in
            cash = Decimal(self._cash) - revealed
            self.held = format_balance(cash, lang, self.hidden, digits)
            self.held_count += 1
        # A page's load reads the check afresh. In play a check falling due refuses the next
        # bet, which brings up its dialog, and the watch looks on its beat: a round need not
        # chain one.
        checks = [] if in_play else [RealityState.check(True)]
        return checks if self._watch_alive(member_id) else [*checks, WalletState.watch]

    def _key(self, member_id: int) -> str:
        return f"{watch_key(self)} {member_id}"

    def _watch_alive(self, member_id: int) -> bool:
        return (
            self._watch_token == self._key(member_id)
            and time.time() - self._watch_beat < WATCH_STALE_SECONDS
        )

    async def _login_id(self) -> int:
        auth = await self.get_state(AuthState)
        return auth.member_id if auth.is_login else 0

    async def _reload(self, member_id: int, *, money_only: bool = False) -> None:
        """Every figure of the header, or (`money_only`) the main wallet and the bonus."""
        brand = await current_brand(self)
        await self._show_figures(await _figures(brand, member_id, money_only=money_only))

    async def _show_figures(self, read: _Figures) -> None:
        _shows.shown(self._watch_token, Version(*self._version))
        self._cash = read.cash
        if read.games is not None:
            self._games = read.games
        self.currency_symbol = read.currency_symbol
        self._bonus, self.bonus_percent = read.bonus, read.bonus_percent
        await self._format()
        if read.badges is None:
            return
        self.unread, self.rewards, self.missions = read.badges
        self._full_read = (read.member_id, time.time())

    @rx.event(background=True)
    async def watch(self) -> None:
        """Keep the header balance live: a movement anywhere (a deposit credited, a round
        settled in another tab or worker) bumps the member's version in Redis, which this
        process reads for all its pages at once (`wallet_events.watching`). The tab's state is
        entered only when it moved, and every CHECK_EVERY_SECONDS to see the page, the socket
        and the login are still the watch's."""
        async with self:
            member_id = await self._login_id()
            if self._watch_alive(member_id) or not member_id:
                return
            token = self._watch_token = self._key(member_id)
            self._watch_beat = time.time()
            following = _Following(
                token,
                member_id,
                (await current_brand(self)).id,
                Version(*self._version),
                self._full_read[0] == member_id,
            )
        started = time.monotonic()
        check_at = started + CHECK_EVERY_SECONDS
        _shows.start(token, following.known)
        try:
            async with wallet_events.watching(member_id) as versions:
                while (now := time.monotonic()) < started + WATCH_FOR_SECONDS:
                    version = await versions.version(following.known, check_at - now)
                    moved = _Moved()
                    if time.monotonic() >= check_at:
                        check_at = time.monotonic() + CHECK_EVERY_SECONDS
                        async with self:
                            if self._watch_token != token or await self._login_id() != member_id:
                                return  # a newer watch serves this tab's page, or the login changed
                            self._watch_beat = time.time()
                            # A check falls due with time, not only with a bet: looked at on the
                            # beat, also while the tab's own rounds run.
                            moved.look = await may_be_due(self, member_id)
                    if version != following.known:
                        found = await self._follow_version(following, version)
                        if found is None:
                            return
                        moved = _Moved(found.followers, moved.look or found.look)
                    # The reality check looks once its quiet spell is over; the tab's page, if it
                    # shows the member's bonuses or money, reads them again.
                    if moved.look:
                        yield RealityState.check
                    for event in moved.followers:
                        yield event
        finally:
            _shows.end(token)

    async def _follow_version(self, following: _Following, version: Version) -> _Moved | None:
        """Show the figures of the member's money at `version`, which the watch read; None
        when the watch is no longer the tab's, or its member is no longer the one logged in.

        Read before taking the tab's lock, which is taken once: a round's payments wake every
        watch of the brand at once, and a lock held over a busy database's reads expired
        (Reflex's LockExpiredError) while the tab's own events waited behind it. The tab's
        own refresh that showed figures while this read them may have read them later: then
        they are read again, rather than an older read covering its newer one."""
        # A game's round moves the money only: the badges stay as last read.
        money_only = version.badges == following.known.badges and following.full
        following.known = version
        for _ in range(READS_PER_WAKE):
            shows, last = _shows.count(following.token), _shows.last(following.token)
            if last is not None and _covers(last, version):
                return _Moved()  # the tab's own refresh (after its bet) read it already
            brand = await brands.by_id(following.brand_id)
            async with within_pool():  # a round's movements wake hundreds of watches at once
                read = await _figures(brand, following.member_id, money_only=money_only)
            async with self:
                if self._watch_token != following.token:
                    return None  # the page changed while the version was read
                if _covers(Version(*self._version), version):
                    return _Moved()  # the tab's own refresh read it (or a later one) meanwhile
                if _shows.count(following.token) != shows:
                    continue  # the tab's own refresh showed figures meanwhile: read again
                # The amount is shown to the session's member only, never the page's.
                reader = await current_member_id(self, touch=False)
                if reader != following.member_id:
                    if not reader:
                        self._version = version
                        self._cash, self.shown, self._games, self.games_shown = "0", "", "0", ""
                    return None
                self._version = version
                await self._show_figures(read)
                following.full = following.full or not money_only
                path = await current_path(self)
                money = follow.Money(reader, brand.currency, Decimal(read.cash))
                followers = [
                    *await follow.show_balance_on(self, path, money),
                    *follow.balance_followers(path),
                ]
                # The money may have moved by a bet: the reality check too, once it may be due.
                return _Moved(followers, await may_be_due(self, reader))
        return _Moved()

    @rx.event
    async def reformat(self) -> None:
        """The language changed: show the same amount with the new locale's separators."""
        await self._format()

    @rx.event
    async def toggle_hidden(self) -> None:
        self.hidden_choice = "" if self.hidden else "1"
        await self._format(as_before=True)

    async def _failed(self, exc: AppError, at: str = "") -> None:
        """A refusal shows beside the games' balance, where `bring_back`'s result goes."""
        self.games_notice = ""
        self.games_error = translate(exc.code, await ui_lang(self), **exc.params)

    @rx.event
    @gated
    @member_action
    async def bring_back(self) -> None:
        """Every game wallet's money back to the main wallet, the result beside the button."""
        lang = await ui_lang(self)
        member = await current_member(self)
        brand = await current_brand(self)
        done = await transfers.recall_all(brand, member, uuid4().hex)
        moved = sum(done.moved.values(), transfers.ZERO)
        self.currency_symbol = brand.currency_symbol  # as `_reload` below keeps it
        shown = self._money(moved, lang, brand.amount_digits)
        self.games_error = ""
        if moved:
            self.games_notice = translate("transfer.recalled", lang, amount=shown)
        elif done.skipped:  # only wallets of vendors in maintenance hold money: they wait
            self.games_notice = ""
            self.games_error = translate(
                "wallet-vendor-maintenance", lang, vendor=", ".join(done.skipped)
            )
        else:
            self.games_notice = translate("transfer.nothing_to_recall", lang)
        await self._reload(member.id or 0)

    @rx.event
    @gated
    @member_action
    async def back_from_game(self) -> None:
        """The home page opened by a transfer vendor's lobby link (`?game_exit=VENDOR`): on a
        brand whose switch is on, that game's wallet comes back to the main wallet, and the
        page says how much (any other home page load clears the line)."""
        self._exit, self.exit_notice = ("", ""), ""
        vendor = self.router.url.query_parameters.get(launch.EXIT_PARAM, "")
        member_id = await current_member_id(self, touch=False) if vendor else 0
        if not member_id:
            return
        brand = await current_brand(self)
        done = await transfers.back_on_exit(brand, await current_member(self), vendor)
        moved = sum(done.moved.values(), transfers.ZERO)
        if moved:
            self._exit = (str(moved), ", ".join(done.names[code] for code in done.moved))
            await self._reload(member_id)  # which says it (`_format`)


async def refresh_header(state: rx.State, revealed: Decimal = Decimal(0)) -> Any:
    """The header read again inside a game's own event, once its money moved: the tab's state
    holds the new version when the event ends, so the watch, which waited for the event's lock,
    finds nothing new (with a chained `WalletState.refresh` the watch often came first, and
    both read everything again). The rest waits for FULL_READ_EVERY_SECONDS. `revealed`: the
    round's payout, which the header adds only when the game's board reveals it."""
    wallet = await state.get_state(WalletState)
    return await wallet._refresh(in_play=True, revealed=revealed)


follow.AFTER_LOGIN.append(WalletState.refresh)
follow.AFTER_LANGUAGE.append(WalletState.reformat)


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "WalletState.refresh": f"balance of the {LOGIN}",
    "WalletState.watch": f"one watch per tab; balance of the {LOGIN}",
    "WalletState.reformat": "this tab's own amount",
    "WalletState.toggle_hidden": "this tab's own display choice",
    "WalletState.bring_back": f"wallets of the {LOGIN}",
    "WalletState.back_from_game": (
        f"the {LOGIN}'s own game wallet, on the brand's switch only; the vendor from the URL "
        "is only looked up"
    ),
}
