"""QR codes as inline SVG data URIs (spec 9 defaults: size 200, margin 20, black on white)."""

from __future__ import annotations

import asyncio
import base64
import io
import re
from functools import lru_cache

import qrcode
from qrcode.image.svg import SvgPathFillImage

DEFAULT_SIZE = 200
DEFAULT_MARGIN = 20


@lru_cache(maxsize=256)
def qr_svg_data_uri(text: str, size: int = DEFAULT_SIZE, margin: int = DEFAULT_MARGIN) -> str:
    """A scalable QR image of `text`; `margin` is the white quiet zone in pixels at `size`."""
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=0)
    code.add_data(text)
    code.make(fit=True)
    modules = code.modules_count
    border_modules = max(1, round(margin * modules / max(size - 2 * margin, 1)))
    code.border = border_modules
    buffer = io.BytesIO()
    code.make_image(image_factory=SvgPathFillImage).save(buffer)
    svg = buffer.getvalue().decode()
    svg = re.sub(r'width="[^"]*" height="[^"]*"', f'width="{size}" height="{size}"', svg, count=1)
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


async def qr_svg_data_uri_off_loop(text: str) -> str:
    """The same image, drawn in a worker thread: a new QR code costs tens of milliseconds of
    CPU, which would stall every other request of the event loop."""
    return await asyncio.to_thread(qr_svg_data_uri, text)
