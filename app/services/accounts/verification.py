"""Captcha images, the proof-of-work bot check, and SMS verification codes."""

from __future__ import annotations

import base64
import hashlib
import hmac
import io
import json
import secrets
import string
import time
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from app.core import clock, rate_limit
from app.core.cache import get_redis, hash_set
from app.core.config import get_settings
from app.core.errors import AppError
from app.core.security import keyed_digest
from app.services import site
from app.services.accounts import limits
from app.services.brands import Brand
from app.services.messaging import sms_provider

CAPTCHA_ALPHABET = "".join(c for c in string.ascii_uppercase + string.digits if c not in "O0I1L")
CAPTCHA_LENGTH = 4
CAPTCHA_TTL_SECONDS = 300
POW_MAX_NUMBER = 20_000
POW_TTL_SECONDS = 300
SMS_CODE_VALID_SECONDS = 300
SMS_BURST_LIMIT = 3  # codes per phone within the 5-minute wait of spec 9
SMS_WAIT_SECONDS = 300
SMS_PER_IP_PER_HOUR = 20

# The module that must be on for a code to be sent for each purpose (None: always allowed).
PURPOSE_MODULE: dict[str, str | None] = {
    "register": site.MOBILE_REGISTRATION,
    "login": site.MOBILE_CODE_LOGIN,
    "reset": site.PHONE_PASSWORD_RECOVERY,
    "verify": None,
}


# Captcha ---------------------------------------------------------------------------------


def _captcha_png(text: str) -> bytes:
    width, height = 120, 44
    image = Image.new("RGB", (width, height), (245, 245, 245))
    draw = ImageDraw.Draw(image)
    rng = secrets.SystemRandom()
    for _ in range(6):
        draw.line(
            [(rng.randint(0, width), rng.randint(0, height)) for _ in range(2)],
            fill=(rng.randint(120, 200), rng.randint(120, 200), rng.randint(120, 200)),
            width=2,
        )
    font = ImageFont.load_default(size=28)
    for index, char in enumerate(text):
        x = 10 + index * 26 + rng.randint(-2, 2)
        y = 6 + rng.randint(-4, 4)
        draw.text((x, y), char, font=font, fill=(rng.randint(0, 90), rng.randint(0, 90), 120))
    for _ in range(120):
        draw.point((rng.randint(0, width - 1), rng.randint(0, height - 1)), fill=(90, 90, 90))
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


@dataclass(frozen=True)
class Captcha:
    captcha_id: str
    image_base64: str


async def new_captcha(client_key: str) -> Captcha:
    """A fresh captcha; refreshing is allowed once per second per client (spec 5), and an
    address gets a bounded number of images an hour."""
    if not await rate_limit.throttle(
        f"captcha:{client_key}", limits.CAPTCHA_REFRESH_SECONDS, clock.now()
    ):
        raise AppError("rate-limited", status=429)
    await rate_limit.consume(limits.CAPTCHAS_PER_ADDRESS, client_key)
    text = "".join(secrets.choice(CAPTCHA_ALPHABET) for _ in range(CAPTCHA_LENGTH))
    captcha_id = secrets.token_urlsafe(16)
    await get_redis().set(f"captcha:{captcha_id}", text, ex=CAPTCHA_TTL_SECONDS)
    return Captcha(captcha_id, base64.b64encode(_captcha_png(text)).decode())


async def check_captcha(captcha_id: str | None, answer: str | None) -> None:
    """Single use: the stored answer is consumed by the first check, right or wrong."""
    if not captcha_id or not answer:
        raise AppError("captcha-check-failed", status=400, value={"captcha": True})
    expected = await get_redis().getdel(f"captcha:{captcha_id}")
    if expected is None or not hmac.compare_digest(expected, answer.strip().upper()):
        raise AppError("captcha-check-failed", status=400, value={"captcha": True})


# Proof-of-work bot check (ALTCHA-style, self-hosted) ----------------------------------------


def _pow_signature(challenge: str) -> str:
    key = get_settings().secret().encode()
    return hmac.new(key, f"pow:{challenge}".encode(), hashlib.sha256).hexdigest()


def new_pow_challenge(max_number: int = POW_MAX_NUMBER) -> dict[str, Any]:
    """A challenge: find n ≤ maxnumber with SHA-256(salt + n) == challenge."""
    expires = int(time.time()) + POW_TTL_SECONDS
    salt = f"{secrets.token_hex(12)}?expires={expires}"
    number = secrets.randbelow(max_number + 1)
    challenge = hashlib.sha256(f"{salt}{number}".encode()).hexdigest()
    return {
        "algorithm": "SHA-256",
        "challenge": challenge,
        "maxnumber": max_number,
        "salt": salt,
        "signature": _pow_signature(challenge),
    }


async def check_pow(solution: str | None) -> None:
    """Verify a solved challenge: genuine, unexpired, correct and not used before."""
    try:
        data = json.loads(base64.b64decode(solution or "", validate=True))
        challenge, salt, number = str(data["challenge"]), str(data["salt"]), int(data["number"])
        signature = str(data["signature"])
        expires = int(salt.rsplit("expires=", 1)[1])
    except (ValueError, RecursionError, KeyError, IndexError, TypeError) as exc:
        raise AppError("captcha-check-failed", status=400) from exc
    genuine = hmac.compare_digest(signature, _pow_signature(challenge))
    solved = hashlib.sha256(f"{salt}{number}".encode()).hexdigest() == challenge
    if not (genuine and solved and expires >= time.time()):
        raise AppError("captcha-check-failed", status=400)
    first_use = await get_redis().set(f"pow:{challenge}", "1", nx=True, ex=POW_TTL_SECONDS)
    if not first_use:
        raise AppError("captcha-check-failed", status=400)


# Phone numbers and SMS codes ---------------------------------------------------------------


@dataclass(frozen=True)
class Phone:
    country_code: str
    national: str

    @property
    def e164(self) -> str:
        return f"+{self.country_code}{self.national}"


# The dialling codes a phone may carry (getCountryCode): the platform's markets and their
# neighbours, by ISO region. A brand lists its own market's first.
DIALLING_CODES: dict[str, str] = {
    "BR": "55", "AR": "54", "CL": "56", "CO": "57", "MX": "52", "PE": "51", "PY": "595",
    "UY": "598", "PT": "351", "US": "1", "PH": "63", "VN": "84", "TH": "66", "ID": "62",
    "MY": "60", "IN": "91", "CN": "86",
}  # fmt: skip
_HOME_REGION = {"BRL": "BR", "PHP": "PH", "VND": "VN", "THB": "TH", "IDR": "ID", "MYR": "MY"}


@dataclass(frozen=True)
class DiallingCode:
    region: str  # ISO 3166 code
    code: str  # digits, no "+"


def dialling_codes(brand: Brand) -> list[DiallingCode]:
    """getCountryCode: every accepted dialling code, the brand's market first."""
    home = _HOME_REGION.get(brand.currency, "BR")
    ordered = sorted(DIALLING_CODES, key=lambda region: (region != home, region))
    return [DiallingCode(region, DIALLING_CODES[region]) for region in ordered]


def home_code(brand: Brand) -> str:
    """The dialling code of the brand's market: what the site's phone fields send."""
    return dialling_codes(brand)[0].code


def picked_code(brand: Brand, picked: str) -> str:
    """The dialling code a phone field sends: the one the visitor picked when it is listed,
    else the brand's market's."""
    return picked if picked in DIALLING_CODES.values() else home_code(brand)


def normalize_phone(country_code: str | None, number: str | None) -> Phone:
    """Digits only, a leading 0 dropped; Brazil (55) needs 10 or 11 digits, others 6 to 14;
    a dialling code outside DIALLING_CODES is refused."""
    raw = "".join(ch for ch in (number or "") if ch.isdigit())
    if not raw:
        raise AppError("missing-phone-number", status=400)
    code = "".join(ch for ch in (country_code or "55") if ch.isdigit()) or "55"
    if code not in DIALLING_CODES.values():
        raise AppError("invalid-country-code", status=400)
    national = raw.removeprefix("0")
    if national.startswith(code) and len(national) > 11:
        national = national[len(code) :]
    valid = len(national) in (10, 11) if code == "55" else 6 <= len(national) <= 14
    if not valid:
        raise AppError("invalid-phone-number", status=400)
    return Phone(code, national)


def _code_key(brand: Brand, purpose: str, phone: Phone) -> str:
    return f"sms:{brand.code}:{purpose}:{phone.e164}"


def _require_modules(brand: Brand, purpose: str) -> None:
    if purpose not in PURPOSE_MODULE:
        raise AppError("operation-not-allowed", status=403)
    module = PURPOSE_MODULE[purpose]
    if module is not None and not brand.module_on(module):
        raise AppError("operation-not-allowed", status=403)


async def send_code(brand: Brand, purpose: str, phone: Phone, client_ip: str) -> int:
    """Send a 6-digit code; returns expiredMinutes (the resend wait, spec 4)."""
    _require_modules(brand, purpose)
    per_phone = await rate_limit.hit(
        f"sms-burst:{brand.code}:{phone.e164}", SMS_BURST_LIMIT, SMS_WAIT_SECONDS
    )
    per_ip = await rate_limit.hit(f"sms-ip:{client_ip}", SMS_PER_IP_PER_HOUR, 3600)
    if per_phone.exceeded or per_ip.exceeded:
        raise AppError("too-many-requests", status=429)
    resend = await rate_limit.hit(
        f"sms-resend:{brand.code}:{purpose}:{phone.e164}", 1, brand.sms_expired_minutes * 60
    )
    if resend.exceeded:
        raise AppError("rate-limited", status=429, value={"retryAfter": resend.retry_after})
    quota_key = f"sms-quota:{brand.code}:{time.strftime('%Y%m%d')}"
    daily = await rate_limit.hit(quota_key, brand.sms_daily_quota, 86_400)
    if daily.exceeded:
        raise AppError("quota-exceeded", status=429)
    code = f"{secrets.randbelow(1_000_000):06d}"
    key = _code_key(brand, purpose, phone)
    await hash_set(key, {"digest": keyed_digest(code, key), "attempts": 0})
    await get_redis().expire(key, SMS_CODE_VALID_SECONDS)
    text = f"{brand.name}: {code}"
    try:
        await sms_provider().send(brand.id, phone.e164, text)
    except AppError:
        # Not sent (the gateway refused or could not be reached: spec 8 'unknown'): no code
        # to enter, no resend wait, no quota spent. The burst limits still count the try.
        await get_redis().delete(key)
        await rate_limit.reset(f"sms-resend:{brand.code}:{purpose}:{phone.e164}")
        await rate_limit.undo(quota_key, 86_400)
        raise
    return brand.sms_expired_minutes


async def check_code(brand: Brand, purpose: str, phone: Phone, code: str | None) -> None:
    """Single use; every try is counted before the code is compared, and after
    SMS_CODE_TRIES wrong ones the code is gone (code-expired)."""
    if not code or not code.strip():
        raise AppError("missing-verification-code", status=400)
    redis = get_redis()
    key = _code_key(brand, purpose, phone)
    async with redis.pipeline(transaction=True) as pipe:
        pipe.exists(key)
        pipe.hincrby(key, "attempts", 1)
        pipe.hget(key, "digest")
        existed, attempts, digest = await pipe.execute()
    if not existed or digest is None:
        await redis.delete(key)  # the count above made an empty hash of a gone code
        raise AppError("code-expired", status=400)
    if int(attempts) > limits.SMS_CODE_TRIES:
        await redis.delete(key)
        raise AppError("code-expired", status=400)
    if not hmac.compare_digest(digest, keyed_digest(code.strip(), key)):
        if int(attempts) == limits.SMS_CODE_TRIES:
            await redis.delete(key)
        raise AppError("invalid-verification-code", status=400)
    if not await redis.delete(key):
        raise AppError("code-expired", status=400)  # a parallel try used it first
