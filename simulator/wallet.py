"""The simulator's side of the platform's seamless wallet: signed HTTP calls to
`/vendor/<code>/wallet/<operation>`, as any outside vendor makes them.

A call whose answer is lost (timeout, connection dropped) is sent again with the same
transaction id: the platform answers a repeat with the first answer, so money moves once. A
debit that still has no answer after the retries is rolled back (the rollback is retried the
same way); the platform remembers a rollback that arrives before its debit. Every call's fate
is kept for the platform's reconciliation (`GET /api/<vendor>/transactions/<id>`).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from collections import deque
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import httpx

DONE, FAILED, ROLLED_BACK = "COMPLETED", "UNKNOWN", "ROLLED_BACK"


def vendor_secret(master: str, vendor: str) -> str:
    return hmac.new(master.encode(), f"vendor:{vendor}".encode(), hashlib.sha256).hexdigest()


def sign(secret: str, message: bytes, now: float | None = None) -> dict[str, str]:
    timestamp = str(int(now if now is not None else time.time()))
    digest = hmac.new(secret.encode(), timestamp.encode() + message, hashlib.sha256).hexdigest()
    return {"X-Timestamp": timestamp, "X-Signature": digest}


def verify(secret: str, headers: httpx.Headers | Any, message: bytes, max_age: int = 300) -> bool:
    timestamp = headers.get("x-timestamp") or ""
    signed = headers.get("x-signature") or ""
    if not timestamp.isdigit() or abs(time.time() - int(timestamp)) > max_age:
        return False
    expected = sign(secret, message, float(timestamp))["X-Signature"]
    return hmac.compare_digest(expected, signed.lower())


class WalletError(Exception):
    """The platform refused the call (its envelope code), or could not be reached."""

    def __init__(self, code: str, status: int = 0) -> None:
        super().__init__(code)
        self.code = code
        self.status = status


@dataclass(frozen=True)
class Answer:
    status: str  # OK, INSUFFICIENT_FUNDS, REFUSED
    balance: Decimal
    currency: str
    replay: bool


class PlatformWallet:
    def __init__(
        self,
        base_url: str,
        master_secret: str,
        *,
        timeout: float = 5.0,
        retries: int = 3,
        client: httpx.AsyncClient | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.master = master_secret
        self.retries = retries
        self.client = client or httpx.AsyncClient(timeout=timeout)
        self.transactions: dict[tuple[str, str], str] = {}  # (vendor, tx id) → fate
        self.latencies: deque[float] = deque(maxlen=100_000)  # seconds per wallet call

    async def _post(self, vendor: str, operation: str, body: dict[str, Any]) -> dict[str, Any]:
        return await self._signed_post(vendor, f"/vendor/{vendor}/wallet/{operation}", body)

    async def report_rounds(self, vendor: str, rounds: list[dict[str, Any]]) -> dict[str, Any]:
        """A transfer vendor's settled rounds: `POST /vendor/<code>/reports/rounds`; a repeat
        of a reported round is answered as a replay, so a lost answer is simply sent again."""
        return await self._signed_post(
            vendor, f"/vendor/{vendor}/reports/rounds", {"rounds": rounds}
        )

    async def _signed_post(self, vendor: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
        raw = json.dumps(body, separators=(",", ":")).encode()
        url = self.base_url + path
        last: Exception | None = None
        for _ in range(self.retries + 1):
            headers = {"Content-Type": "application/json"}
            headers.update(sign(vendor_secret(self.master, vendor), raw))
            try:
                started = time.perf_counter()
                response = await self.client.post(url, content=raw, headers=headers)
                self.latencies.append(time.perf_counter() - started)
                document = response.json()
            except (httpx.TransportError, ValueError) as exc:
                last = exc  # the answer is lost: the same transaction id again
                continue
            if response.status_code >= 500 and not isinstance(document, dict):
                last = WalletError("provider-unreachable", response.status_code)
                continue
            if not document.get("success"):
                raise WalletError(str(document.get("code")), response.status_code)
            value = document["value"]
            assert isinstance(value, dict)
            return value
        raise WalletError("provider-unreachable") from last

    async def authenticate(self, vendor: str, launch_token: str) -> dict[str, Any]:
        return await self._post(vendor, "authenticate", {"launchToken": launch_token})

    async def balance(self, vendor: str, session_token: str) -> Answer:
        value = await self._post(vendor, "balance", {"sessionToken": session_token})
        return _answer(value)

    async def _money(self, vendor: str, operation: str, body: dict[str, Any], tx: str) -> Answer:
        try:
            answer = _answer(await self._post(vendor, operation, body))
        except WalletError as error:
            if error.code != "provider-unreachable":
                self.transactions[(vendor, tx)] = FAILED
            raise
        self.transactions[(vendor, tx)] = DONE if answer.status == "OK" else FAILED
        return answer

    async def debit(
        self, vendor: str, session: str, tx: str, round_id: str, game: str, amount: Decimal
    ) -> Answer:
        body = _body(session, tx, round_id, game, amount)
        try:
            return await self._money(vendor, "debit", body, tx)
        except WalletError as error:
            if error.code == "provider-unreachable":
                await self.rollback(vendor, session, tx, round_id, game)
            raise

    async def bet_win(
        self,
        vendor: str,
        session: str,
        tx: str,
        round_id: str,
        game: str,
        bet: Decimal,
        win_tx: str,
        win: Decimal,
    ) -> Answer:
        """A one-step round (slot spin, shot, roulette spin) in one call: the bet, then the win
        under its own id. Lost answers are retried; a round never answered is rolled back."""
        body = {
            **_body(session, tx, round_id, game, bet),
            "winTransactionId": win_tx,
            "winAmount": str(win),
        }
        try:
            return await self._money(vendor, "betwin", body, tx)
        except WalletError as error:
            if error.code != "provider-unreachable":
                raise
            undone = await self.rollback(vendor, session, tx, round_id, game)
            if undone is not None and undone.status == "REFUSED":
                # The lost call had settled the round: the player's result stands.
                return Answer("OK", undone.balance, undone.currency, True)
            raise

    async def credit(
        self, vendor: str, session: str, tx: str, round_id: str, game: str, amount: Decimal
    ) -> Answer:
        return await self._money(vendor, "credit", _body(session, tx, round_id, game, amount), tx)

    async def rollback(
        self, vendor: str, session: str, tx: str, round_id: str, game: str
    ) -> Answer | None:
        """Undo a bet; None when the platform cannot be reached either (its reconciliation
        asks us later, and hears UNKNOWN). A REFUSED answer means the round was settled."""
        body = {**_body(session, f"rb-{tx}", round_id, game, Decimal("0")), "rollbackOf": tx}
        try:
            answer = _answer(await self._post(vendor, "rollback", body))
        except WalletError:
            return None
        self.transactions[(vendor, tx)] = ROLLED_BACK if answer.status == "OK" else DONE
        return answer

    def state(self, vendor: str, tx: str) -> str:
        return self.transactions.get((vendor, tx), FAILED)


def _body(session: str, tx: str, round_id: str, game: str, amount: Decimal) -> dict[str, Any]:
    return {
        "sessionToken": session,
        "transactionId": tx,
        "roundId": round_id,
        "gameCode": game,
        "amount": str(amount),
    }


def _answer(value: dict[str, Any]) -> Answer:
    return Answer(
        status=str(value["status"]),
        balance=Decimal(str(value["balance"])),
        currency=str(value["currency"]),
        replay=bool(value.get("replay")),
    )
