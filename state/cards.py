"""What a game card shows, shared by the lobby and the vendor popup's list."""

from __future__ import annotations

from typing import Any

from models.catalogue import VASSALAGE

LIST_PAGE_SIZE = 50


def card(entry: dict[str, Any]) -> dict[str, str]:
    """What a game card shows; ids stay numbers-as-text for the page."""
    return {
        "id": str(entry["nodeId"]),
        "name": entry["gameName"],
        "vendor": entry["vassalage"],
        "vendorName": entry["displayName"],
        "type": entry["gameType"],
        "icon": entry["iconUrl"],
        "demo": "1" if entry["supportPlay"] == 0 else "",
        "maintenance": "1" if entry["maintenance"] else "",
        "popup": "1" if entry["isGame"] == VASSALAGE else "",
    }
