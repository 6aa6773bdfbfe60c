"""The header balance: read from the ledger, formatted per locale, hidden on request."""

from __future__ import annotations

from decimal import Decimal

import reflex as rx

from app.core.db import session_scope
from app.core.i18n.formatting import format_balance
from app.services import ledger
from app.services.brands import brands
from state.auth import AuthState
from state.site import SiteState


class WalletState(rx.State):
    _cash: str = "0"
    hidden_choice: str = rx.LocalStorage("", name="balanceHidden")
    currency_symbol: str = ""
    shown: str = ""

    @rx.var
    def hidden(self) -> bool:
        return self.hidden_choice == "1"

    async def _format(self) -> None:
        site = await self.get_state(SiteState)
        self.shown = format_balance(Decimal(self._cash), site.ui_lang, self.hidden)

    @rx.event
    async def refresh(self) -> None:
        auth = await self.get_state(AuthState)
        if not auth.is_login or not auth.member_id:
            return
        site = await self.get_state(SiteState)
        brand = await brands.for_request(site.merchant or None, self.router.headers.host)
        async with session_scope() as session:
            wallet = await ledger.member_wallet(
                session, merchant_id=brand.id, member_id=auth.member_id, currency=brand.currency
            )
        self._cash = str(wallet.cash)
        self.currency_symbol = brand.currency_symbol
        await self._format()

    @rx.event
    async def toggle_hidden(self) -> None:
        self.hidden_choice = "" if self.hidden else "1"
        await self._format()
