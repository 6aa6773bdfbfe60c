"""`python -m simulator`: the provider simulator on SIMULATOR_HOST:SIMULATOR_PORT (granian,
the ASGI server Reflex already brings)."""

from __future__ import annotations

from granian import Granian
from granian.constants import Interfaces

from simulator.config import load


def main() -> None:
    settings = load()
    Granian(
        "simulator.server:main_app",
        address=settings.host,
        port=settings.port,
        interface=Interfaces.ASGI,
        factory=True,
        log_level="warning",  # type: ignore[arg-type]
    ).serve()


if __name__ == "__main__":
    main()
