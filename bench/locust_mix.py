"""The locust scenario of bench_locust.py: one simulated player per user, the spec's mix.

Each user logs in once (bot check solved, credentials sealed, as the site's own client does)
and launches the in-house studio's dice game once (launchGame, then the launch token exchanged
for a game session at /studio/session, as the game client does), then browses the home page and
the lobby, searches, toggles a favourite, reads the balance, deposits through the sandbox
provider (order, then the provider's signed webhook; no more orders than the site takes from
one member in its window, as a real player makes) and plays dice rounds through the studio's
game-client API. Members start with a balance (bench_locust.py deposits it at seed
time), so rounds are played from the first task on.
Users come through a reverse proxy: each sends its own X-Forwarded-For address, which the
server trusts for one hop (TRUSTED_PROXY_HOPS=1), so per-address limits apply per user.

Environment: LOAD_MEMBER_PREFIX (members <prefix>0…<prefix>N-1 exist with LOAD_PASSWORD),
LOAD_WEBHOOK_KEY (hex of the sandbox provider's signing key).
"""

from __future__ import annotations

import hashlib
import hmac
import itertools
import json
import os
import random
import re
import time
from typing import Any
from urllib.parse import parse_qs, urlsplit

from locust import FastHttpUser, between, task

from app.client import solve_pow
from app.core.crypto import seal
from app.services.accounts.limits import DEPOSIT_ORDERS_PER_MEMBER

MEMBER_PREFIX = os.environ.get("LOAD_MEMBER_PREFIX", "load")
PASSWORD = os.environ.get("LOAD_PASSWORD", "Segura123")
WEBHOOK_KEY = bytes.fromhex(os.environ.get("LOAD_WEBHOOK_KEY", ""))
SEARCH_WORDS = ("dragon", "fortune", "gold", "lucky", "star", "tiger", "fruit", "king")
FAVOURITE_GAP_SECONDS = 1.1  # the favourite toggle is throttled to one per second per member
STUDIO_VENDOR = "BGS"
STUDIO_GAME = "BGS_DICE"  # single-step: one call per round
STUDIO_BET = "1.00"  # within the game's limits, small against the seeded balance
DICE_CHOICES = {"target": "50.00", "direction": "over"}

_numbers = itertools.count()


class Player(FastHttpUser):
    wait_time = between(0.5, 2.5)

    def on_start(self) -> None:
        number = next(_numbers)
        self.username = f"{MEMBER_PREFIX}{number}"
        self.address = f"10.{number // 65536 % 256}.{number // 256 % 256}.{number % 256 + 1}"
        self.token = ""
        self.games: list[dict[str, Any]] = []
        self.favourite: dict[str, Any] | None = None
        self.last_favourite = 0.0
        self.game_token = ""
        self.deposit_orders: list[float] = []  # when this player's orders were made
        self._login()
        self._open_studio_game()

    # Helpers ---------------------------------------------------------------------------

    def _headers(self, token: str) -> dict[str, str]:
        headers = {"Device": "WEB", "X-Forwarded-For": self.address}
        if token:
            headers["Authorization"] = token
        return headers

    def _call(
        self,
        method: str,
        path: str,
        name: str,
        body: Any = None,
        raw: bytes | None = None,
        token: str | None = None,
    ) -> Any:
        """One call (with the login token unless another is given); a response whose envelope
        says success=false counts as a failure."""
        headers = self._headers(self.token if token is None else token)
        if raw is not None:
            headers["Content-Type"] = "application/json"
        with self.client.request(
            method, path, name=name, json=body, data=raw, headers=headers, catch_response=True
        ) as response:
            try:
                envelope = response.json()
            except ValueError:
                response.failure(f"not JSON ({response.status_code})")
                return None
            if response.status_code != 200 or not envelope.get("success"):
                response.failure(f"{response.status_code} {envelope.get('code')}")
                return None
            return envelope.get("value")

    def _login(self) -> None:
        challenge = self._call("GET", "/wps/verification/botCheck", "login: bot check")
        key = self._call("GET", "/wps/session/key/rsa", "login: payload key")
        if challenge is None or key is None:
            return
        payload = {
            "type": "username",
            "username": self.username,
            "password": PASSWORD,
            "botCheck": solve_pow(challenge),
        }
        path = "/wps/session/login"
        sealed = seal(payload, key["publicKey"], key["kid"], "POST", path)
        value = self._call("POST", path, "login", sealed)
        if value is not None:
            self.token = value["token"]

    def _open_studio_game(self) -> None:
        """Launch the studio's dice game, then exchange the launch token of the game URL for
        the game session that the round calls carry."""
        if not self.token:
            return
        launched = self._call(
            "POST",
            "/wps/game/launchGame",
            "studio: launch",
            {"gameCode": STUDIO_GAME, "vassalage": STUDIO_VENDOR, "accountType": 1},
        )
        if launched is None:
            return
        query = parse_qs(urlsplit(launched["content"]["game_url"]).query)
        body = {"launchToken": query.get("token", [""])[0]}
        opened = self._call("POST", "/studio/session", "studio: session", body, token="")
        if opened is not None:
            self.game_token = opened["sessionToken"]

    # The mix ---------------------------------------------------------------------------

    @task(4)
    def browse_home(self) -> None:
        self._call("GET", "/lgw/games/game_menus", "home: menus")
        self._call("GET", "/wps/relay/GCSGAME_hotGamesV2", "home: hot games")
        self._call("GET", "/lgw/games/popular?limit=12", "home: popular")

    @task(4)
    def browse_lobby(self) -> None:
        page = random.randint(1, 20)
        value = self._call(
            "GET",
            f"/wps/relay/GCSGAME_gameList?gameType=RNG&pageNo={page}&pageSize=50",
            "lobby: game page",
        )
        if value:
            self.games = value["list"]

    @task(2)
    def search(self) -> None:
        word = random.choice(SEARCH_WORDS)
        self._call(
            "GET", f"/wps/relay/GCSGAME_gameList?gameType=RNG&pageSize=50&name={word}", "search"
        )

    @task(1)
    def favourites(self) -> None:
        if not self.token:
            return
        self._call("GET", "/wps/relay/MCSFE_getFavoriteGames", "favourites: list")
        if not self.games or time.monotonic() - self.last_favourite < FAVOURITE_GAP_SECONDS:
            return
        self.last_favourite = time.monotonic()
        if self.favourite is None:
            game = random.choice(self.games)
            self.favourite = {
                "nodeId": game["nodeId"],
                "vendor": game["vassalage"],
                "gameType": game["gameType"],
            }
            path, name = "/wps/relay/MCSFE_addFavoriteGameV2", "favourites: add"
            self._call("POST", path, name, self.favourite)
        else:
            path, name = "/wps/relay/MCSFE_removeFavoriteGameV2", "favourites: remove"
            self._call("DELETE", path, name, self.favourite)
            self.favourite = None

    @task(3)
    def balance(self) -> None:
        if self.token:
            self._call("GET", "/wps/v2/wallets/balance", "balance")

    def _may_order(self) -> bool:
        """Whether another order stays within the site's limit per member (its 11th order in
        ten minutes is refused as too many: no player of the mix makes one)."""
        since = time.monotonic() - DEPOSIT_ORDERS_PER_MEMBER.window_seconds
        self.deposit_orders = [made for made in self.deposit_orders if made > since]
        return len(self.deposit_orders) < DEPOSIT_ORDERS_PER_MEMBER.limit

    @task(1)
    def deposit_via_sandbox(self) -> None:
        if not self.token or not self._may_order():
            return
        self.deposit_orders.append(time.monotonic())
        amount = f"{random.randint(10, 500)}.00"
        order = self._call(
            "POST", "/wps/payment/deposit", "deposit: order", {"channel": "PIX", "amount": amount}
        )
        if order is None:
            return
        # The provider's own reference travels in the PIX code (its txid).
        reference = re.search(r"SBX[0-9A-F]{16}", order["pixCode"] or "")
        body = json.dumps(
            {
                "orderNo": order["orderNo"],
                "providerReference": reference.group(0) if reference else "",
                "status": "PAID",
                "amount": order["amount"],
                "currency": order["currency"],
            }
        ).encode()
        signature = hmac.new(WEBHOOK_KEY, body, hashlib.sha256).hexdigest()
        with self.client.post(
            "/wps/payment/webhook/sandbox",
            name="deposit: provider webhook",
            data=body,
            headers={"Content-Type": "application/json", "X-Signature": signature},
            catch_response=True,
        ) as response:
            if response.status_code != 200:
                response.failure(f"{response.status_code}")

    @task(2)
    def play_in_house_round(self) -> None:
        if self.game_token:
            body = {"bet": STUDIO_BET, "params": DICE_CHOICES}
            self._call("POST", "/studio/rounds", "studio: round", body, token=self.game_token)
