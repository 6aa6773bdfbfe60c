"""One API app per test process for the tests that only call it.

FastAPI builds an app's routing (each route's dependencies under its router's) on the first
requests that reach each router: a fresh app per test or per registered player cost a quarter
of an API test's time. The app holds no per-test state (rate limits and sessions live in the
database and Redis, which each test resets), so the tests share it."""

from __future__ import annotations

import functools

from fastapi import FastAPI

from app.api.main import create_api


@functools.cache
def platform_api() -> FastAPI:
    """The API as `create_api()` makes it, made once per process."""
    return create_api()
