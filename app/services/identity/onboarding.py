"""An account's identity on brands whose profile has `identity_verification` (Brazil).

- Registration (`claim_cpf`, in the registration's transaction): the CPF, checked and unique
  per brand; a CPF on the barred list is refused with neutral words. The account starts
  PENDING: it may log in and look around, not deposit, bet or withdraw.
- Verification (`submit`): the member gives their full name and birth date; the identity
  provider (kyc.py) answers. APPROVED: 18+ is checked on the birth date the PROVIDER read
  (under the brand's age: REJECTED), the barred list again, then VERIFIED: the verified name
  and birth date become the account's payee name and birthday. REVIEW: the account waits for
  staff (app/services/backoffice/kyc.py). REJECTED: the member may try again, up to the try
  limits per account and per CPF (`count_try`); past them the case goes to staff review.
- Gates (building blocks, the caller's transaction): `require_verified` before a deposit order
  and every bet debit; `require_may_withdraw` before a withdrawal (a BARRED account may take
  its balance out); `own_cpf` for the own-account payment rules (Portaria 615/2024).
- The barred list at the first login of each day (`check_at_login`), at each deposit and
  across the whole base every 15 days (`sweep_barred`, the job app/jobs/barred_sweep.py).

On a Brazil brand every registration makes the identity row; an account opened another way
(an agent's registerCenter) has none yet: it is gated like a PENDING one and gives its CPF with
the verification form (`submit`'s `cpf_text`).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

import httpx
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core import rate_limit
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.i18n import translate, ui_language
from app.core.security import keyed_digest
from app.services import inbox
from app.services.amounts import parse_amount, parse_number
from app.services.brands import Brand, brands
from app.services.identity import barred, kyc
from app.services.identity import cpf as cpf_rules
from app.services.images import image_suffixes, remove, store
from app.services.jurisdiction import profile_of
from models import Member
from models.base import saved_id
from models.cashier import MessageKind, PayoutAccountKind, PixKeyType
from models.identity import BarredPerson, IdentityStatus, MemberIdentity
from models.protection import LimitKind, LimitPeriod, MemberLimit, ProtectionRecord

CENT = Decimal("0.01")
MIN_NAME_LENGTH = 5
MAX_NAME_LENGTH = 120
OLDEST_BIRTH_YEAR = 1900
# Statuses from which the member may send their identity (again).
SUBMITTABLE = (IdentityStatus.PENDING, IdentityStatus.REJECTED)
# Under review the member sends their document: its front and back and a selfie holding it.
# A barred account reads as under review (the reason stays unsaid) and may send them too.
DOCUMENT_STATUSES = (IdentityStatus.REVIEW, IdentityStatus.BARRED)
REVERIFICATION = "reverification"  # the reason of an identity sent back under review
DOCUMENT_FOLDER = "identity"
MAX_DOCUMENTS = 3


@dataclass(frozen=True)
class IdentityView:
    """What the member (and the site) knows of their identity."""

    required: bool  # the brand asks for it
    status: str  # "" when not required and no identity row
    cpf_masked: str  # "" when the member has not given a CPF yet
    full_name: str  # the name sent for the check, else the one given at registration
    birth_date: date | None  # as verified
    reason: str
    documents: int = 0  # images sent for the review
    # The birth date sent for the check, else the one given at registration: each thing is
    # asked once, so the verification form starts from what the member already gave.
    given_birth_date: date | None = None

    @property
    def active(self) -> bool:
        """May deposit and play (as far as identity goes)."""
        return not self.required or self.status == IdentityStatus.VERIFIED

    @property
    def cpf_needed(self) -> bool:
        """The verification form asks the CPF too (an account opened without one)."""
        return self.required and not self.cpf_masked


async def log(
    session: AsyncSession,
    member: Member,
    event: str,
    now: datetime,
    params: dict[str, str] | None = None,
    channel: str = "LOG",
) -> None:
    """Keep an identity step in the protection retention log (the KYC decisions are part
    of the evidence kept 5 years; app/services/protection/records.py reads and exports it)."""
    assert member.id is not None
    language = ui_language(member.language or "PT")
    session.add(
        ProtectionRecord(
            merchant_id=member.merchant_id,
            member_id=member.id,
            event=event,
            channel=channel,
            language=language,
            content=translate(f"protection.event.{event}", language, **(params or {}))[:2000],
            params=params or {},
            created_at=now,
        )
    )


def age(born: date, today: date) -> int:
    return today.year - born.year - ((today.month, today.day) < (born.month, born.day))


def brand_today(brand: Brand, now: datetime) -> date:
    return now.astimezone(ZoneInfo(brand.timezone)).date()


def refused() -> AppError:
    """Neutral words for a refusal the member must not learn the reason of (a barred CPF)."""
    return AppError("identity-refused", status=403)


# ---- registration ---------------------------------------------------------------------------


async def claim_cpf(
    session: AsyncSession, brand: Brand, member: Member, cpf_text: str, now: datetime
) -> MemberIdentity:
    """The new member's CPF (building block: the registration's transaction, after the member
    row is flushed). One account per CPF per brand; a barred CPF is refused neutrally."""
    assert member.id is not None
    digits = cpf_rules.normalize(cpf_text)
    taken = (
        await session.exec(
            select(MemberIdentity.member_id).where(
                MemberIdentity.merchant_id == brand.id, MemberIdentity.cpf == digits
            )
        )
    ).first()
    if taken is not None:
        raise AppError("identity-cpf-taken", status=409)
    if await barred.is_barred(session, digits):
        raise refused()
    identity = MemberIdentity(
        member_id=member.id,
        merchant_id=brand.id,
        cpf=digits,
        barred_checked_on=brand_today(brand, now),
        created_at=now,
    )
    session.add(identity)
    await log(session, member, "identity-registered", now)
    return identity


def required(brand: Brand) -> bool:
    """Does this brand ask for a CPF and a verified identity?"""
    return profile_of(brand).identity_verification


def cpf_problem(brand: Brand, text: str) -> str | None:
    """The register form's check of the CPF field: None when fine, else an error code."""
    if not profile_of(brand).identity_verification:
        return None
    if not text.strip():
        return "val_required"
    return None if cpf_rules.is_valid(cpf_rules.digits_of(text)) else "identity-cpf-invalid"


# ---- reading --------------------------------------------------------------------------------


async def view(member: Member) -> IdentityView:
    brand = await brands.by_id(member.merchant_id)
    required = profile_of(brand).identity_verification
    async with session_scope() as session:
        identity = await session.get(MemberIdentity, member.id)
    registered_name = member.payee_name or ""
    if identity is None:
        status = IdentityStatus.PENDING if required else ""
        return IdentityView(
            required, status, "", registered_name, None, "", given_birth_date=member.birthday
        )
    return IdentityView(
        required=required,
        status=identity.status,
        cpf_masked=cpf_rules.masked(identity.cpf),
        full_name=identity.full_name or registered_name,
        birth_date=identity.birth_date,
        reason=identity.reason,
        documents=len(identity.documents),
        given_birth_date=identity.claimed_birth_date or member.birthday,
    )


# ---- gates ----------------------------------------------------------------------------------


def require_play_status(status: str | None, required: bool) -> None:
    """The gate on an identity's status (None: no identity row) where the brand `required`
    it: verified passes; a barred one is refused with neutral words; any other, or none, is
    identity-pending. Where not required, an account without a row passes."""
    if status == IdentityStatus.VERIFIED or (status is None and not required):
        return
    if status == IdentityStatus.BARRED:
        raise refused()
    raise AppError("identity-pending", status=403)


async def _gate_inputs(session: AsyncSession, member: Member) -> tuple[str | None, bool]:
    """What `require_play_status` needs: the identity's status (None: no row) and whether the
    brand requires one. The brand matters only without a row, so only then is it read (a bet
    on a member with a row reads nothing more)."""
    identity = await session.get(MemberIdentity, member.id)
    if identity is not None:
        return identity.status, True
    return None, required(await brands.by_id(member.merchant_id))


async def require_verified(session: AsyncSession, member: Member) -> None:
    """Before a deposit order or a bet debit: an identity not verified yet is refused
    (identity-pending); a barred one with neutral words."""
    require_play_status(*await _gate_inputs(session, member))


async def require_may_withdraw(session: AsyncSession, member: Member) -> None:
    """Before a withdrawal: a verified or barred account may take its balance out (to its
    own CPF); a pending, reviewed or rejected one, or none where required, may not."""
    status, needed = await _gate_inputs(session, member)
    if status != IdentityStatus.BARRED:
        require_play_status(status, needed)


async def require_own_payout(
    session: AsyncSession, member_id: int, kind: str, pix_key_type: str | None, key: str
) -> None:
    """A payout account of a member under the own-account rule must be a PIX key that is
    their own CPF: the one key the platform can prove is theirs (Portaria 615/2024)."""
    own = await own_cpf(session, member_id)
    if own is None:
        return
    if kind != PayoutAccountKind.PIX or pix_key_type != PixKeyType.CPF or key != own:
        raise AppError("identity-payout-not-own-cpf", status=422)


async def own_cpf(session: AsyncSession, member_id: int) -> str | None:
    """The member's CPF when the own-account payment rules apply to them, else None."""
    identity = await session.get(MemberIdentity, member_id)
    return identity.cpf if identity is not None else None


async def bar_if_listed(session: AsyncSession, brand: Brand, member: Member, now: datetime) -> bool:
    """Before a deposit order: is the member's CPF on the barred list now? A hit bars the
    account (the caller commits, then refuses with `refused()`)."""
    identity = await session.get(MemberIdentity, member.id)
    if identity is None or identity.status == IdentityStatus.BARRED:
        return False
    if not await barred.is_barred(session, identity.cpf):
        return False
    await _bar(session, member, identity, brand, now)
    return True


async def _bar(
    session: AsyncSession, member: Member, identity: MemberIdentity, brand: Brand, now: datetime
) -> None:
    identity.status = IdentityStatus.BARRED
    identity.decided_at = now
    identity.decided_by = "barred-list"
    identity.barred_checked_on = brand_today(brand, now)
    session.add(identity)
    await log(session, member, "identity-barred", now)


# ---- the member's verification --------------------------------------------------------------


def _name(text: str) -> str:
    name = " ".join(str(text).split())
    if not MIN_NAME_LENGTH <= len(name) <= MAX_NAME_LENGTH or any(
        not (ch.isalpha() or ch in " '.-") for ch in name
    ):
        raise AppError("identity-name-invalid", status=422)
    return name


def _birth_date(text: str, today: date) -> date:
    try:
        born = date.fromisoformat(str(text).strip())
    except ValueError:
        raise AppError("identity-birth-date-invalid", status=422) from None
    if not date(OLDEST_BIRTH_YEAR, 1, 1) <= born <= today:
        raise AppError("identity-birth-date-invalid", status=422)
    return born


async def submit(
    member: Member,
    full_name: str,
    birth_date: str,
    now: datetime,
    transport: httpx.AsyncBaseTransport | None = None,
    cpf_text: str = "",
) -> IdentityView:
    """Send the member's identity to the provider and apply its answer (see the module). An
    account without a CPF yet gives it here (`cpf_text`, claimed like at registration)."""
    assert member.id is not None
    brand = await brands.by_id(member.merchant_id)
    if not profile_of(brand).identity_verification:
        raise AppError("identity-not-required", status=404)
    today = brand_today(brand, now)
    name, born = _name(full_name), _birth_date(birth_date, today)
    async with session_scope() as session:
        identity = await session.get(MemberIdentity, member.id)
    if identity is None:
        identity = await _claim_later(brand, member, cpf_text, now)
    if identity.status not in SUBMITTABLE:
        raise AppError("identity-not-submittable", status=409)
    if not await count_try(KYC_STEP, member, now, identity.cpf):
        return await view(member)
    request = kyc.KycRequest(secrets.token_hex(8), identity.cpf, name, born)
    answer = await kyc.PROVIDER.check(request, transport=transport)
    async with write_transaction() as session:
        identity = await session.get(MemberIdentity, member.id, with_for_update=True)
        assert identity is not None
        if identity.status not in SUBMITTABLE:
            raise AppError("identity-not-submittable", status=409)
        identity.full_name, identity.claimed_birth_date = name, born
        identity.provider, identity.provider_reference = kyc.PROVIDER.name, answer.reference
        identity.submitted_at = now
        if answer.outcome == kyc.Outcome.APPROVED and answer.birth_date is not None:
            await _approve(session, brand, member, identity, answer.birth_date, "provider", now)
        elif answer.outcome == kyc.Outcome.REVIEW:
            identity.status, identity.reason = IdentityStatus.REVIEW, answer.reason
            await log(session, member, "identity-review", now)
        else:
            _reject(identity, answer.reason or "provider", "provider", now)
            await log(session, member, "identity-rejected", now, {"reason": identity.reason})
        session.add(identity)
    return await view(member)


async def _claim_later(
    brand: Brand, member: Member, cpf_text: str, now: datetime
) -> MemberIdentity:
    """The CPF of an account opened without one (checked, unique, barred list), PENDING."""
    problem = cpf_problem(brand, cpf_text)
    if problem is not None:
        raise AppError(problem, status=422)
    try:
        async with write_transaction() as session:
            if await session.get(MemberIdentity, member.id, with_for_update=True) is not None:
                raise AppError("identity-not-submittable", status=409)
            return await claim_cpf(session, brand, member, cpf_text, now)
    except IntegrityError as exc:  # the same CPF claimed at the same moment by another account
        raise AppError("identity-cpf-taken", status=409) from exc


async def send_documents(member: Member, images: Sequence[bytes], now: datetime) -> IdentityView:
    """The member's document images for the staff review (replacing any sent before):
    1 to MAX_DOCUMENTS png or jpg, checked by content; nothing is kept when one is refused."""
    if not images:
        raise AppError("identity-documents-required", status=422, params={"max": MAX_DOCUMENTS})
    suffixes = await image_suffixes(images, MAX_DOCUMENTS)
    stored = await store(DOCUMENT_FOLDER, images, suffixes)
    try:
        async with write_transaction() as session:
            identity = await session.get(MemberIdentity, member.id, with_for_update=True)
            if identity is None or identity.status not in DOCUMENT_STATUSES:
                raise AppError("identity-not-in-review", status=409)
            previous = list(identity.documents)
            identity.documents, identity.documents_at = stored, now
            identity.liveness, identity.liveness_score, identity.liveness_reason = "", 0, ""
            session.add(identity)
            await log(session, member, "identity-documents", now, {"count": str(len(stored))})
    except BaseException:
        await remove(DOCUMENT_FOLDER, stored)
        raise
    await remove(DOCUMENT_FOLDER, previous)
    await _check_liveness(member, images, stored, now)
    return await view(member)


async def _check_liveness(
    member: Member, images: Sequence[bytes], stored: list[str], now: datetime
) -> None:
    """The provider's liveness check of the images just stored, for the staff review (no
    transaction open during the call). Unavailable: left unrun, staff read the selfie."""
    try:
        answer = await kyc.PROVIDER.liveness(f"{member.id}-{stored[0]}", images)
    except AppError:
        return
    async with write_transaction() as session:
        identity = await session.get(MemberIdentity, member.id, with_for_update=True)
        if identity is None or identity.documents != stored:
            return  # newer images were sent meanwhile: their own check stands
        identity.liveness, identity.liveness_score = answer.outcome, answer.score
        identity.liveness_reason = answer.reason
        session.add(identity)
        await log(
            session,
            member,
            "identity-liveness",
            now,
            {"outcome": answer.outcome, "score": str(answer.score)},
        )


# The reason of a refusal for age: the verified birth date is under the brand's minimum age
# (the page then invites no new try: the date on the document decides).
UNDERAGE = "underage"


def _reject(identity: MemberIdentity, reason: str, by: str, now: datetime) -> None:
    identity.status, identity.reason = IdentityStatus.REJECTED, reason[:200]
    identity.decided_at, identity.decided_by = now, by


async def _approve(
    session: AsyncSession,
    brand: Brand,
    member: Member,
    identity: MemberIdentity,
    verified_birth_date: date,
    by: str,
    now: datetime,
) -> None:
    """Verified, unless the VERIFIED birth date is under the brand's age or the CPF is barred
    (building block: the caller holds the identity row)."""
    identity.birth_date = verified_birth_date
    if age(verified_birth_date, brand_today(brand, now)) < brand.min_age:
        _reject(identity, UNDERAGE, by, now)
        await log(session, member, "identity-rejected", now, {"reason": UNDERAGE})
        return
    if await barred.is_barred(session, identity.cpf):
        await _bar(session, member, identity, brand, now)
        return
    identity.status, identity.reason = IdentityStatus.VERIFIED, ""
    identity.decided_at, identity.decided_by = now, by
    # The verified name is the payee name every payout account must carry.
    stored = await session.get(Member, member.id, with_for_update=True)
    assert stored is not None
    stored.payee_name, stored.birthday = identity.full_name, verified_birth_date
    session.add(stored)
    await log(session, member, "identity-verified", now)


async def decide(
    session: AsyncSession,
    member: Member,
    approve: bool,
    reason: str,
    birth_date: date | None,
    by: str,
    now: datetime,
) -> MemberIdentity:
    """Staff's decision on an identity in REVIEW (building block of the KYC console's use
    case, which checks the permission and writes the audit line)."""
    brand = await brands.by_id(member.merchant_id)
    identity = await session.get(MemberIdentity, member.id, with_for_update=True)
    if identity is None or identity.status != IdentityStatus.REVIEW:
        raise AppError("identity-not-in-review", status=409)
    if approve:
        born = birth_date or identity.claimed_birth_date
        if born is None:
            raise AppError("identity-birth-date-invalid", status=422)
        await _approve(session, brand, member, identity, born, by, now)
    else:
        _reject(identity, reason, by, now)
        await log(session, member, "identity-rejected", now, {"reason": identity.reason})
    session.add(identity)
    return identity


async def ask_reverification(
    session: AsyncSession, member: Member, by: str, now: datetime
) -> tuple[MemberIdentity, list[str]]:
    """Re-verification on risk (building block of the KYC console's use case): a verified
    identity goes back under review; no deposit, bet or withdrawal until staff approve the
    documents the member sends again. The member is told in neutral words (inbox, logged).
    Returns the identity and the earlier document images, to remove once committed."""
    identity = await session.get(MemberIdentity, member.id, with_for_update=True)
    if identity is None or identity.status != IdentityStatus.VERIFIED:
        raise AppError("identity-not-verified", status=409)
    earlier = list(identity.documents)
    identity.status, identity.reason = IdentityStatus.REVIEW, REVERIFICATION
    identity.submitted_at, identity.decided_at, identity.decided_by = now, now, by
    identity.documents, identity.documents_at = [], None
    identity.liveness, identity.liveness_score, identity.liveness_reason = "", 0, ""
    session.add(identity)
    await inbox.post_message(session, saved_id(member.id), MessageKind.IDENTITY_RECHECK, {})
    await log(session, member, "identity-reverification", now, channel="INBOX")
    return identity, earlier


# ---- try limits: no name or birth-date oracle -------------------------------------------------

# The identity form (sent to the provider) and the payee name of a login from a new address
# are each limited per account and per CPF (two accounts on one CPF share the CPF's tries).
# Past either limit no answer comes any more: the case goes to staff review (the KYC queue).
KYC_STEP = "kyc"
PAYEE_NAME_STEP = "payee-name"
TRIES_PER_ACCOUNT = rate_limit.Limit("identity-try", 5, 24 * 3600)
TRIES_PER_CPF = rate_limit.Limit("identity-try-cpf", 5, 24 * 3600)
TOO_MANY_TRIES = "too-many-tries"  # the reason of an identity sent to review by its tries


def _try_keys(step: str, member_id: int, cpf: str | None) -> list[tuple[rate_limit.Limit, str]]:
    keys = [(TRIES_PER_ACCOUNT, rate_limit.limit_key(TRIES_PER_ACCOUNT, step, member_id))]
    if cpf:
        cpf_key = keyed_digest(cpf, "identity-try-cpf")  # no CPF in the cache's keys
        keys.append((TRIES_PER_CPF, rate_limit.limit_key(TRIES_PER_CPF, step, cpf_key)))
    return keys


async def _cpf_of(member_id: int) -> str | None:
    async with session_scope() as session:
        return await own_cpf(session, member_id)


async def count_try(step: str, member: Member, now: datetime, cpf: str | None = None) -> bool:
    """Count one try of the step (first, as every limited try); False past the account's or
    the CPF's limit, when the case has gone to staff review (the member told in their
    language). `cpf`: the one being tried, else the account's own."""
    member_id = saved_id(member.id)
    windows = [
        await rate_limit.hit(key, limit.limit, limit.window_seconds)
        for limit, key in _try_keys(step, member_id, cpf or await _cpf_of(member_id))
    ]
    if not any(window.exceeded for window in windows):
        return True
    if any(window.count == window.limit + 1 for window in windows):
        await send_to_review(member, step, now)  # the first try past a limit, once
    return False


async def take_back_try(step: str, member: Member) -> None:
    """A try that proved right does not count."""
    member_id = saved_id(member.id)
    for limit, key in _try_keys(step, member_id, await _cpf_of(member_id)):
        await rate_limit.undo(key, limit.window_seconds)


async def send_to_review(member: Member, step: str, now: datetime) -> None:
    """Too many tries: the identity goes under staff review (no deposit, bet or withdrawal
    until staff decide), once; the member is told in their language (inbox, logged)."""
    async with write_transaction() as session:
        identity = await session.get(MemberIdentity, member.id, with_for_update=True)
        if identity is not None and identity.reason == TOO_MANY_TRIES:
            return  # already sent, not decided yet
        if identity is not None and identity.status in (*SUBMITTABLE, IdentityStatus.VERIFIED):
            identity.status, identity.reason = IdentityStatus.REVIEW, TOO_MANY_TRIES
            identity.submitted_at = now
            session.add(identity)
        await inbox.post_message(
            session, saved_id(member.id), MessageKind.IDENTITY_TRIES_EXCEEDED, {}
        )
        await log(session, member, "identity-tries", now, {"step": step}, channel="INBOX")


# ---- the barred list at login ---------------------------------------------------------------


async def check_at_login(member: Member, now: datetime) -> None:
    """The first login of each day (the brand's calendar): consult the barred list; a hit
    bars the account (no deposit, no bet; the balance may still be withdrawn)."""
    brand = await brands.by_id(member.merchant_id)
    if not profile_of(brand).identity_verification:
        return
    today = brand_today(brand, now)
    async with session_scope() as session:
        identity = await session.get(MemberIdentity, member.id)
    if identity is None or identity.barred_checked_on == today:
        return
    try:
        async with write_transaction() as session:
            identity = await session.get(MemberIdentity, member.id, with_for_update=True)
            if identity is None or identity.barred_checked_on == today:
                return
            if identity.status != IdentityStatus.BARRED and await barred.is_barred(
                session, identity.cpf
            ):
                await _bar(session, member, identity, brand, now)
            identity.barred_checked_on = today
            session.add(identity)
    except IntegrityError:
        return  # a parallel login did the day's check


async def sweep_barred(session: AsyncSession, now: datetime) -> int:
    """Bar every account whose CPF is on the barred list now (the whole-base check every
    15 days, IN 22/2025; building block: the job's transaction). Returns how many it barred."""
    listed = select(BarredPerson.cpf).where(BarredPerson.cpf == MemberIdentity.cpf).exists()
    found = (
        await session.exec(
            select(MemberIdentity, Member)
            .join(Member, col(Member.id) == col(MemberIdentity.member_id))
            .where(MemberIdentity.status != IdentityStatus.BARRED, listed)
            .order_by(col(MemberIdentity.member_id))
            .with_for_update(of=MemberIdentity)
        )
    ).all()
    for identity, member in found:
        await _bar(session, member, identity, await brands.by_id(member.merchant_id), now)
    return len(found)


# ---- limits asked at registration -----------------------------------------------------------

# Register form field -> (kind, period) of the limit it sets (models.protection); time in
# minutes. Portaria 2.579/2025 art. 3: loss and time limits are asked at sign-up.
REGISTRATION_LIMITS = {
    "depositLimitDay": (LimitKind.DEPOSIT, LimitPeriod.DAY),
    "lossLimitDay": (LimitKind.LOSS, LimitPeriod.DAY),
    "timeLimitDay": (LimitKind.TIME, LimitPeriod.DAY),
}
MAX_LIMIT_MONEY = Decimal("100000000.00")
MINUTES_A_DAY = 24 * 60


def _limit_value(kind: LimitKind, text: str) -> Decimal:
    """The same bounds as a limit set later (protection.limits.parse_value) for a day."""
    if kind is LimitKind.TIME:
        value = parse_number(
            text,
            "protection-limit-invalid",
            places=2,
            minimum=Decimal(1),
            maximum=Decimal(MINUTES_A_DAY),
        )
        if value != value.to_integral_value():
            raise AppError("protection-limit-invalid", 422)
        return value.quantize(CENT)
    return parse_amount(text, "protection-limit-invalid", maximum=MAX_LIMIT_MONEY)


def registration_limits(
    brand: Brand, fields: dict[str, str]
) -> tuple[dict[str, Decimal], list[str]]:
    """The limits the register form carries (empty fields: none) and the fields in error."""
    if not profile_of(brand).limits_at_registration:
        return {}, []
    chosen: dict[str, Decimal] = {}
    bad: list[str] = []
    for name, (kind, _) in REGISTRATION_LIMITS.items():
        text = (fields.get(name) or "").strip()
        if not text:
            continue
        try:
            chosen[name] = _limit_value(kind, text)
        except AppError:
            bad.append(name)
    return chosen, bad


async def apply_registration_limits(
    session: AsyncSession, member: Member, chosen: dict[str, Decimal], now: datetime
) -> None:
    """The new member's first limits (a first limit applies at once), in the registration's
    transaction, each kept in the retention log."""
    assert member.id is not None
    for name, value in chosen.items():
        kind, period = REGISTRATION_LIMITS[name]
        session.add(
            MemberLimit(member_id=member.id, kind=kind, period=period, value=value, updated_at=now)
        )
        await log(
            session,
            member,
            "limit-applied",
            now,
            {"kind": kind.value, "period": period.value, "value": str(value)},
        )
