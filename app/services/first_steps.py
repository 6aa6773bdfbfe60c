"""A new member's first steps (spec 4's first-login action): what stands between them and
playing and being paid, in order, each done or not, read from the account itself.

- identity: verified (brands that verify identity; a deposit needs it);
- name: the full name in their data (elsewhere; on identity brands the verification sets it);
- payment password: set (a withdrawal needs it);
- deposit: a first deposit paid.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlmodel import select

from app import routes
from app.core.db import session_scope
from app.services import exclusion
from app.services.accounts.members import roles
from app.services.brands import Brand
from app.services.cashier import payout_accounts
from app.services.identity import onboarding
from models import DepositOrder, Member
from models.cashier import DepositStatus
from models.identity import IdentityStatus


@dataclass(frozen=True)
class Step:
    key: str  # the page's text is `first_steps.<key>`
    done: bool
    href: str


async def _has_paid_deposit(member: Member) -> bool:
    async with session_scope() as session:
        found = await session.exec(
            select(DepositOrder.id)
            .where(DepositOrder.member_id == member.id, DepositOrder.status == DepositStatus.PAID)
            .limit(1)
        )
        return found.first() is not None


async def steps(member: Member, brand: Brand) -> tuple[Step, ...]:
    """The member's first steps in order (none for trial and agent accounts)."""
    account = roles(member.account_type)
    if account.is_trial or account.is_agent:
        return ()
    found: list[Step] = []
    if onboarding.required(brand):
        identity = await onboarding.view(member)
        verified = identity.status in (IdentityStatus.VERIFIED, "")
        found.append(Step("identity", verified, routes.VERIFY_IDENTITY))
    else:
        named = not payout_accounts.payee_name_missing(member)
        found.append(Step("name", named, routes.PROFILE))
    password_set = member.payment_password_hash is not None
    found.append(Step("payment_password", password_set, routes.WITHDRAW))
    found.append(Step("deposit", await _has_paid_deposit(member), routes.DEPOSIT))
    return tuple(found)


def open_count(found: tuple[Step, ...]) -> int:
    return sum(1 for step in found if not step.done)


@dataclass(frozen=True)
class Welcome:
    """What the home page says to a member: their break in force, else their first steps."""

    steps: tuple[Step, ...]
    on_break: exclusion.Exclusion | None


async def welcome(member: Member, brand: Brand, now: datetime) -> Welcome:
    """A member on a cooling-off or self-exclusion is shown it with its end, and no step that
    leads to money (issue 35: no "make your first deposit" to someone who chose to stop)."""
    on_break = await exclusion.current(member, now)
    if on_break is not None:
        return Welcome((), on_break)
    return Welcome(await steps(member, brand), None)
