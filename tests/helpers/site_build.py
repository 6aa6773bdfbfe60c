"""One frontend build per source and port for every test stage that starts the site.

`reflex run --env prod` compiles and builds the frontend each time it starts (minutes of CPU).
The bundle depends on the Python sources of the pages and on the site's port (its websocket
address is built in), so a build is made by `reflex export` and kept per port in
`.web-tests/port-<N>` with a stamp of the sources it was built from; every test site starts the
production server on it (`app.cli serve`). Each pytest-xdist worker has its own port, so parallel
sites never share a build folder.

Builds are made one at a time (a file lock): a worker that finds another port's build of the same
sources copies it and rewrites the port in the bundle (`retarget`) instead of building its own,
so two workers cost one build.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from app.core.config import PROJECT_ROOT

BUILDS = PROJECT_ROOT / ".web-tests"
FIRST_PORT = int(os.environ.get("TEST_SITE_PORT", "3201"))
# What the compiled frontend is made from.
SOURCE_FOLDERS = ("app", "state", "pages", "components", "models", "assets")
SOURCE_FILES = ("rxconfig.py", "requirements.txt")
STAMP = ".built-from"
LOCK = ".build-lock"
BUILD_TIMEOUT_SECONDS = 900
LOCK_WAIT_SECONDS = BUILD_TIMEOUT_SECONDS + 60
BUN = PROJECT_ROOT / ".tools/bun/node_modules/bun/bin/bun.exe"
CLIENT = Path("build") / "client"
BACKEND = Path("backend")  # Reflex's notes for the server (stateful_pages.json, ...)
# The sidecars that the production server prefers to a file (compress-static.js makes them).
SIDECARS = (".gz", ".br", ".zst")


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
    (another checkout's tests on this machine): then a current build is copied to it, or made."""
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
    """How to start the site on `port`: the production server's command and the build folder
    to name in the environment."""

    port: int
    command: list[str]
    web_dir: Path

    @property
    def env(self) -> dict[str, str]:
        return {"REFLEX_WEB_WORKDIR": str(self.web_dir), "PORT": str(self.port)}


def _current(web_dir: Path, stamp: str) -> bool:
    stamp_file = web_dir / STAMP
    built = (web_dir / CLIENT / "index.html").exists()
    return built and stamp_file.exists() and stamp_file.read_text() == stamp


def _port_of(web_dir: Path) -> int:
    return int(web_dir.name.removeprefix("port-"))


def retarget(donor: Path, web_dir: Path, port: int) -> None:
    """Copy `donor`'s built client to `web_dir` with its websocket and API port changed to
    `port` (the bundle names `localhost:<port>`); a rewritten file loses its compressed
    sidecars, so the server sends the rewritten text. The export's backend notes come along:
    without its list of pages that make state classes (none here), every server worker would
    evaluate every page again as it starts (about 10 s of CPU each)."""
    target = web_dir / CLIENT
    shutil.rmtree(target, ignore_errors=True)
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copytree(donor / CLIENT, target)
    if (donor / BACKEND).is_dir():
        shutil.copytree(donor / BACKEND, web_dir / BACKEND, dirs_exist_ok=True)
    old_address = re.compile(rf"(localhost|127\.0\.0\.1):{_port_of(donor)}(?!\d)".encode())
    for path in target.rglob("*"):
        if not path.is_file() or path.suffix in SIDECARS:
            continue
        text = path.read_bytes()
        moved = old_address.sub(rb"\1:" + str(port).encode(), text)
        if moved != text:
            path.write_bytes(moved)
            for suffix in SIDECARS:
                path.with_name(path.name + suffix).unlink(missing_ok=True)
    (web_dir / STAMP).write_text((donor / STAMP).read_text())


def _build_lock() -> IO[str]:
    """The right to build, after any other worker's build (which may leave one to copy); a
    build that outlasts the wait is not waited for any longer."""
    lock = (BUILDS / LOCK).open("w")
    deadline = time.monotonic() + LOCK_WAIT_SECONDS
    while time.monotonic() < deadline:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            break
        except BlockingIOError:
            time.sleep(1)
    return lock


def _export(web_dir: Path, port: int) -> None:
    """Compile the pages and build the production frontend for `port` into `web_dir`
    (`reflex export`, as `reflex run --env prod` builds before it serves)."""
    (web_dir / STAMP).unlink(missing_ok=True)
    reflex = str(Path(sys.executable).parent / "reflex")
    env = {
        **os.environ,
        "REFLEX_WEB_WORKDIR": str(web_dir),
        "PORT": str(port),
        "REFLEX_BUN_PATH": str(BUN),
    }
    subprocess.run(
        [reflex, "export", "--frontend-only", "--no-zip", "--env", "prod", "--loglevel", "info"],
        cwd=PROJECT_ROOT, env=env, check=True, timeout=BUILD_TIMEOUT_SECONDS,
    )  # fmt: skip


def build(port: int) -> Path:
    """The build folder for `port`, current with the sources: kept from an earlier run, copied
    from another port's current build, or made (one build at a time)."""
    web_dir = BUILDS / f"port-{port}"
    stamp = source_stamp()
    if _current(web_dir, stamp):
        return web_dir
    BUILDS.mkdir(parents=True, exist_ok=True)
    with _build_lock():
        donor = next((d for d in sorted(BUILDS.glob("port-*")) if _current(d, stamp)), None)
        if donor is None:
            _export(web_dir, port)
            (web_dir / STAMP).write_text(stamp)
        elif donor != web_dir:
            retarget(donor, web_dir, port)
    return web_dir


def site_launch(port: int) -> SiteLaunch:
    """The production server on `port`, on a build current with the sources."""
    serve = [sys.executable, "-m", "app.cli", "serve", "--host", "127.0.0.1", "--port", str(port)]
    return SiteLaunch(port, serve, build(port))
