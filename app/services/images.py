"""Images members attach (activity applications, support tickets, identity documents,
withdrawal proofs): png or jpg of at most 5 MB each, checked by their content (magic bytes;
the size the header declares, before any pixel is decoded, so a decompression bomb costs
nothing; then Pillow verifies the file and decodes every pixel, so a renamed, corrupt or
truncated file is refused), kept under the data folder with random names and shown to staff
as data URLs. A refused upload stores nothing."""

from __future__ import annotations

import asyncio
import base64
import io
import secrets
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

from PIL import Image, UnidentifiedImageError

from app.core.config import get_settings
from app.core.errors import AppError

MAX_IMAGE_BYTES = 5 * 1024 * 1024
# A phone photo of a document is at most a few tens of megapixels; decoding one costs about
# 4 bytes a pixel, so the header's size is checked against these before anything is decoded.
MAX_IMAGE_PIXELS = 40_000_000
MAX_IMAGE_SIDE = 12_000
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
JPEG_MAGIC = b"\xff\xd8\xff"
_FORMATS = {"PNG": "png", "JPEG": "jpg"}
_MEDIA_TYPES = {"png": "image/png", "jpg": "image/jpeg"}


def folder_path(folder: str) -> Path:
    return get_settings().data_dir / folder


def image_format(data: bytes, type_error: str = "image-type") -> str:
    """The stored suffix of an image whose size the caller checked, or a translated refusal:
    magic bytes, the declared dimensions, then the file verified and fully decoded."""
    if not data.startswith(PNG_MAGIC) and not data.startswith(JPEG_MAGIC):
        raise AppError(type_error, 422)
    try:
        with Image.open(io.BytesIO(data)) as image:
            found = image.format
            width, height = image.size
            # Pillow itself refuses only past twice its own MAX_IMAGE_PIXELS (179 MP); ours
            # is lower and is answered the same way.
            if width * height > MAX_IMAGE_PIXELS or max(width, height) > MAX_IMAGE_SIDE:
                raise Image.DecompressionBombError(f"{width}x{height}")
            image.verify()
        # verify() checks a PNG's chunks but no JPEG data: decoding every pixel (a fresh
        # image, verify() spends the first) refuses a truncated file of either kind.
        with Image.open(io.BytesIO(data)) as image:
            image.load()
    except Image.DecompressionBombError:
        raise AppError(
            "image-dimensions",
            422,
            {"pixels": MAX_IMAGE_PIXELS // 1_000_000, "side": MAX_IMAGE_SIDE},
        ) from None
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError):
        raise AppError(type_error, 422) from None
    if found not in _FORMATS:
        raise AppError(type_error, 422)
    return _FORMATS[found]


def image_suffix(data: bytes) -> str:
    """The stored suffix of one image, or a translated refusal: size, then `image_format`."""
    if len(data) > MAX_IMAGE_BYTES:
        raise AppError("image-too-large", 413, {"max": MAX_IMAGE_BYTES // 1_048_576})
    return image_format(data)


class Upload(Protocol):
    async def read(self, size: int = -1) -> bytes: ...


async def read_uploads(files: Sequence[Upload], max_images: int) -> list[bytes]:
    """The uploaded files' bytes (one byte past the cap, so an oversize file is seen as one
    without reading it all), refusing more than `max_images` files before reading any."""
    if len(files) > max_images:
        raise AppError("too-many-images", 422, {"max": max_images})
    return [await upload.read(MAX_IMAGE_BYTES + 1) for upload in files]


async def image_suffixes(images: Sequence[bytes], max_images: int) -> list[str]:
    """Each image's suffix, or the first refusal (too many, too large, not an image);
    decoded in a worker thread, off the event loop."""
    if len(images) > max_images:
        raise AppError("too-many-images", 422, {"max": max_images})
    return await asyncio.to_thread(lambda: [image_suffix(data) for data in images])


async def store(folder: str, images: Sequence[bytes], suffixes: Sequence[str]) -> list[str]:
    """Write checked images under random names; the names to keep on the row."""
    names = [f"{secrets.token_hex(16)}.{suffix}" for suffix in suffixes]

    def write() -> None:
        path = folder_path(folder)
        path.mkdir(parents=True, exist_ok=True)
        for name, data in zip(names, images, strict=True):
            with (path / name).open("xb") as handle:
                handle.write(data)

    await asyncio.to_thread(write)
    return names


async def remove(folder: str, names: Sequence[str]) -> None:
    for name in names:
        await asyncio.to_thread((folder_path(folder) / name).unlink, True)


async def data_url(folder: str, name: str) -> str:
    """A stored image as a data URL, for a console page to show (names come from our rows,
    never from a browser)."""
    suffix = name.rsplit(".", 1)[-1]
    if suffix not in _MEDIA_TYPES or "/" in name or name.startswith("."):
        raise AppError("image-type", 422)
    try:
        content = await asyncio.to_thread((folder_path(folder) / name).read_bytes)
    except FileNotFoundError:
        raise AppError("image-missing", 404) from None
    return f"data:{_MEDIA_TYPES[suffix]};base64,{base64.b64encode(content).decode()}"
