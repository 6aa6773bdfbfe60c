"""The app download page: where each button leads, and which QR image failed to load."""

from __future__ import annotations

import reflex as rx

from app.services import gates
from app.services.content import app_download
from state.guard import ARGS, GUEST, Name, checked
from state.site import current_brand

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    **gates.each("DownloadState.", "image_failed load", gates.SHELL),
}


class DownloadState(rx.State):
    android_package: str = ""  # the operator's APK, else "" (the lite app is offered)
    ios_profile: str = ""
    failed_images: list[str] = []  # QR kinds whose image did not load (spec 9)
    ready: bool = False  # the page has loaded: its QR images may be drawn

    @rx.event
    async def load(self) -> None:
        found = app_download.downloads(await current_brand(self))
        self.android_package = found.android_package
        self.ios_profile = found.ios_profile
        self.failed_images = []
        self.ready = True

    @rx.event
    @checked
    def image_failed(self, kind: Name) -> None:
        if kind in app_download.QR_KINDS and kind not in self.failed_images:
            self.failed_images = [*self.failed_images, kind]


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "DownloadState.load": GUEST,
    "DownloadState.image_failed": f"{ARGS}; one of the page's QR kinds only",
}
