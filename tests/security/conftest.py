"""The outsider's tests run against the e2e site: the production build served by `reflex
run --env prod` (one server per pytest run, shared with tests/e2e)."""

from tests.e2e.conftest import (
    browser,
    context,
    fresh_address_limits,
    page,
    screenshots_when_asked,
    site_brand_announcements,
    site_url,
    site_wallet_signals,
)

__all__ = [
    "browser",
    "context",
    "fresh_address_limits",
    "page",
    "screenshots_when_asked",
    "site_brand_announcements",
    "site_url",
    "site_wallet_signals",
]
