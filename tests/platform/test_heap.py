"""A server process freezes its start-up heap once it has started (app/core/heap.py), so
that full collections no longer walk it: the site's workers in Reflex's lifespan, after every
other start-up task; the API served alone in its own lifespan."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from app.api.main import create_api
from app.app import _settled_heap
from app.app import app as site


@pytest.fixture
def thawed() -> Iterator[None]:
    gc.unfreeze()
    yield
    gc.unfreeze()  # the test process keeps collecting everything


async def test_the_api_served_alone_freezes_its_heap_at_start(thawed: None) -> None:
    api = create_api()
    assert gc.get_freeze_count() == 0
    async with api.router.lifespan_context(api):
        frozen = gc.get_freeze_count()
    assert frozen > 10_000  # the app and what it imported, not a handful of objects


async def test_the_sites_workers_freeze_after_every_other_start_up_task(thawed: None) -> None:
    tasks = list(site._lifespan_tasks)
    assert tasks[-1] is _settled_heap
    async with _settled_heap():
        assert gc.get_freeze_count() > 10_000
