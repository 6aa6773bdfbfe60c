"""Hostile images for the upload doors: a PNG declaring any size (a decompression bomb
costs a few bytes) and files cut short."""

from __future__ import annotations

import io
import struct
import zlib

from PIL import Image


def small_png() -> bytes:
    """A whole, harmless 4×4 PNG: what a member's upload should be."""
    buffer = io.BytesIO()
    Image.new("RGB", (4, 4), "white").save(buffer, format="PNG")
    return buffer.getvalue()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def declared_png(width: int, height: int, rows: int = 0) -> bytes:
    """A grey PNG whose header declares `width`×`height` but whose data holds only `rows`
    rows (a truncated image unless all of them): every chunk is whole, so only decoding the
    pixels finds it short."""
    stream = zlib.compressobj()
    rows_data = b"".join(b"\0" + bytes(width) for _ in range(rows))
    # A sync flush, not the end of the stream: the decoder waits for rows that never come.
    pixels = stream.compress(rows_data) + stream.flush(zlib.Z_SYNC_FLUSH)
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", pixels)
        + _chunk(b"IEND", b"")
    )


def truncated_jpeg() -> bytes:
    """A small JPEG cut in half: its header is whole, its picture data is not."""
    buffer = io.BytesIO()
    Image.effect_noise((256, 256), 64).convert("RGB").save(buffer, format="JPEG")
    data = buffer.getvalue()
    return data[: len(data) // 2]


BOMB = declared_png(30_000, 30_000)
TRUNCATED_BIG_PNG = declared_png(12_000, 12_000, rows=2)
# The refusal each hostile image gets.
HOSTILE_IMAGES = (
    (BOMB, "image-dimensions"),
    (TRUNCATED_BIG_PNG, "image-dimensions"),
    (declared_png(64, 64, rows=2), "image-type"),
    (truncated_jpeg(), "image-type"),
)
