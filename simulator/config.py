"""The simulator's settings, from the environment (it may run on another host than the site).

- SIMULATOR_HOST / SIMULATOR_PORT: where it listens (127.0.0.1:8700).
- SIMULATOR_PLATFORM_URL: the platform's base URL, whose vendor APIs it calls
  (http://127.0.0.1:$PORT, the `make run` site).
- SIMULATOR_SECRET: the master secret the vendors' signing secrets derive from; the site's
  PROVIDER_SECRET. Unset: derived from the site's SECRET_KEY (or data/secret_key), which works
  when both run from the same checkout.
- SIMULATOR_TIMEOUT_SECONDS / SIMULATOR_RETRIES: a wallet call's timeout and its retries.
"""

from __future__ import annotations

import os
from dataclasses import dataclass


@dataclass(frozen=True)
class SimulatorSettings:
    host: str
    port: int
    platform_url: str
    master_secret: str
    timeout_seconds: float
    retries: int


def _master_secret() -> str:
    configured = os.environ.get("SIMULATOR_SECRET") or os.environ.get("PROVIDER_SECRET")
    if configured:
        return configured
    from app.services.providers.registry import master_secret

    return master_secret()


def load() -> SimulatorSettings:
    site_port = os.environ.get("PORT", "3000")
    return SimulatorSettings(
        host=os.environ.get("SIMULATOR_HOST", "127.0.0.1"),
        port=int(os.environ.get("SIMULATOR_PORT", "8700")),
        platform_url=os.environ.get("SIMULATOR_PLATFORM_URL", f"http://127.0.0.1:{site_port}"),
        master_secret=_master_secret(),
        timeout_seconds=float(os.environ.get("SIMULATOR_TIMEOUT_SECONDS", "5")),
        retries=int(os.environ.get("SIMULATOR_RETRIES", "3")),
    )
