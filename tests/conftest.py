"""Test set-up: a real database (SQLite file, or PostgreSQL + Redis with TEST_DATABASE=postgres),
migrated with Alembic and loaded with the demo data, shared by the whole session."""

from __future__ import annotations

import ipaddress
import os
import tempfile
from collections.abc import AsyncIterator, Callable, Iterator
from datetime import timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from tests.helpers.databases import (
    TEST_REDIS_URL,
    create_postgres_database,
    drop_postgres_database,
    new_sqlite_url,
    use_postgres,
)

# Settings are read once per process, so the environment is set before the app is imported.
_DATA_DIR = Path(tempfile.mkdtemp(prefix="platform-test-"))
os.environ["DATA_DIR"] = str(_DATA_DIR)
os.environ["ENVIRONMENT"] = "test"
os.environ["ARGON2_PROFILE"] = "test"
# Brands are reloaded when a change is announced (app.services.brands.announce_change, as the
# operator's tools do; tests.helpers.site.change_brand), never on a timer: a reload per call
# was most of the API tests' time.
os.environ["BRAND_REFRESH_SECONDS"] = "3600"
# No provider simulator runs beside the API tests: launches do not ask its health (the
# provider tests switch the check on against an in-process simulator).
os.environ.setdefault("PROVIDER_HEALTH_SECONDS", "0")
if use_postgres():
    os.environ["DATABASE_URL"] = create_postgres_database()
    os.environ["REDIS_URL"] = TEST_REDIS_URL
else:
    os.environ["DATABASE_URL"] = new_sqlite_url(_DATA_DIR)
    os.environ.pop("REDIS_URL", None)

import httpx  # noqa: E402
import pytest  # noqa: E402
from alembic.config import Config  # noqa: E402

from alembic import command  # noqa: E402
from app.client import PlatformClient  # noqa: E402
from app.core import cache, clock  # noqa: E402
from app.core.cache import close_redis, get_redis  # noqa: E402
from app.core.config import PROJECT_ROOT  # noqa: E402
from app.core.db import dispose_engine  # noqa: E402
from app.demo.seed import seed_demo_data  # noqa: E402
from app.services.brands import brands  # noqa: E402
from app.services.identity import kyc  # noqa: E402
from app.services.seamless import vendors  # noqa: E402
from models import Merchant  # noqa: E402
from tests.helpers.api import platform_api  # noqa: E402


def alembic_config(url: str) -> Config:
    config = Config(str(PROJECT_ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(PROJECT_ROOT / "alembic"))
    config.attributes["configure_logger"] = False
    config.cmd_opts = None
    config.set_main_option("sqlalchemy.url", url)
    return config


@pytest.fixture(scope="session", autouse=True)
def migrated_database() -> Iterator[str]:
    url = os.environ["DATABASE_URL"]
    command.upgrade(alembic_config(url), "head")
    yield url
    if use_postgres():
        drop_postgres_database(url)


@pytest.fixture(scope="session", autouse=True)
async def demo_data(migrated_database: str) -> AsyncIterator[None]:
    if use_postgres():
        await get_redis().flushdb()
    await seed_demo_data()
    yield
    await dispose_engine()
    await close_redis()


@pytest.fixture(scope="session", autouse=True)
def _kyc_sandbox_in_process() -> Iterator[None]:
    """The identity provider adapter reaches the sandbox provider over HTTP, in process (no
    site runs behind PUBLIC_BASE_URL in these tests)."""
    kyc.PROVIDER.transport = httpx.ASGITransport(app=platform_api())
    yield
    kyc.PROVIDER.transport = None


_next_ip = iter(ipaddress.ip_network("198.18.0.0/15").hosts())


@pytest.fixture(autouse=True)
def _brands_read_afresh() -> None:
    """Each test starts from the brands and vendor secrets as stored: one before it may have
    read another database (a migration or restore test) or written their rows directly."""
    brands.invalidate()
    vendors.forget_secrets()


@pytest.fixture(autouse=True)
def _clock_back_to_now() -> Iterator[None]:
    """A test that moves the platform's clock (app.core.clock.advance) leaves it as it was."""
    yield
    clock.reset()


@pytest.fixture
def clear_of_midnight() -> None:
    """For a test whose minutes must fall in one of the brand's days (day limits, day totals):
    run within three hours of São Paulo's midnight, its clock is moved on past it."""
    local = clock.now().astimezone(ZoneInfo(Merchant.model_fields["timezone"].default))
    since_midnight = timedelta(hours=local.hour, minutes=local.minute, seconds=local.second)
    if since_midnight < timedelta(hours=3) or since_midnight > timedelta(hours=21):
        clock.advance((timedelta(hours=27) - since_midnight).total_seconds() % 86400)


@pytest.fixture
async def engine_released(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[None]:
    """For a property test whose machine runs on its own event loop: the pooled database
    connections and the Redis client belong to the test's loop, so they are let go first."""
    await dispose_engine()
    monkeypatch.setattr(cache, "_client", None)
    yield


@pytest.fixture
async def make_client() -> AsyncIterator[Callable[..., PlatformClient]]:
    """Clients for the ASGI app in-process (no network), each from its own IP address so
    that per-address limits of one test never touch another."""
    import httpx

    app = platform_api()
    clients: list[PlatformClient] = []

    def make(ip: str | None = None, **options: object) -> PlatformClient:
        address = ip or str(next(_next_ip))
        transport = httpx.ASGITransport(app=app, client=(address, 50000))
        client = PlatformClient("http://localhost", transport=transport, **options)  # type: ignore[arg-type]
        clients.append(client)
        return client

    yield make
    for client in clients:
        await client.aclose()


@pytest.fixture
async def api(make_client: Callable[..., PlatformClient]) -> PlatformClient:
    """A client on the brand BR1's domain, from the fixed address 203.0.113.10."""
    return make_client("203.0.113.10")


# Every test file stays whole on one pytest-xdist worker (its tests keep their order and its
# module fixtures are made once). The tests that drive the site run in their own pytest run
# (`make test-site`), where each worker starts its own site on its own database. A test marked
# `long` (minutes, no module fixtures) is a group of its own and is handed out first, so that
# no worker is left running one alone at the end. A file marked `seeded` (it measures what the
# pages hold, which other tests' rows on the same database would grow) is handed out first too.
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    root = Path(__file__).parent
    for item in items:
        long = item.get_closest_marker("long") is not None
        group = item.nodeid if long else str(item.path.relative_to(root))
        item.add_marker(pytest.mark.xdist_group(name=group))
    items.sort(key=lambda item: not any(item.get_closest_marker(m) for m in ("long", "seeded")))
