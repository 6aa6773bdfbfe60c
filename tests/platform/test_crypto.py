"""Payload sealing: round trip, and refusal of every kind of tampering."""

from __future__ import annotations

import base64
import time

import pytest

from app.core.crypto import PayloadError, generate_key_pair, open_sealed, seal

KEY = generate_key_pair(2048)
OTHER_KEY = generate_key_pair(2048)
PUBLIC = KEY.publickey().export_key().decode()
KEYS = {"k1": KEY}


def _sealed(**overrides: object) -> dict:
    document = seal({"username": "ana", "password": "s3cret!"}, PUBLIC, "k1", "POST", "/wps/x")
    document.update(overrides)
    return document


def _flip(b64: str) -> str:
    raw = bytearray(base64.b64decode(b64))
    raw[0] ^= 0x01
    return base64.b64encode(bytes(raw)).decode()


def test_round_trip() -> None:
    opened = open_sealed(_sealed(), KEYS, "POST", "/wps/x")
    assert opened.body == b'{"username": "ana", "password": "s3cret!"}'
    assert opened.kid == "k1"


def test_each_seal_uses_a_fresh_content_key_and_nonce() -> None:
    first, second = _sealed(), _sealed()
    assert first["key"] != second["key"]
    assert first["iv"] != second["iv"]


@pytest.mark.parametrize("field", ["data", "tag", "iv", "key"])
def test_tampered_field_is_refused(field: str) -> None:
    document = _sealed()
    document[field] = _flip(document[field])
    with pytest.raises(PayloadError) as error:
        open_sealed(document, KEYS, "POST", "/wps/x")
    assert error.value.code == "payload-decrypt-failed"


def test_body_sealed_for_another_call_is_refused() -> None:
    with pytest.raises(PayloadError):
        open_sealed(_sealed(), KEYS, "POST", "/wps/other")
    with pytest.raises(PayloadError):
        open_sealed(_sealed(), KEYS, "PUT", "/wps/x")


def test_redated_body_is_refused() -> None:
    document = _sealed()
    document["ts"] = document["ts"] + 1
    with pytest.raises(PayloadError):
        open_sealed(document, KEYS, "POST", "/wps/x")


def test_stale_body_is_refused() -> None:
    document = seal({"a": 1}, PUBLIC, "k1", "POST", "/wps/x", ts=int(time.time()) - 3600)
    with pytest.raises(PayloadError):
        open_sealed(document, KEYS, "POST", "/wps/x")


def test_unknown_key_id() -> None:
    with pytest.raises(PayloadError) as error:
        open_sealed(_sealed(kid="nope"), KEYS, "POST", "/wps/x")
    assert error.value.code == "payload-key-unknown"


def test_body_for_another_private_key_is_refused() -> None:
    with pytest.raises(PayloadError):
        open_sealed(_sealed(), {"k1": OTHER_KEY}, "POST", "/wps/x")


@pytest.mark.parametrize("document", [{"username": "ana"}, [], "text", None])
def test_unsealed_body_is_refused(document: object) -> None:
    with pytest.raises(PayloadError) as error:
        open_sealed(document, KEYS, "POST", "/wps/x")  # type: ignore[arg-type]
    assert error.value.code == "payload-encryption-required"


@pytest.mark.parametrize("bad", ["***", 12, ""])
def test_garbage_fields_are_refused(bad: object) -> None:
    with pytest.raises(PayloadError):
        open_sealed(_sealed(data=bad), KEYS, "POST", "/wps/x")
