"""Device keys: the secrets the server hands a browser or an app install, and only those.

A key is 32 random URL-safe characters (192 bits) followed by 11 of the server's MAC over
them, so a value the server never issued is recognised as such without a lookup. The site's
`browser` cookie holds one (app/services/browser_logins.py); every login gives the client a
fresh one, and the member's known devices are the keys their logins gave
(app/services/accounts/login.py).
"""

from __future__ import annotations

import hmac
import re
import secrets

from app.core.security import keyed_digest

_SHAPE = re.compile(r"[A-Za-z0-9_-]{43}")
_RANDOM_PART = 32


def _mac(random_part: str) -> str:
    return keyed_digest(random_part, "device-key")[: 43 - _RANDOM_PART]


def new_key() -> str:
    random_part = secrets.token_urlsafe(24)
    return random_part + _mac(random_part)


def valid_key(key: str | None) -> str | None:
    """The key when this server issued it (shape and MAC), else None."""
    if not key or not _SHAPE.fullmatch(key):
        return None
    random_part, mac = key[:_RANDOM_PART], key[_RANDOM_PART:]
    return key if hmac.compare_digest(mac, _mac(random_part)) else None


def key_digest(key: str | None) -> str:
    """What the server stores for a key ('' for none or a forged one)."""
    checked = valid_key(key)
    return keyed_digest(checked, "device-key-digest") if checked else ""
