"""PIX "copia e cola" payloads (BR Code, EMV merchant-presented QR) for dynamic charges."""

from __future__ import annotations

import unicodedata
from decimal import Decimal


def _field(tag: str, value: str) -> str:
    if len(value) > 99:
        raise ValueError(f"BR Code field {tag} is longer than 99 characters")
    return f"{tag}{len(value):02d}{value}"


def _ascii(text: str, limit: int) -> str:
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return plain.upper()[:limit] or "NA"


def crc16_ccitt(data: str) -> str:
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), as the BR Code specification asks."""
    crc = 0xFFFF
    for byte in data.encode():
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else crc << 1
            crc &= 0xFFFF
    return f"{crc:04X}"


def br_code(*, location_url: str, amount: Decimal, merchant_name: str, city: str, txid: str) -> str:
    """A dynamic PIX payload: the payer's bank fetches the charge from `location_url`."""
    account = _field("00", "br.gov.bcb.pix") + _field("25", location_url)
    payload = (
        _field("00", "01")
        + _field("01", "12")
        + _field("26", account)
        + _field("52", "0000")
        + _field("53", "986")
        + _field("54", f"{amount:.2f}")
        + _field("58", "BR")
        + _field("59", _ascii(merchant_name, 25))
        + _field("60", _ascii(city, 15))
        + _field("62", _field("05", txid[:25]))
        + "6304"
    )
    return payload + crc16_ccitt(payload)
