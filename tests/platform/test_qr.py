"""QR images follow the spec defaults."""

from __future__ import annotations

import base64
import re
import xml.etree.ElementTree as ET

from app.services.qr import qr_matrix, qr_svg_data_uri


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


def _dark_cells(path: str) -> set[tuple[int, int]]:
    """The unit squares a path of `M x y h n v1 h-n z` rectangles covers."""
    cells = set()
    for x, y, length in re.findall(r"M(\d+) (\d+)h(\d+)v1h-\3z", path):
        cells |= {(int(x) + i, int(y)) for i in range(int(length))}
    assert re.fullmatch(r"(M\d+ \d+h\d+v1h-\d+z)*", path)  # nothing else is drawn
    return cells


def test_the_drawing_is_the_encoded_matrix_inside_a_quiet_zone() -> None:
    text = "00020126360014br.gov.bcb.pix0114+5561999999999520400005303986540510.005802BR"
    matrix = qr_matrix(text)
    root = _svg(qr_svg_data_uri(text))
    side = int(root.get("viewBox", "").split()[2])
    border = (side - len(matrix)) // 2
    assert border >= 1 and side == len(matrix) + 2 * border
    path = root.find("{http://www.w3.org/2000/svg}path")
    assert path is not None and path.get("fill") == "black"
    expected = {
        (x + border, y + border)
        for y, row in enumerate(matrix)
        for x, dark in enumerate(row)
        if dark
    }
    assert _dark_cells(path.get("d", "")) == expected
