"""Free play (FREEPLAY3): a trial account (type 4) that can play demos only."""

from __future__ import annotations

import secrets

from app.core import rate_limit
from app.core.db import write_transaction
from app.core.errors import AppError
from app.core.security import hash_password
from app.services import site
from app.services.accounts import members
from app.services.accounts.login import Client, LoginResult, complete_login
from app.services.brands import Brand
from models import Member

TRIALS_PER_IP_PER_HOUR = 10


async def start_trial(brand: Brand, client: Client) -> LoginResult:
    if not brand.module_on(site.FREE_PLAY):
        raise AppError("operation-not-allowed", status=403)
    window = await rate_limit.hit(f"trial-ip:{client.ip}", TRIALS_PER_IP_PER_HOUR, 3600)
    if window.exceeded:
        raise AppError("too-many-requests", status=429)
    username = f"trial_{secrets.token_hex(5)}"
    member = Member(
        merchant_id=brand.id,
        username=username,
        nickname=username,
        # Nobody knows this password: a trial account is reached only through its session.
        password_hash=await hash_password(secrets.token_urlsafe(32)),
        account_type=members.trial_type(),
    )
    async with write_transaction() as session:
        session.add(member)
    return await complete_login(brand, member, client, via_sms=True)
