"""One frontend build per source and port for every test stage that starts the site.

`reflex run --env prod` compiles and builds the frontend each time it starts (minutes of CPU).
The bundle depends on the Python sources of the pages and on the site's port (its websocket
address is built in), so a build is kept per port in `.web-tests/port-<N>` with a stamp of the
sources it was built from: a later site on the same port with the same sources starts the
production server on that build (`app.cli serve`) instead of building again. Each pytest-xdist
worker has its own port, so parallel sites never share a build folder.
"""

from __future__ import annotations

import hashlib
import os
import socket
import sys
from dataclasses import dataclass
from pathlib import Path

from app.core.config import PROJECT_ROOT

BUILDS = PROJECT_ROOT / ".web-tests"
FIRST_PORT = int(os.environ.get("TEST_SITE_PORT", "3201"))
# What the compiled frontend is made from.
SOURCE_FOLDERS = ("app", "state", "pages", "components", "models", "assets")
SOURCE_FILES = ("rxconfig.py", "requirements.txt")
STAMP = ".built-from"


def _port_free(port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def worker_index() -> int:
    return int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw") or 0)


def site_port() -> int:
    """This worker's fixed port (its build can be reused), or any free port when it is taken
    (another checkout's tests on this machine): then the site builds afresh."""
    port = FIRST_PORT + worker_index()
    return port if _port_free(port) else free_port()


def source_stamp() -> str:
    digest = hashlib.sha256()
    files = [PROJECT_ROOT / name for name in SOURCE_FILES]
    for folder in SOURCE_FOLDERS:
        files.extend(sorted((PROJECT_ROOT / folder).rglob("*")))
    for path in files:
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(PROJECT_ROOT)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


@dataclass(frozen=True)
class SiteLaunch:
    """How to start the site on `port`: the command, the build folder to name in the
    environment, and whether it builds (then `mark_built` records the build once it runs)."""

    port: int
    command: list[str]
    web_dir: Path
    stamp: str
    builds: bool

    @property
    def env(self) -> dict[str, str]:
        return {"REFLEX_WEB_WORKDIR": str(self.web_dir), "PORT": str(self.port)}

    def mark_built(self) -> None:
        if self.builds:
            (self.web_dir / STAMP).write_text(self.stamp)


def site_launch(port: int) -> SiteLaunch:
    web_dir = BUILDS / f"port-{port}"
    stamp = source_stamp()
    stamp_file = web_dir / STAMP
    built = (web_dir / "build" / "client" / "index.html").exists()
    if built and stamp_file.exists() and stamp_file.read_text() == stamp:
        serve = [sys.executable, "-m", "app.cli", "serve", "--host", "127.0.0.1"]
        return SiteLaunch(port, [*serve, "--port", str(port)], web_dir, stamp, builds=False)
    stamp_file.unlink(missing_ok=True)
    reflex = str(Path(sys.executable).parent / "reflex")
    command = [reflex, "run", "--env", "prod", "--loglevel", "info"]
    return SiteLaunch(port, command, web_dir, stamp, builds=True)
