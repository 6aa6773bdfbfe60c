"""Staff logins without denial of service (issue 32): strangers' failures, from any number of
addresses, never lock the owner on a browser they logged in from; unknown browsers are
throttled; the owner is shown the failures at their next login; a login never keeps the
browser secret it came with, and a secret the server never issued is no browser at all."""

from __future__ import annotations

import pytest

from app.core.errors import AppError
from app.services import browser_logins
from app.services.backoffice import staff as staff_service
from models.base import utcnow
from tests.helpers.backoffice import STAFF_PASSWORD, code_at, log_in, make_staff_account


async def _attack(username: str, tries: int) -> None:
    """Wrong passwords from `tries` addresses, each from a browser of its own."""
    for n in range(tries):
        with pytest.raises(AppError):
            await staff_service.login(
                username,
                "not the password",
                "000000",
                browser_logins.new_browser_secret(),
                f"203.0.113.{n + 1}",
                utcnow(),
            )


async def test_strangers_failures_never_stop_the_owner_on_a_known_browser() -> None:
    username, secret = await make_staff_account("support", "BR1")
    _, browser = await log_in(username, secret)
    await _attack(username, staff_service.LOGIN_PER_ACCOUNT.limit + 2)
    # An unknown browser is throttled, right password and code or not.
    with pytest.raises(AppError) as refused:
        await staff_service.login(
            username,
            STAFF_PASSWORD,
            code_at(secret, 1),
            browser_logins.new_browser_secret(),
            "198.51.100.77",
            utcnow(),
        )
    assert refused.value.code == "staff-login-throttled"
    # The owner's browser logs in, and is told of the failures since the previous login.
    found = await staff_service.login(
        username, STAFF_PASSWORD, code_at(secret, 1), browser, "198.51.100.78", utcnow()
    )
    assert found.staff.username == username
    # The account's counter took the owner's first login (then an unknown browser) and the
    # checked failures; the throttled tries were never checked.
    assert found.failed_since_last == staff_service.LOGIN_PER_ACCOUNT.limit - 1
    assert await staff_service.failed_logins_notice(found.staff.session_id) == (
        found.failed_since_last
    )


async def test_a_login_rotates_the_browser_secret_and_ignores_forged_ones() -> None:
    username, secret = await make_staff_account("support", "BR1")
    came_with = browser_logins.new_browser_secret()
    found = await staff_service.login(
        username, STAFF_PASSWORD, code_at(secret), came_with, "198.51.100.79", utcnow()
    )
    assert found.browser_secret != came_with
    assert browser_logins.valid_secret(found.browser_secret) == found.browser_secret
    # Whoever knew (or planted) the secret the browser came with holds no console login.
    with pytest.raises(AppError) as planted:
        await staff_service.authenticate(came_with, utcnow())
    assert planted.value.code == "staff-not-logged-in"
    assert (await staff_service.authenticate(found.browser_secret, utcnow())).id == found.staff.id
    # A value of the right shape that the server never issued is no browser.
    forged = "A" * 43
    with pytest.raises(AppError) as refused:
        await staff_service.login(
            username, STAFF_PASSWORD, code_at(secret, 1), forged, "198.51.100.80", utcnow()
        )
    assert refused.value.code == "browser-cookie-required"
