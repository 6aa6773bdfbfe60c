"""Vendor credentials: the signing secret (encrypted at rest) and the launch URLs."""

from __future__ import annotations

import secrets
import time

from sqlmodel import select

from app.core.db import read_scope, write_transaction
from app.core.errors import AppError
from app.core.security import decrypt_secret, encrypt_secret
from app.services.seamless.port import STUDIO_VENDOR
from models import GameVendor, VendorCredential
from models.catalogue import WalletMode

_KEY_PURPOSE = "vendor-wallet"
# The co-hosted studio's pages: a launch token for real play, a demo flag for free play.
STUDIO_LAUNCH_URL = "/play/{gameCode}?token={token}"
STUDIO_DEMO_URL = "/play/{gameCode}?demo=1"
# Every wallet call checks its signature with the vendor's secret: each process keeps it this
# long instead of reading and opening it for each call (a quarter of a call's CPU). A rotation
# takes effect at once in its own process, within this time in the others.
SECRET_SECONDS = 5.0
_secrets: dict[str, tuple[str, float]] = {}  # vendor: (secret, read at)


async def credential(vassalage: str) -> VendorCredential | None:
    """The active credential of a vendor, None for vendors not integrated here."""
    async with read_scope() as session:
        found = (
            await session.exec(
                select(VendorCredential).where(VendorCredential.vassalage == vassalage)
            )
        ).first()
    return found if found is not None and found.active else None


async def vendor_secret(vassalage: str) -> str:
    """The vendor's signing secret; refused for a vendor not integrated (nothing is kept for
    those: any path names a vendor)."""
    kept = _secrets.get(vassalage)
    if kept is None or time.monotonic() - kept[1] >= SECRET_SECONDS:
        found = await credential(vassalage)
        if found is None:
            _secrets.pop(vassalage, None)
            raise AppError("seamless-unknown-vendor", 401)
        secret = decrypt_secret(found.secret_encrypted, _KEY_PURPOSE)
        kept = _secrets[vassalage] = (secret, time.monotonic())
    return kept[0]


def forget_secrets() -> None:
    """Read every vendor's secret again at its next call (another database: a restore)."""
    _secrets.clear()


async def rotate_vendor_secret(vassalage: str) -> str:
    """A new random signing secret for an integrated vendor; shown once, to hand over.

    A transfer-wallet vendor gets its first credential here (it signs its round reports;
    it has no launch URL: its games are not opened through the seamless wallet)."""
    secret = secrets.token_urlsafe(32)
    async with write_transaction() as session:
        found = (
            await session.exec(
                select(VendorCredential).where(VendorCredential.vassalage == vassalage)
            )
        ).first()
        if found is None:
            vendor = (
                await session.exec(select(GameVendor).where(GameVendor.vassalage == vassalage))
            ).first()
            if vendor is None or vendor.wallet_mode != WalletMode.TRANSFER:
                raise AppError("seamless-unknown-vendor", 404)
            found = VendorCredential(vassalage=vassalage, secret_encrypted="", launch_url="")
        found.secret_encrypted = encrypt_secret(secret, _KEY_PURPOSE)
        session.add(found)
    _secrets.pop(vassalage, None)
    return secret


async def seed_vendor_credentials() -> None:
    """The studio (BGS) gets a credential with a fresh random secret, once."""
    async with write_transaction() as session:
        vendor = await session.exec(select(GameVendor).where(GameVendor.vassalage == STUDIO_VENDOR))
        known = await session.exec(
            select(VendorCredential).where(VendorCredential.vassalage == STUDIO_VENDOR)
        )
        if vendor.first() is None or known.first() is not None:
            return
        session.add(
            VendorCredential(
                vassalage=STUDIO_VENDOR,
                secret_encrypted=encrypt_secret(secrets.token_urlsafe(32), _KEY_PURPOSE),
                launch_url=STUDIO_LAUNCH_URL,
                demo_url=STUDIO_DEMO_URL,
            )
        )
