"""Images members attach (activity applications, support tickets): png or jpg of at most
5 MB each, checked by their content (magic bytes, then Pillow reads the whole image, so a
renamed or truncated file is refused), kept under the data folder with random names and
shown to staff as data URLs. A refused upload stores nothing."""

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
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
JPEG_MAGIC = b"\xff\xd8\xff"
_FORMATS = {"PNG": "png", "JPEG": "jpg"}
_MEDIA_TYPES = {"png": "image/png", "jpg": "image/jpeg"}


def folder_path(folder: str) -> Path:
    return get_settings().data_dir / folder


def image_suffix(data: bytes) -> str:
    """The stored suffix of one image, or a translated refusal: size, then magic bytes, then
    the whole image decoded by Pillow."""
    if len(data) > MAX_IMAGE_BYTES:
        raise AppError("image-too-large", 413, {"max": MAX_IMAGE_BYTES // 1_048_576})
    if not data.startswith(PNG_MAGIC) and not data.startswith(JPEG_MAGIC):
        raise AppError("image-type", 422)
    try:
        with Image.open(io.BytesIO(data)) as image:
            found = image.format
            image.verify()
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError):
        raise AppError("image-type", 422) from None
    if found not in _FORMATS:
        raise AppError("image-type", 422)
    return _FORMATS[found]


class Upload(Protocol):
    async def read(self, size: int = -1) -> bytes: ...


async def read_uploads(files: Sequence[Upload], max_images: int) -> list[bytes]:
    """The uploaded files' bytes (one byte past the cap, so an oversize file is seen as one
    without reading it all), refusing more than `max_images` files before reading any."""
    if len(files) > max_images:
        raise AppError("too-many-images", 422, {"max": max_images})
    return [await upload.read(MAX_IMAGE_BYTES + 1) for upload in files]


def image_suffixes(images: Sequence[bytes], max_images: int) -> list[str]:
    """Each image's suffix, or the first refusal (too many, too large, not an image)."""
    if len(images) > max_images:
        raise AppError("too-many-images", 422, {"max": max_images})
    return [image_suffix(data) for data in images]


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
