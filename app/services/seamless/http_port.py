"""The wallet port over HTTP: signed calls to `/vendor/<code>/wallet/...`, for a studio that
runs apart from the platform (STUDIO_WALLET_URL). Answers are the same as in-process."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

import httpx

from app.core import http
from app.core.config import get_settings
from app.core.errors import AppError
from app.services.seamless.port import STUDIO_VENDOR, PlayerSession, WalletAnswer, WalletCall
from app.services.seamless.signing import signed_headers
from app.services.seamless.vendors import vendor_secret

TIMEOUT_SECONDS = 10.0


def call_body(session_token: str, call: WalletCall) -> dict[str, Any]:
    body: dict[str, Any] = {
        "sessionToken": session_token,
        "transactionId": call.transaction_id,
        "roundId": call.round_id,
        "gameCode": call.game_code,
        "amount": str(call.amount),
    }
    if call.rollback_of is not None:
        body["rollbackOf"] = call.rollback_of
    return body


class HttpWallet:
    """Signs each call with the vendor's secret; the secret comes from STUDIO_WALLET_SECRET
    or, when the studio shares the platform's database, from the vendor credential."""

    def __init__(
        self,
        base_url: str,
        *,
        vendor: str = STUDIO_VENDOR,
        secret: str | None = None,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.vendor = vendor
        self._secret = secret
        self._transport = transport

    async def _signing_secret(self) -> str:
        if self._secret is None:
            configured = get_settings().studio_wallet_secret
            if configured is not None:
                self._secret = configured.get_secret_value()
            else:
                self._secret = await vendor_secret(self.vendor)
        return self._secret

    async def _post(self, operation: str, body: dict[str, Any]) -> dict[str, Any]:
        raw = json.dumps(body, separators=(",", ":")).encode()
        headers = {
            "Content-Type": "application/json",
            **signed_headers(await self._signing_secret(), raw),
        }
        url = f"{self.base_url}/vendor/{self.vendor}/wallet/{operation}"
        try:
            async with http.client(transport=self._transport, timeout=TIMEOUT_SECONDS) as client:
                response = await client.post(url, content=raw, headers=headers)
            document = response.json()
        except (httpx.HTTPError, ValueError) as exc:
            raise AppError("seamless-wallet-unreachable", 503) from exc
        if not isinstance(document, dict) or not document.get("success"):
            code = document.get("code") if isinstance(document, dict) else None
            raise AppError(str(code or "seamless-wallet-unreachable"), response.status_code)
        value = document.get("value")
        if not isinstance(value, dict):
            raise AppError("seamless-wallet-unreachable", 502)
        return value

    @staticmethod
    def _answer(value: dict[str, Any]) -> WalletAnswer:
        return WalletAnswer(
            status=str(value["status"]),
            balance=Decimal(str(value["balance"])),
            currency=str(value["currency"]),
            transaction_id=str(value.get("transactionId") or ""),
            replay=bool(value.get("replay")),
        )

    async def authenticate(self, launch_token: str) -> PlayerSession:
        value = await self._post("authenticate", {"launchToken": launch_token})
        return PlayerSession(
            session_token=str(value["sessionToken"]),
            member_id=int(value["memberId"]),
            merchant_id=int(value["merchantId"]),
            currency=str(value["currency"]),
            vendor=self.vendor,
            game_code=str(value["gameCode"]),
            balance=Decimal(str(value["balance"])),
        )

    async def balance(self, session_token: str) -> WalletAnswer:
        return self._answer(await self._post("balance", {"sessionToken": session_token}))

    async def debit(self, session_token: str, call: WalletCall) -> WalletAnswer:
        return self._answer(await self._post("debit", call_body(session_token, call)))

    async def credit(self, session_token: str, call: WalletCall) -> WalletAnswer:
        return self._answer(await self._post("credit", call_body(session_token, call)))

    async def rollback(self, session_token: str, call: WalletCall) -> WalletAnswer:
        return self._answer(await self._post("rollback", call_body(session_token, call)))

    async def bet_win(self, session_token: str, bet: WalletCall, win: WalletCall) -> WalletAnswer:
        body = {
            **call_body(session_token, bet),
            "winTransactionId": win.transaction_id,
            "winAmount": str(win.amount),
        }
        return self._answer(await self._post("betwin", body))
