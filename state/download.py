"""The app download page: QR codes of the Android package and the iOS profile."""

from __future__ import annotations

import reflex as rx

from app.services import site
from app.services.brands import brands
from app.services.qr import qr_svg_data_uri


class DownloadState(rx.State):
    android_qr: str = ""
    ios_qr: str = ""

    @rx.event
    async def load(self) -> None:
        brand = await brands.for_request(None, self.router.headers.host)
        links = site.app_download_links(brand)
        self.android_qr = qr_svg_data_uri(links.android) if links.android else ""
        self.ios_qr = qr_svg_data_uri(links.ios) if links.ios else ""
