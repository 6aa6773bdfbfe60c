"""QR images follow the spec defaults."""

from __future__ import annotations

import base64
import xml.etree.ElementTree as ET

from app.services.qr import qr_svg_data_uri


def _svg(uri: str) -> ET.Element:
    assert uri.startswith("data:image/svg+xml;base64,")
    return ET.fromstring(base64.b64decode(uri.split(",", 1)[1]))


def test_default_size_and_colours() -> None:
    root = _svg(qr_svg_data_uri("https://sortegrande.test/down"))
    assert root.get("width") == "200" and root.get("height") == "200"
    rect = root.find("{http://www.w3.org/2000/svg}rect")
    assert rect is not None and rect.get("fill") == "white"


def test_different_texts_give_different_codes() -> None:
    assert qr_svg_data_uri("a") != qr_svg_data_uri("b")
    assert _svg(qr_svg_data_uri("x", size=800)).get("width") == "800"
