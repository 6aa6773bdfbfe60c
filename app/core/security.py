"""Password hashing (Argon2id, off the event loop), session tokens, secrets at rest."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import os
import secrets
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from typing import TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from Crypto.Cipher import AES
from Crypto.Hash import SHA256
from Crypto.Protocol.KDF import HKDF

from app.core.config import get_settings

T = TypeVar("T")

# OWASP minimum for Argon2id: 19 MiB memory, 2 iterations, 1 lane. Test runs hash thousands of
# passwords and choose the cheap profile (refused in prod); one test keeps OWASP's.
HASHING_COSTS = {"owasp": (2, 19_456), "test": (1, 256)}


def password_hasher(profile: str) -> PasswordHasher:
    time_cost, memory_cost = HASHING_COSTS[profile]
    return PasswordHasher(
        time_cost=time_cost, memory_cost=memory_cost, parallelism=1, hash_len=32, salt_len=16
    )


@lru_cache
def _hasher() -> PasswordHasher:
    """The configured hasher, made on first use: importing this module reads no settings."""
    return password_hasher(get_settings().argon2_profile)


@lru_cache
def _dummy_hash() -> str:
    return _hasher().hash(secrets.token_urlsafe(16))


# Hashing gets its own threads, one per core: a burst of logins then queues behind itself
# instead of filling the default pool that RSA, index builds and DNS look-ups also use.
_HASHING = ThreadPoolExecutor(max_workers=os.cpu_count() or 1, thread_name_prefix="argon2")


async def _off_loop(function: Callable[..., T], *args: object) -> T:
    return await asyncio.get_running_loop().run_in_executor(_HASHING, function, *args)


async def hash_password(password: str) -> str:
    return await _off_loop(_hasher().hash, password)


def _verify(stored_hash: str, password: str) -> bool:
    try:
        return _hasher().verify(stored_hash, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


async def verify_password(stored_hash: str | None, password: str) -> bool:
    """Check a password; an unknown account costs the same time as a wrong password."""
    return await _off_loop(_verify, stored_hash or _dummy_hash(), password) and bool(stored_hash)


def needs_rehash(stored_hash: str) -> bool:
    return _hasher().check_needs_rehash(stored_hash)


def new_token() -> str:
    """An opaque session token: 256 random bits."""
    return secrets.token_urlsafe(32)


def token_digest(token: str) -> str:
    """What is stored for a token: its SHA-256, so a database leak reveals no live token."""
    return hashlib.sha256(token.encode()).hexdigest()


def keyed_digest(value: str, purpose: str) -> str:
    """An HMAC of short secrets (codes) under the app secret, for storage and comparison."""
    key = get_settings().secret().encode()
    return hmac.new(key, f"{purpose}:{value}".encode(), hashlib.sha256).hexdigest()


def _secret_key(purpose: str) -> bytes:
    return _derived_key(get_settings().secret(), purpose)


@lru_cache(maxsize=32)
def _derived_key(app_secret: str, purpose: str) -> bytes:
    """Derived once per secret and purpose: every vendor wallet call decrypts its secret."""
    return HKDF(app_secret.encode(), 32, b"at-rest", SHA256, context=purpose.encode())


def encrypt_secret(plaintext: str, purpose: str) -> str:
    """AES-256-GCM under a key derived from the app secret (TOTP seeds and the like)."""
    nonce = secrets.token_bytes(12)
    cipher = AES.new(_secret_key(purpose), AES.MODE_GCM, nonce=nonce)
    ciphertext, tag = cipher.encrypt_and_digest(plaintext.encode())
    return base64.b64encode(nonce + tag + ciphertext).decode()


def decrypt_secret(sealed: str, purpose: str) -> str:
    raw = base64.b64decode(sealed)
    cipher = AES.new(_secret_key(purpose), AES.MODE_GCM, nonce=raw[:12])
    return cipher.decrypt_and_verify(raw[28:], raw[12:28]).decode()
