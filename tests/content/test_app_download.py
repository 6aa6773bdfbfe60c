"""The app download files (app/services/content/app_download.py): the brand's iOS web clip profile,
the QR codes of the download page with the logo, and the Android package only when the
operator has one (else the lite app)."""

from __future__ import annotations

import plistlib
from dataclasses import replace

import pytest

from app.client import PlatformClient
from app.core.errors import AppError
from app.services.brands import brands
from app.services.content import app_download
from models import SiteResource

HOST = {"Host": "sortegrande.test"}


async def test_the_ios_profile_is_a_web_clip_of_the_brands_site(api: PlatformClient) -> None:
    answer = await api.raw("GET", "/download/br1.mobileconfig", headers=HOST)
    assert answer.status_code == 200
    assert answer.headers["content-type"] == app_download.PROFILE_MEDIA_TYPE
    assert "attachment" in answer.headers["content-disposition"]
    profile = plistlib.loads(answer.content)
    assert profile["PayloadType"] == "Configuration"
    assert profile["PayloadDisplayName"] == "Sorte Grande"
    (clip,) = profile["PayloadContent"]
    assert clip["PayloadType"] == "com.apple.webClip.managed"
    assert clip["URL"] == "https://sortegrande.test/" and clip["Label"] == "Sorte Grande"
    assert clip["Icon"].startswith(b"\x89PNG") and clip["FullScreen"] is True
    again_answer = await api.raw("GET", "/download/br1.mobileconfig", headers=HOST)
    again = plistlib.loads(again_answer.content)
    assert again["PayloadUUID"] == profile["PayloadUUID"]  # one profile, installed once


async def test_another_brands_or_an_unknown_profile_is_not_found(api: PlatformClient) -> None:
    for name in ("br2", "x" * 80, "..%2Fbr1"):
        answer = await api.raw("GET", f"/download/{name}.mobileconfig", headers=HOST)
        assert answer.status_code == 404


async def test_qr_codes_of_the_page_carry_the_logo(api: PlatformClient) -> None:
    for kind in ("ios", "site"):
        answer = await api.raw("GET", f"/download/qr/{kind}.svg", headers=HOST)
        assert answer.status_code == 200 and answer.headers["content-type"] == "image/svg+xml"
        assert answer.text.startswith("<svg") and "<image" in answer.text
    # The demo brand has no Android package: no QR for one; an unknown kind neither.
    for kind in ("android", "evil"):
        assert (await api.raw("GET", f"/download/qr/{kind}.svg", headers=HOST)).status_code == 404


async def test_an_operators_android_package_gets_its_button_and_qr() -> None:
    brand = await brands.by_code("BR1")
    package = SiteResource(merchant_id=brand.id, resource_type="Android", url="/files/app.apk")
    with_package = replace(brand, resources=(*brand.resources, package))
    assert app_download.downloads(brand).android_package == ""
    assert app_download.downloads(with_package).android_package == "/files/app.apk"
    base = "https://sortegrande.test"
    assert app_download.qr_target(with_package, "android", base) == base + "/files/app.apk"
    assert app_download.qr_target(brand, "ios", base) == base + "/download/br1.mobileconfig"
    with pytest.raises(AppError):
        app_download.qr_target(brand, "android", base)
