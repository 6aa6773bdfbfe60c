"""QR codes as inline SVG data URIs (spec 9 defaults: size 200, margin 20, black on white)."""

from __future__ import annotations

import asyncio
import base64
from functools import lru_cache
from itertools import groupby

import qrcode

from app.core.config import PROJECT_ROOT

DEFAULT_SIZE = 200
DEFAULT_MARGIN = 20
LOGO_SCALE = 0.2  # the logo's side as a share of the code's (spec 9)
LOGO_FILE = PROJECT_ROOT / "assets" / "logo.svg"


def qr_matrix(text: str, *, with_logo: bool = False) -> list[list[bool]]:
    """The code's modules (True is dark), without the quiet zone. A code that carries a logo
    over its centre uses the highest error correction (30%), which reads through it."""
    level = qrcode.constants.ERROR_CORRECT_H if with_logo else qrcode.constants.ERROR_CORRECT_M
    code = qrcode.QRCode(error_correction=level, border=0)
    code.add_data(text)
    code.make(fit=True)
    return [[bool(dark) for dark in row] for row in code.modules]


def _logo(side: int) -> str:
    """The logo centred on a white square (the white margin) of LOGO_SCALE of the side."""
    logo = base64.b64encode(LOGO_FILE.read_bytes()).decode()
    box = side * LOGO_SCALE
    pad = box * 0.15
    start = (side - box) / 2
    return (
        f'<rect fill="white" x="{start - pad:.2f}" y="{start - pad:.2f}" '
        f'width="{box + 2 * pad:.2f}" height="{box + 2 * pad:.2f}" rx="{pad:.2f}"/>'
        f'<image x="{start:.2f}" y="{start:.2f}" width="{box:.2f}" height="{box:.2f}" '
        f'href="data:image/svg+xml;base64,{logo}"/>'
    )


def _svg(matrix: list[list[bool]], border: int, size: int, with_logo: bool = False) -> str:
    """The modules as one path, each row's runs of dark modules one rectangle: a fraction of
    the markup (and the drawing time) of a square per module."""
    side = len(matrix) + 2 * border
    path = []
    for y, row in enumerate(matrix):
        x = 0
        for dark, run in groupby(row):
            length = len(list(run))
            if dark:
                path.append(f"M{x + border} {y + border}h{length}v1h-{length}z")
            x += length
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
        f'viewBox="0 0 {side} {side}" shape-rendering="crispEdges">'
        '<rect fill="white" x="0" y="0" width="100%" height="100%"/>'
        f'<path fill="black" d="{"".join(path)}"/>{_logo(side) if with_logo else ""}</svg>'
    )


@lru_cache(maxsize=64)
def qr_svg(text: str, *, with_logo: bool = False) -> str:
    """The SVG document of a QR code of `text` at the spec's defaults."""
    matrix = qr_matrix(text, with_logo=with_logo)
    border = max(1, round(DEFAULT_MARGIN * len(matrix) / (DEFAULT_SIZE - 2 * DEFAULT_MARGIN)))
    return _svg(matrix, border, DEFAULT_SIZE, with_logo)


@lru_cache(maxsize=256)
def qr_svg_data_uri(text: str, size: int = DEFAULT_SIZE, margin: int = DEFAULT_MARGIN) -> str:
    """A scalable QR image of `text`; `margin` is the white quiet zone in pixels at `size`."""
    matrix = qr_matrix(text)
    border = max(1, round(margin * len(matrix) / max(size - 2 * margin, 1)))
    svg = _svg(matrix, border, size)
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


async def qr_svg_data_uri_off_loop(text: str) -> str:
    """The same image, drawn in a worker thread: a new QR code costs tens of milliseconds of
    CPU, which would stall every other request of the event loop."""
    return await asyncio.to_thread(qr_svg_data_uri, text)
