"""Payload sealing for calls marked E: AES-256-GCM content key wrapped with RSA-OAEP-SHA256.

A sealed body is JSON: {"kid", "key", "iv", "tag", "data", "ts"} (binary fields base64).
The additional authenticated data binds the ciphertext to the HTTP method, the path and the
timestamp, so a sealed body cannot be replayed against another call or re-dated.
"""

from __future__ import annotations

import base64
import binascii
import json
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from Crypto.Cipher import AES, PKCS1_OAEP
from Crypto.Hash import SHA256
from Crypto.PublicKey import RSA
from Crypto.Random import get_random_bytes

ALGORITHM = "RSA-OAEP-SHA256+A256GCM"
SEALED_FIELDS = ("kid", "key", "iv", "tag", "data", "ts")
MAX_CLOCK_SKEW_SECONDS = 300


class PayloadError(Exception):
    """A sealed payload that cannot be opened; `code` is the catalog key to answer with."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


@dataclass(frozen=True)
class OpenedPayload:
    body: bytes
    kid: str
    iv: bytes


def _b64e(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _b64d(text: Any) -> bytes:
    if not isinstance(text, str):
        raise PayloadError("payload-decrypt-failed")
    try:
        return base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError) as exc:
        raise PayloadError("payload-decrypt-failed") from exc


def associated_data(method: str, path: str, ts: int) -> bytes:
    return f"{method.upper()} {path} {ts}".encode()


def generate_key_pair(bits: int = 2048) -> RSA.RsaKey:
    return RSA.generate(bits)


def is_sealed(document: Any) -> bool:
    return isinstance(document, dict) and set(SEALED_FIELDS) <= document.keys()


def seal(
    payload: bytes | Mapping[str, Any],
    public_key_pem: str,
    kid: str,
    method: str,
    path: str,
    ts: int | None = None,
) -> dict[str, Any]:
    """Seal a JSON payload (or raw bytes) for the server's published key."""
    body = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    stamp = int(time.time()) if ts is None else ts
    content_key = get_random_bytes(32)
    iv = get_random_bytes(12)
    cipher = AES.new(content_key, AES.MODE_GCM, nonce=iv)
    cipher.update(associated_data(method, path, stamp))
    ciphertext, tag = cipher.encrypt_and_digest(body)
    wrapped = PKCS1_OAEP.new(RSA.import_key(public_key_pem), hashAlgo=SHA256).encrypt(content_key)
    return {
        "kid": kid,
        "key": _b64e(wrapped),
        "iv": _b64e(iv),
        "tag": _b64e(tag),
        "data": _b64e(ciphertext),
        "ts": stamp,
    }


def open_sealed(
    document: Mapping[str, Any],
    private_keys: Mapping[str, RSA.RsaKey],
    method: str,
    path: str,
    now: float | None = None,
) -> OpenedPayload:
    """Unwrap and authenticate a sealed body; raise PayloadError on any defect."""
    if not is_sealed(document):
        raise PayloadError("payload-encryption-required")
    kid = document["kid"]
    private_key = private_keys.get(kid) if isinstance(kid, str) else None
    if private_key is None:
        raise PayloadError("payload-key-unknown")
    ts = document["ts"]
    current = time.time() if now is None else now
    if not isinstance(ts, int) or abs(current - ts) > MAX_CLOCK_SKEW_SECONDS:
        raise PayloadError("payload-decrypt-failed")
    iv, tag = _b64d(document["iv"]), _b64d(document["tag"])
    if len(iv) != 12 or len(tag) != 16:
        raise PayloadError("payload-decrypt-failed")
    try:
        content_key = PKCS1_OAEP.new(private_key, hashAlgo=SHA256).decrypt(_b64d(document["key"]))
        cipher = AES.new(content_key, AES.MODE_GCM, nonce=iv)
        cipher.update(associated_data(method, path, ts))
        body = cipher.decrypt_and_verify(_b64d(document["data"]), tag)
    except ValueError as exc:
        raise PayloadError("payload-decrypt-failed") from exc
    if len(content_key) != 32:
        raise PayloadError("payload-decrypt-failed")
    return OpenedPayload(body=body, kid=kid, iv=iv)
