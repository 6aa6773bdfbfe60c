"""Liveness and readiness of a process, for the load balancer, the orchestrator's probes and
the container's HEALTHCHECK.

Alive: the process answers. Ready: it can serve, each check named in the answer:
- database: a query answers;
- redis: with REDIS_URL set, PING answers (unset: the in-process cache, nothing to reach);
- migrations: the database is at this release's Alembic head (an old schema means the
  deploy's `app.cli migrate` has not run yet; a newer one, that this process is old);
- frontend: where the process serves the site, the built pages are there.
"""

from __future__ import annotations

import asyncio
import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from alembic.script import ScriptDirectory
from sqlalchemy import text

from app.core.cache import get_redis, is_shared
from app.core.config import PROJECT_ROOT
from app.core.db import session_scope

CHECK_SECONDS = 2.0
# Set by `app.cli serve` for its workers: "1" when it mounts the built frontend, "0" when it
# serves the API only. Unset, a process in Reflex's production mode serves the frontend.
SERVES_FRONTEND_ENV = "PLATFORM_SERVES_FRONTEND"


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool
    detail: str  # what was found; never a secret (no URL, no message of the driver)


@dataclass(frozen=True)
class Readiness:
    checks: tuple[Check, ...]

    @property
    def ready(self) -> bool:
        return all(check.ok for check in self.checks)


@lru_cache
def expected_revisions() -> frozenset[str]:
    """This release's Alembic head(s)."""
    return frozenset(ScriptDirectory(str(PROJECT_ROOT / "alembic")).get_heads())


def built_page() -> Path:
    """The built site's first page, in Reflex's web folder: REFLEX_WEB_WORKDIR, else `.web`
    beside the process, as Reflex reads it (services import no adapter library)."""
    return Path(os.environ.get("REFLEX_WEB_WORKDIR", ".web")) / "build" / "client" / "index.html"


def serves_frontend() -> bool:
    flag = os.environ.get(SERVES_FRONTEND_ENV)
    if flag is not None:
        return flag == "1"
    return os.environ.get("REFLEX_ENV_MODE", "").lower() == "prod"


async def _database() -> tuple[Check, set[str] | None]:
    try:
        async with asyncio.timeout(CHECK_SECONDS), session_scope() as session:
            connection = await session.connection()
            rows = await connection.execute(text("SELECT version_num FROM alembic_version"))
            revisions = {str(row[0]) for row in rows}
    except Exception as error:
        return Check("database", False, f"unreachable ({type(error).__name__})"), None
    return Check("database", True, "reachable"), revisions


async def _redis() -> Check:
    if not is_shared():
        return Check("redis", True, "not configured (in-process cache)")
    try:
        async with asyncio.timeout(CHECK_SECONDS):
            await get_redis().ping()  # type: ignore[misc]  # redis' stubs: sync or async
    except Exception as error:
        return Check("redis", False, f"unreachable ({type(error).__name__})")
    return Check("redis", True, "reachable")


def _migrations(found: set[str] | None) -> Check:
    if found is None:
        return Check("migrations", False, "unknown (database unreachable)")
    expected = expected_revisions()
    if found == expected:
        return Check("migrations", True, f"at head {', '.join(sorted(expected))}")
    return Check(
        "migrations",
        False,
        f"database at {', '.join(sorted(found)) or 'none'}, "
        f"this release needs {', '.join(sorted(expected))} (run app.cli migrate)",
    )


def _frontend(page: Path) -> Check:
    if not serves_frontend():
        return Check("frontend", True, "not served by this process")
    if page.is_file():
        return Check("frontend", True, "built")
    return Check("frontend", False, "not built (.web/build missing)")


async def readiness() -> Readiness:
    (database, revisions), redis = await asyncio.gather(_database(), _redis())
    return Readiness((database, redis, _migrations(revisions), _frontend(built_page())))
