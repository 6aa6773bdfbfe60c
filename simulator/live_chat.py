"""The live vendor's hosts and the chat rooms of its tables.

A chat room is one per live table. A member enters with the platform's chat token (who, which
table, until when; HMAC-SHA256 under the vendor's secret). Messages are kept per room (the
latest MAX_KEPT), cleaned (control characters out, whitespace folded, at most MAX_CHARS) and
limited per member (one a second, RATE_PER_MINUTE a minute); they are shown as text, never as
HTML. The table's host greets the room.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import random
import re
import time
import unicodedata
from collections import deque
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

MAX_CHARS = 200
MAX_KEPT = 200
RATE_PER_MINUTE = 20
HOSTS = ("Ana", "Beatriz", "Camila", "Daniela", "Fernanda", "Gabriela", "Isabela", "Juliana",
         "Larissa", "Mariana", "Natália", "Rafaela", "Sofia", "Vitória")  # fmt: skip


@dataclass(frozen=True)
class ChatIdentity:
    member_id: int
    nickname: str
    table: str


def read_token(secret: str, token: str, now: float | None = None) -> ChatIdentity | None:
    part, _, digest = token.partition(".")
    expected = hmac.new(secret.encode(), part.encode(), hashlib.sha256).hexdigest()
    if not part or not hmac.compare_digest(expected, digest):
        return None
    try:
        payload = json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
        identity = ChatIdentity(int(payload["m"]), str(payload["n"])[:20], str(payload["t"]))
        expires = int(payload["e"])
    except (ValueError, KeyError, TypeError):
        return None
    return identity if expires > (now if now is not None else time.time()) else None


def clean(text: str) -> str:
    """Printable text only, whitespace folded, at most MAX_CHARS."""
    kept = "".join(c for c in text if unicodedata.category(c)[0] != "C" or c == " ")
    return re.sub(r"\s+", " ", kept).strip()[:MAX_CHARS]


def models(vendor: str, tables: list[str]) -> list[dict[str, Any]]:
    """The vendor's hosts: one per table (up to the host list), online by the hour's shift."""
    rng = random.Random(f"hosts:{vendor}")
    names = rng.sample(HOSTS, min(len(HOSTS), len(tables)))
    shift = int(time.time() // 3600)
    return [
        {
            "modelId": f"{vendor}-{index + 1}",
            "name": name,
            "tables": [tables[index]],
            "online": (index + shift) % 4 != 0,
            "avatar": f"/avatars/{vendor}-{index + 1}.svg",
        }
        for index, name in enumerate(names)
    ]


# The hosts' portraits: the Fluent Emoji dealers the platform's live tables show (the
# illustrations the repository keeps, MIT), one skin tone per host by its id.
ILLUSTRATIONS = Path(__file__).resolve().parent.parent / "assets" / "game-art" / "motifs.json"
HOST_FIGURES = tuple(
    f"woman-in-tuxedo-{tone}" for tone in ("light", "medium-light", "medium", "medium-dark", "dark")
)


@lru_cache(maxsize=1)
def _figures() -> dict[str, str]:
    icons = json.loads(ILLUSTRATIONS.read_text(encoding="utf-8"))["icons"]
    return {name: str(icons[name]) for name in HOST_FIGURES}


def avatar_svg(name: str) -> str:
    digest = hashlib.sha256(name.encode()).digest()
    hue = digest[0] * 360 // 256
    figure = _figures()[HOST_FIGURES[digest[1] % len(HOST_FIGURES)]]
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">'
        f'<circle cx="48" cy="48" r="48" fill="hsl({hue},60%,45%)"/>'
        f'<svg x="12" y="16" width="72" height="72" viewBox="0 0 32 32">{figure}</svg></svg>'
    )


@dataclass
class Room:
    messages: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=MAX_KEPT))
    next_id: int = 1
    sent: dict[int, deque[float]] = field(default_factory=dict)

    def post(self, author: str, text: str, *, host: bool = False) -> dict[str, Any]:
        message = {"id": self.next_id, "author": author, "text": text, "host": host}
        self.next_id += 1
        self.messages.append(message)
        return message

    def allowed(self, member_id: int, now: float) -> bool:
        times = self.sent.setdefault(member_id, deque(maxlen=RATE_PER_MINUTE))
        if times and now - times[-1] < 1:
            return False
        if len(times) == RATE_PER_MINUTE and now - times[0] < 60:
            return False
        times.append(now)
        return True

    def after(self, last: int) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["id"] > last]
