"""Brand rules: system status, module switches, languages, register settings."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import pytest

from app.core.errors import AppError
from app.demo.seed import REGISTER_FIELDS
from app.services import site
from app.services.brands import Brand, _switches
from models import CustomerService, RegisterField, SiteResource, WhitelabelModule


def _brand(**changes: object) -> Brand:
    modules = [
        WhitelabelModule(merchant_id=1, mod_id="REG3", enabled="1"),
        WhitelabelModule(merchant_id=1, mod_id="MOBILENUMREG3", parent_mod_id="REG3", enabled="1"),
        WhitelabelModule(merchant_id=1, mod_id="GAMELO3", enabled="0", sort=1),
        WhitelabelModule(
            merchant_id=1, mod_id="FREEPLAY3", parent_mod_id="GAMELO3", enabled="1", sort=2
        ),
    ]
    brand = Brand(
        id=1, code="T1", name="Test", platform="WEB", lottery_type="SEA",
        default_language="PT", supported_languages=("PT", "EN"), currency="BRL",
        currency_symbol="R$", timezone="America/Sao_Paulo", image_base_url="/img",
        image_cdns=(), launch_game_cdns=(), gtag_id=None, main_domain="t.test", min_age=18,
        copyright="", maintenance=False, maintenance_end_at=None, maintenance_message=None,
        blocked_networks=("198.51.100.0/24", "2001:db8::/32"), blocked_countries=("US",),
        login_verification="SMS", password_expiry_days=90, sms_expired_minutes=1,
        sms_daily_quota=100,
        modules=tuple(modules), _switches=_switches(modules),
        register_fields=(
            RegisterField(merchant_id=1, field_name="username", pattern_id=1, accepted_pattern="*"),
        ),
    )  # fmt: skip
    return replace(brand, **changes) if changes else brand


def test_status_normal() -> None:
    assert site.system_status(_brand(), "203.0.113.5").status == site.STATUS_NORMAL


def test_status_region_blocked_by_network_and_country() -> None:
    assert site.system_status(_brand(), "198.51.100.7").status == site.STATUS_REGION_BLOCKED
    assert site.system_status(_brand(), "2001:db8::1").status == site.STATUS_REGION_BLOCKED
    assert site.system_status(_brand(), "203.0.113.5", "us").status == site.STATUS_REGION_BLOCKED


def test_maintenance_wins_over_region_block() -> None:
    until = datetime(2026, 12, 1, 3, tzinfo=UTC)
    brand = _brand(maintenance=True, maintenance_end_at=until)
    status = site.system_status(brand, "198.51.100.7")
    assert status.status == site.STATUS_MAINTENANCE
    assert status.region_restricted and status.maintenance_end_at == until


def test_unparseable_ip_is_not_blocked() -> None:
    assert site.system_status(_brand(), "unknown").status == site.STATUS_NORMAL


def test_module_is_on_only_with_all_ancestors_on() -> None:
    brand = _brand()
    assert brand.module_on("MOBILENUMREG3")
    assert not brand.module_on("FREEPLAY3")  # parent GAMELO3 is off
    assert not brand.module_on("NOSUCH3")
    tree = site.whitelabel_tree(brand)
    assert [node.mod_id for node in tree] == ["REG3", "GAMELO3"]
    assert tree[0].children[0].mod_id == "MOBILENUMREG3"


def test_language_resolution() -> None:
    brand = _brand()
    assert brand.resolve_language(None) == "PT"
    assert brand.resolve_language("en") == "EN"
    assert brand.resolve_language("pt-BR") == "PT"
    with pytest.raises(AppError) as error:
        brand.resolve_language("JA")
    assert error.value.code == "language-unsupported"
    assert brand.fallback_language("JA") == "PT"
    assert brand.fallback_language("") == "PT"
    assert brand.fallback_language("EN") == "EN"


def test_register_settings_turn_star_into_dot_star() -> None:
    settings = site.register_settings(_brand())
    assert settings.fields[0].accepted_pattern == ".*"
    assert settings.min_age == 18


def test_demo_register_fields_use_known_pattern_ids() -> None:
    assert all(p is None or 0 <= p <= 23 for *_, p, _ in REGISTER_FIELDS.values())


def test_resource_links_carry_their_label_and_tab_choice() -> None:
    """Spec 3: a resource's labelNameEn names its icon; it opens in a new or the same tab."""
    brand = _brand(
        resources=(
            SiteResource(resource_type="YOUTUBE", label_name_en="YouTube", url="https://y.test/a"),
            SiteResource(resource_type="TELEGRAM", url="https://t.me/brand", open_new_tab=False),
            SiteResource(resource_type="TIKTOK", url="javascript:alert(1)"),
        ),
        customer_services=(
            CustomerService(cs_type="WHATSAPP", cs_position="1", label="", url="https://wa.me/1"),
        ),
    )
    assert site.follow_links(brand) == [
        site.SocialLink("YOUTUBE", "https://y.test/a", "YouTube", True)
    ]  # an unsafe link is left out
    assert site.social_links(brand) == [
        site.SocialLink("TELEGRAM", "https://t.me/brand", "Telegram", False),
        site.SocialLink("WHATSAPP", "https://wa.me/1", "WhatsApp", True),
    ]
