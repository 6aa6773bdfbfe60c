"""The header balance: read from the ledger, formatted per locale, hidden on request."""

from __future__ import annotations

import asyncio
import time
from decimal import Decimal
from typing import Any

import reflex as rx

from app.core import clock
from app.core.i18n.formatting import format_amount, format_balance
from app.services import inbox
from app.services.cashier import transfers
from app.services.loyalty import missions as loyalty_missions
from app.services.promotions import bonus, offers
from app.services.wallet_events import balance_version
from state import follow
from state.auth import AuthState, member_or_none
from state.bonus import BonusState
from state.reality import RealityState
from state.site import SiteState, current_brand
from state.watch import watch_key

WATCH_EVERY_SECONDS = 2.0
WATCH_FOR_SECONDS = 3600  # a tab left open stops watching after an hour; a reload restarts it
WATCH_STALE_SECONDS = 3 * WATCH_EVERY_SECONDS  # no beat for this long: the watch is gone
# A reality check falls due with time, not only with a bet: looked at this often while idle.
REALITY_EVERY_TICKS = 15


class WalletState(rx.State):
    _cash: str = "0"
    _version: int = -1
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

    @rx.var
    def hidden(self) -> bool:
        return self.hidden_choice == "1"

    async def _format(self) -> None:
        site = await self.get_state(SiteState)
        self.shown = format_balance(Decimal(self._cash), site.ui_lang, self.hidden)

    @rx.event
    async def refresh(self) -> Any:
        member = await member_or_none(self)
        if member is None:
            self._cash, self._version, self.shown = "0", -1, ""
            self.bonus_shown, self.bonus_percent, self.unread, self.rewards = "", 0, 0, 0
            self.missions = 0
            return None
        await self._reload(member.id or 0)
        return (
            RealityState.check if self._watch_alive() else [RealityState.check, WalletState.watch]
        )

    def _watch_alive(self) -> bool:
        return (
            self._watch_token == watch_key(self)
            and time.time() - self._watch_beat < WATCH_STALE_SECONDS
        )

    async def _reload(self, member_id: int) -> None:
        brand = await current_brand(self)
        wallet = await transfers.member_wallet(brand, member_id)
        self._cash = str(wallet.cash)
        self.currency_symbol = brand.currency_symbol
        await self._format()
        site = await self.get_state(SiteState)
        summary = await bonus.summary(member_id)
        self.bonus_shown = format_amount(summary.locked, site.ui_lang) if summary.active else ""
        self.bonus_percent = summary.percent
        self.unread = await inbox.unread_count(member_id)
        self.rewards = await offers.rewards_waiting(member_id, clock.now())
        self.missions = await loyalty_missions.claimable_count(member_id, clock.now())

    @rx.event(background=True)
    async def watch(self) -> None:
        """Keep the header balance live: a movement anywhere (a deposit credited, a round
        settled in another tab or worker) bumps the member's version in Redis."""
        async with self:
            if self._watch_alive():
                return
            token = self._watch_token = watch_key(self)
            self._watch_beat = time.time()
        for tick in range(int(WATCH_FOR_SECONDS / WATCH_EVERY_SECONDS)):
            await asyncio.sleep(WATCH_EVERY_SECONDS)
            async with self:
                if self._watch_token != token:
                    return  # a newer watch serves this tab's page
                self._watch_beat = time.time()
                auth = await self.get_state(AuthState)
                member_id = auth.member_id if auth.is_login else 0
                known = self._version
            if not member_id:
                continue
            version = await balance_version(member_id)
            if version == known and tick % REALITY_EVERY_TICKS == REALITY_EVERY_TICKS - 1:
                yield RealityState.check
            if version != known:
                async with self:
                    if self._watch_token != token:
                        return  # the page changed while the version was read
                    self._version = version
                    # The amount is read for the session's member, never the page's.
                    member = await member_or_none(self, touch=False)
                    if member is None:
                        self._cash, self.shown = "0", ""
                        continue
                    await self._reload(member.id or 0)
                # Pages that show the member's bonuses or money read them again; a bet may
                # have brought the reality check due.
                yield BonusState.refresh
                yield RealityState.check
                for event in follow.AFTER_BALANCE:
                    yield event

    @rx.event
    async def reformat(self) -> None:
        """The language changed: show the same amount with the new locale's separators."""
        await self._format()

    @rx.event
    async def toggle_hidden(self) -> None:
        self.hidden_choice = "" if self.hidden else "1"
        await self._format()


follow.AFTER_LOGIN.append(WalletState.refresh)
follow.AFTER_LANGUAGE.append(WalletState.reformat)
