"""Every page path of the spec is declared by a page module, or listed as known missing with the
issue that builds it (tests/helpers/spec_routes.py); a listed path that is registered fails too,
so the list shrinks as pages land."""

from __future__ import annotations

import re

from app import routes
from pages.registry import all_pages
from tests.helpers.spec_routes import KNOWN_MISSING, OPEN_ISSUES, SPEC_ROUTES


def _shape(path: str) -> str:
    """A path with its Reflex params unnamed: `/play/[studio_game]` is `/play/[]`."""
    return re.sub(r"\[[^\]]*\]", "[]", path)


def _registered() -> set[str]:
    """Paths the site serves: the registry's pages, and the home aliases answered as redirects."""
    return {_shape(page.path) for page in all_pages()} | set(routes.HOME_REDIRECTS)


def test_every_spec_route_is_registered_or_known_missing() -> None:
    registered = _registered()
    unaccounted = [
        path for path in SPEC_ROUTES if _shape(path) not in registered and path not in KNOWN_MISSING
    ]
    assert unaccounted == [], "spec routes neither registered nor in KNOWN_MISSING"


def test_known_missing_routes_are_really_missing() -> None:
    registered = _registered()
    landed = [path for path in KNOWN_MISSING if _shape(path) in registered]
    assert landed == [], "registered now: remove them from KNOWN_MISSING"


def test_known_missing_names_spec_routes_and_open_issues() -> None:
    assert set(KNOWN_MISSING) <= set(SPEC_ROUTES)
    assert set(KNOWN_MISSING.values()) <= OPEN_ISSUES


def test_lower_case_lottery_forms_are_spec_routes() -> None:
    # spec 2: /vnlottery and /sealottery count as game pages beside /vnLottery and /seaLottery
    for path in ("/vnLottery", "/seaLottery"):
        assert path in SPEC_ROUTES and path.lower() in SPEC_ROUTES


def test_home_and_category_paths_are_registered() -> None:
    registered = _registered()
    assert {"/", "/index", "/index.html", "/home"} <= registered
    assert set(routes.CATEGORY_LISTS) <= registered
