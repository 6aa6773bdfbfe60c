"""Which wallet the in-house studio plays through: in-process when co-hosted, signed HTTP
calls to the platform's seamless wallet when it runs apart (STUDIO_WALLET_URL)."""

from __future__ import annotations

from app.core.config import get_settings
from app.services.seamless.http_port import HttpWallet
from app.services.seamless.port import STUDIO_VENDOR, WalletPort
from app.services.seamless.wallet import InProcessWallet


def studio_wallet() -> WalletPort:
    """In-process for the co-hosted studio, or signed HTTP calls when STUDIO_WALLET_URL is set."""
    settings = get_settings()
    if settings.studio_wallet_url is None:
        return InProcessWallet()
    return HttpWallet(settings.studio_wallet_url, vendor=STUDIO_VENDOR)


def studio_wallet_in_process() -> bool:
    """Whether the studio's calls may be made in this process (batches among them)."""
    return get_settings().studio_wallet_url is None
