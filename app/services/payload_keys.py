"""The RSA keys behind encrypted payloads: publish, rotate without downtime, open bodies.

The newest unretired key is published. Rotation retires it but keeps accepting it until
`accept_until` (the grace period), so clients holding the old key keep working meanwhile.
Private keys are stored encrypted under the app secret; opened keys stay cached per process.
"""

from __future__ import annotations

import asyncio
import base64
import secrets
import time
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from Crypto.PublicKey import RSA
from sqlmodel import col, select

from app.core import clock
from app.core.cache import get_redis
from app.core.config import get_settings
from app.core.crypto import ALGORITHM, OpenedPayload, PayloadError, generate_key_pair, open_sealed
from app.core.db import session_scope, write_transaction
from models import RsaKey

_KEYS_REFRESH_SECONDS = 5.0
_REPLAY_WINDOW_SECONDS = 600


@dataclass(frozen=True)
class PublicKey:
    kid: str
    pem: str
    algorithm: str = ALGORITHM


class PayloadKeyStore:
    def __init__(self) -> None:
        self._opened: dict[str, RSA.RsaKey] = {}
        self._valid: dict[str, RSA.RsaKey] = {}
        self._public: PublicKey | None = None
        self._loaded_at = 0.0
        self._lock = asyncio.Lock()

    def invalidate(self) -> None:
        self._loaded_at = 0.0

    async def _create_key(self) -> RsaKey:
        settings = get_settings()
        key = await asyncio.to_thread(generate_key_pair, settings.rsa_key_bits)
        private = key.export_key(
            passphrase=settings.secret(), pkcs=8, protection="PBKDF2WithHMAC-SHA512AndAES256-CBC"
        )
        return RsaKey(
            kid=secrets.token_hex(8),
            public_pem=key.publickey().export_key().decode(),
            private_pem_encrypted=private.decode(),
        )

    async def _refresh(self) -> None:
        now = clock.now()
        async with session_scope() as session:
            rows = list(
                (
                    await session.exec(
                        select(RsaKey)
                        .where(
                            (col(RsaKey.accept_until).is_(None)) | (col(RsaKey.accept_until) > now)
                        )
                        .order_by(col(RsaKey.created_at).desc(), col(RsaKey.id).desc())
                    )
                ).all()
            )
        if not any(r.retired_at is None for r in rows):
            await self.rotate()
            return await self._refresh()
        secret = get_settings().secret()
        valid: dict[str, RSA.RsaKey] = {}
        for row in rows:
            if row.kid not in self._opened:
                self._opened[row.kid] = await asyncio.to_thread(
                    RSA.import_key, row.private_pem_encrypted, secret
                )
            valid[row.kid] = self._opened[row.kid]
        active = next(r for r in rows if r.retired_at is None)
        self._valid = valid
        self._public = PublicKey(kid=active.kid, pem=active.public_pem)
        self._loaded_at = time.monotonic()

    async def _ensure(self) -> None:
        if time.monotonic() - self._loaded_at <= _KEYS_REFRESH_SECONDS and self._public:
            return
        async with self._lock:
            if time.monotonic() - self._loaded_at > _KEYS_REFRESH_SECONDS or not self._public:
                await self._refresh()

    async def public_key(self) -> PublicKey:
        await self._ensure()
        assert self._public is not None
        return self._public

    async def rotate(self, now: datetime | None = None) -> str:
        """Publish a new key; the previous ones stay accepted for the grace period."""
        moment = now or clock.now()
        grace = timedelta(hours=get_settings().rsa_key_grace_hours)
        new_key = await self._create_key()
        async with write_transaction() as session:
            active = (
                await session.exec(select(RsaKey).where(col(RsaKey.retired_at).is_(None)))
            ).all()
            for old in active:
                old.retired_at = moment
                old.accept_until = moment + grace
                session.add(old)
            session.add(new_key)
        self.invalidate()
        return new_key.kid

    async def open(self, document: Any, method: str, path: str) -> OpenedPayload:
        """Open a sealed body for this call; a replayed body is refused."""
        await self._ensure()
        if isinstance(document, dict) and document.get("kid") not in self._valid:
            self.invalidate()  # a key rotated by another process since our last refresh
            await self._ensure()
        # RSA decryption costs milliseconds: keep it off the event loop.
        opened = await asyncio.to_thread(open_sealed, document, self._valid, method, path)
        replay_key = f"sealed:{opened.kid}:{base64.b64encode(opened.iv).decode()}"
        first_use = await get_redis().set(replay_key, "1", nx=True, ex=_REPLAY_WINDOW_SECONDS)
        if not first_use:
            raise PayloadError("payload-decrypt-failed")
        return opened


payload_keys = PayloadKeyStore()
