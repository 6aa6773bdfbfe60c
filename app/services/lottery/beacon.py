"""The public randomness beacon (drand quicknet, League of Entropy) for the games configured
with it (`LOTTERY_BEACON_GAMES`).

Such an issue is created with the number of the first beacon round published after its close
time, so nobody, the operator included, can know the round's value while bets are taken.
The round's BLS signature is fetched (`LOTTERY_BEACON_URL`, drand's HTTP API), verified
against the League of Entropy's quicknet public key, and its randomness (hex) becomes the
`beacon` part of the issue's HMAC messages (see `rng`). Until it is there the issue waits in
CLOSED; a signature that does not verify is refused and the issue keeps waiting.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Protocol

import drand_verify  # type: ignore[import-untyped]

from app.core import http

QUICKNET_GENESIS = datetime.fromtimestamp(1_692_803_367, UTC)
QUICKNET_PERIOD = timedelta(seconds=3)


def published_at(round_number: int) -> datetime:
    """When a quicknet round is published (round 1 at genesis)."""
    return QUICKNET_GENESIS + (round_number - 1) * QUICKNET_PERIOD


def round_after(moment: datetime) -> int:
    """The first round published strictly after `moment`."""
    return (moment - QUICKNET_GENESIS) // QUICKNET_PERIOD + 2


def randomness(round_number: int, signature: str) -> str | None:
    """The round's randomness if the signature is the League of Entropy's, else None."""
    try:
        value: str = drand_verify.verify_quicknet(round_number, signature)
    except ValueError:
        return None
    return value


class BeaconSource(Protocol):
    """Where a round's signature comes from (None while it is not published)."""

    async def signature(self, round_number: int) -> str | None: ...


class DrandHttpBeacon:
    """drand's HTTP API: GET {base}/public/{round} → {"round", "signature", "randomness"}."""

    def __init__(self, base_url: str, timeout: float = 10.0) -> None:
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout

    async def signature(self, round_number: int) -> str | None:
        async with http.client(timeout=self.timeout) as client:
            answer = await client.get(f"{self.base_url}/public/{round_number}")
        if answer.status_code != 200:
            return None
        signature = answer.json().get("signature")
        return signature if isinstance(signature, str) else None
