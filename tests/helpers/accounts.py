"""Helpers for account tests: payloads, members made directly, codes read from the outbox."""

from __future__ import annotations

import re
import secrets
from datetime import date
from typing import Any

import httpx
from sqlmodel import col, select

from app.client import PlatformClient
from app.core.cache import get_redis
from app.core.db import session_scope, write_transaction
from app.core.security import hash_password
from app.services.accounts import sessions
from app.services.identity import cpf, kyc
from app.services.jurisdiction import profile_of
from models import Member, MemberIdentity, Merchant, OutboundMessage
from models.identity import IdentityStatus
from tests.helpers.api import platform_api

PASSWORD = "Segura123"
ADULT_NAME = "Maria Teste Silva"
ADULT_BIRTH = "1990-05-17"


def new_username() -> str:
    return "u" + secrets.token_hex(5)


def new_mobile() -> str:
    return "119" + "".join(secrets.choice("0123456789") for _ in range(8))


def new_cpf(prefix: str = "") -> str:
    """A fresh CPF with valid check digits (`prefix`: its first digits, e.g. the sandbox's
    "999" that sends an identity to staff review; without one, never that)."""
    while True:
        base = prefix + "".join(secrets.choice("0123456789") for _ in range(9 - len(prefix)))
        if prefix or not base.startswith(kyc.REVIEW_PREFIX):
            return base + cpf.check_digits(base)


def registration(username: str, **overrides: Any) -> dict[str, Any]:
    return {
        "cpf": new_cpf(),
        "username": username,
        "password": PASSWORD,
        "confirmPassword": PASSWORD,
        "adultConfirmed": True,
        "termsAccepted": True,
        **overrides,
    }


async def register(
    client: PlatformClient, username: str | None = None, verified: bool = True, **overrides: Any
) -> dict:
    """A new member through the API; on a brand that asks for identity, verified through the
    sandbox provider too (`verified=False`: left pending)."""
    name = username or new_username()
    payload = registration(name, botCheck=await client.bot_check(), **overrides)
    value = await client.put("/wps/member/register", payload, sealed=True)
    client.token = value["token"]
    identity = await client.get("/wps/member/identity")
    if verified and identity["status"] == "PENDING":
        # The verified name becomes the payee name: the one registered, when given.
        full_name = overrides.get("payeeName") or ADULT_NAME
        await client.post(
            "/wps/member/identity/verify", {"fullName": full_name, "birthDate": ADULT_BIRTH}
        )
    return value


async def make_member(
    merchant_code: str = "BR1", identity: str | None = IdentityStatus.VERIFIED, **fields: Any
) -> Member:
    """A member written directly; on a brand that asks for identity, with an identity row of
    status `identity` (a fresh CPF; None: no row, as an agent's registerCenter opens one)."""
    async with write_transaction() as session:
        merchant = (
            await session.exec(select(Merchant).where(Merchant.code == merchant_code))
        ).one()
        member = Member(
            merchant_id=merchant.id,
            username=fields.pop("username", new_username()),
            password_hash=await hash_password(fields.pop("password", PASSWORD)),
            **fields,
        )
        session.add(member)
        if identity is not None and profile_of(merchant).identity_verification:
            await session.flush()
            session.add(identity_row(member, identity))
    return member


def identity_row(member: Member, status: str = IdentityStatus.VERIFIED) -> MemberIdentity:
    """A member's identity with a fresh CPF; verified: with the adult name and birth date."""
    verified = status == IdentityStatus.VERIFIED
    return MemberIdentity(
        member_id=member.id,
        merchant_id=member.merchant_id,
        cpf=new_cpf(),
        status=status,
        full_name=ADULT_NAME if verified else "",
        birth_date=date.fromisoformat(ADULT_BIRTH) if verified else None,
    )


async def last_code(recipient_suffix: str) -> str:
    """The 6-digit code of the newest SMS or e-mail whose recipient ends with the suffix."""
    async with session_scope() as session:
        message = (
            await session.exec(
                select(OutboundMessage)
                .where(col(OutboundMessage.recipient).endswith(recipient_suffix))
                .order_by(col(OutboundMessage.id).desc())
            )
        ).first()
    assert message is not None, f"no message sent to …{recipient_suffix}"
    found = re.search(r"\b(\d{6})\b", message.body)
    assert found is not None
    return found.group(1)


async def captcha_answer(captcha_id: str) -> str:
    answer = await get_redis().get(f"captcha:{captcha_id}")
    assert answer is not None
    return answer


async def cpf_of(member: Member) -> str:
    """The CPF of a member's identity row (the one PIX key their payouts may go to on BR1)."""
    async with session_scope() as session:
        identity = await session.get(MemberIdentity, member.id)
    assert identity is not None
    return identity.cpf


async def session_client(member: Member, merchant: str, address: str) -> PlatformClient:
    """An API client of the in-process app, logged in as `member` from `address`."""
    transport = httpx.ASGITransport(app=platform_api(), client=(address, 50000))
    client = PlatformClient("http://localhost", merchant=merchant, transport=transport)
    client.token = await sessions.open_session(member, address, "", "WEB")
    return client
