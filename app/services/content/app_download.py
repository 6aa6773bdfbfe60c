"""The app download page's files: the iOS web clip profile (.mobileconfig) that puts the
brand's site on the home screen, the Android package when the operator provides one, and the
QR codes of each, all for the brand of the request.

iOS installs a configuration profile through Settings (iOS 17 and later: General, VPN &
Device Management); the profile holds one web clip (Apple's `com.apple.webClip.managed`
payload) with the brand's name, address and icon, opened full screen. Android without a
package of the operator's gets the "lite app": the site installed from the browser (the web
app manifest and service worker of app/services/site_map.py)."""

from __future__ import annotations

import plistlib
import uuid
from dataclasses import dataclass
from typing import Literal

from app.core.config import PROJECT_ROOT
from app.core.errors import AppError
from app.services.brands import Brand
from app.services.qr import qr_svg
from app.services.site import app_download_links

PROFILE_MEDIA_TYPE = "application/x-apple-aspen-config"
ICON_FILE = PROJECT_ROOT / "assets" / "icons" / "app-192.png"
QrKind = Literal["android", "ios", "site"]
QR_KINDS: tuple[QrKind, ...] = ("android", "ios", "site")


@dataclass(frozen=True)
class Downloads:
    """Where each button of the page leads (site paths or the operator's links)."""

    android_package: str  # the operator's APK, or "" (then the lite app is offered)
    ios_profile: str
    ios_profile_is_ours: bool


def profile_path(brand: Brand) -> str:
    return f"/download/{brand.code.lower()}.mobileconfig"


def downloads(brand: Brand) -> Downloads:
    links = app_download_links(brand)
    ours = profile_path(brand)
    return Downloads(links.android, links.ios or ours, (links.ios or ours) == ours)


def _uuid(base_url: str, part: str) -> str:
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"{base_url}#{part}")).upper()


def mobileconfig(brand: Brand, file_name: str, base_url: str) -> bytes:
    """The brand's web clip profile; `file_name` must be the brand's own (else not found)."""
    if f"/download/{file_name}" != profile_path(brand):
        raise AppError("not-found", status=404)
    identifier = f"app.{brand.code.lower()}.webclip"
    clip = {
        "PayloadType": "com.apple.webClip.managed",
        "PayloadVersion": 1,
        "PayloadIdentifier": f"{identifier}.clip",
        "PayloadUUID": _uuid(base_url, "clip"),
        "PayloadDisplayName": brand.name,
        "Label": brand.name,
        "URL": base_url.rstrip("/") + "/",
        "Icon": ICON_FILE.read_bytes(),
        "IsRemovable": True,
        "FullScreen": True,
        "Precomposed": True,
    }
    profile = {
        "PayloadType": "Configuration",
        "PayloadVersion": 1,
        "PayloadIdentifier": identifier,
        "PayloadUUID": _uuid(base_url, "profile"),
        "PayloadDisplayName": brand.name,
        "PayloadOrganization": brand.name,
        "PayloadDescription": f"{brand.name}: {base_url}",
        "PayloadRemovalDisallowed": False,
        "PayloadContent": [clip],
    }
    return plistlib.dumps(profile)


def qr_target(brand: Brand, kind: str, base_url: str) -> str:
    """The absolute address a QR code of the page encodes (a phone scans it)."""
    found = downloads(brand)
    base = base_url.rstrip("/")
    if kind == "site":
        return base + "/down"
    if kind == "ios":
        profile = found.ios_profile
        return base + profile if profile.startswith("/") else profile
    if kind == "android" and found.android_package:
        package = found.android_package
        return base + package if package.startswith("/") else package
    raise AppError("not-found", status=404)


def qr_image(brand: Brand, kind: str, base_url: str) -> str:
    """The QR code's SVG, with the brand's logo (spec 9)."""
    return qr_svg(qr_target(brand, kind, base_url), with_logo=True)
