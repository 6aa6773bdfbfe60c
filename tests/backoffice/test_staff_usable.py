"""What the console offers a staff member: a brand's staff is not offered the permissions over
what every brand shares (the lottery's draws, the game catalogue's edits), which only all-brand
staff can use; an all-brand admin keeps every permission of the role."""

from __future__ import annotations

from app.services.backoffice.permissions import ADMIN_ROLE, ALL_BRANDS_ONLY, BUILTIN_ROLES, P
from app.services.backoffice.staff import allowed
from app.services.backoffice.staff_logins import Staff


def _admin(merchant_id: int | None) -> Staff:
    return Staff(1, "boss", merchant_id, ADMIN_ROLE, BUILTIN_ROLES[ADMIN_ROLE], 1)


def test_a_brand_admin_is_not_offered_what_every_brand_shares() -> None:
    brand_admin, platform_admin = _admin(7), _admin(None)
    assert ALL_BRANDS_ONLY <= BUILTIN_ROLES[ADMIN_ROLE]
    assert brand_admin.usable == BUILTIN_ROLES[ADMIN_ROLE] - ALL_BRANDS_ONLY
    assert P.LOTTERY_VIEW not in brand_admin.usable and P.PLAYERS_VIEW in brand_admin.usable
    assert platform_admin.usable == BUILTIN_ROLES[ADMIN_ROLE]
    # The rule the services apply to these permissions: asked for every brand (None).
    for permission in ALL_BRANDS_ONLY:
        assert not allowed(brand_admin, permission, None)
        assert allowed(platform_admin, permission, None)
