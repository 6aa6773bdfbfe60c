"""Calls marked E: sealed bodies open; unsealed, tampered, replayed or stale ones do not."""

from __future__ import annotations

import base64
from datetime import timedelta

import pytest

from app.client import ApiError, PlatformClient
from app.core.crypto import seal
from app.services.payload_keys import payload_keys
from models.base import utcnow

CHECK = "/wps/session/key/check"


async def test_sealed_body_opens(api: PlatformClient) -> None:
    fields = await api.post(CHECK, {"username": "ana", "password": "x"}, sealed=True)
    assert fields == ["password", "username"]


async def test_plain_json_is_refused(api: PlatformClient) -> None:
    with pytest.raises(ApiError) as error:
        await api.post(CHECK, {"username": "ana"})
    assert error.value.status == 400
    assert error.value.code == "payload-encryption-required"


async def test_tampered_ciphertext_is_refused(api: PlatformClient) -> None:
    body = await api.sealed_body("POST", CHECK, {"a": 1})
    raw = bytearray(base64.b64decode(body["data"]))
    raw[-1] ^= 0xFF
    body["data"] = base64.b64encode(bytes(raw)).decode()
    response = await api.raw("POST", CHECK, json=body)
    assert response.status_code == 400
    assert response.json()["code"] == "payload-decrypt-failed"


async def test_replayed_body_is_refused(api: PlatformClient) -> None:
    body = await api.sealed_body("POST", CHECK, {"a": 1})
    first = await api.raw("POST", CHECK, json=body)
    second = await api.raw("POST", CHECK, json=body)
    assert first.status_code == 200
    assert second.status_code == 400 and second.json()["code"] == "payload-decrypt-failed"


async def test_body_sealed_for_another_path_is_refused(api: PlatformClient) -> None:
    body = await api.sealed_body("POST", "/wps/member/register", {"a": 1})
    response = await api.raw("POST", CHECK, json=body)
    assert response.json()["code"] == "payload-decrypt-failed"


async def test_sealed_non_object_is_refused(api: PlatformClient) -> None:
    key = await api.public_key()
    body = seal(b"[1, 2]", key["publicKey"], key["kid"], "POST", CHECK)
    response = await api.raw("POST", CHECK, json=body)
    assert response.status_code == 400 and response.json()["code"] == "malformed-json"


async def test_key_rotation_keeps_the_old_key_during_grace(api: PlatformClient) -> None:
    old = await api.public_key(refresh=True)
    stale_body = await api.sealed_body("POST", CHECK, {"a": 1})
    new_kid = await payload_keys.rotate()
    assert new_kid != old["kid"]
    assert (await api.get("/wps/session/key/rsa"))["kid"] == new_kid
    # A client still holding the old key keeps working during the grace period.
    assert (await api.raw("POST", CHECK, json=stale_body)).status_code == 200


async def test_key_past_its_grace_period_is_refused(api: PlatformClient) -> None:
    current = await api.public_key(refresh=True)
    # Rotating "30 days ago" ends the current key's grace period before now.
    await payload_keys.rotate(now=utcnow() - timedelta(days=30))
    stale = await api.sealed_body("POST", CHECK, {"b": 2})
    assert stale["kid"] == current["kid"]
    response = await api.raw("POST", CHECK, json=stale)
    assert response.status_code == 400
    assert response.json()["code"] == "payload-key-unknown"
    # The client refetches the published key by itself and the call goes through.
    assert await api.post(CHECK, {"b": 2}, sealed=True) == ["b"]
