"""Identity (KYC) of members of brands whose jurisdiction asks for it, and the list of people
barred from betting (app/services/identity)."""

from __future__ import annotations

from datetime import date, datetime
from enum import StrEnum

from sqlalchemy import JSON, Column, Index, UniqueConstraint
from sqlmodel import Field, SQLModel

from models.base import UTCDateTime, utcnow


class IdentityStatus(StrEnum):
    PENDING = "PENDING"  # registered; identity not checked yet (no deposit, bet, withdrawal)
    REVIEW = "REVIEW"  # the provider could not decide: waits for staff in the KYC console
    VERIFIED = "VERIFIED"  # identity and age proven: the account is active
    REJECTED = "REJECTED"  # refused (by the provider or staff); may try again
    BARRED = "BARRED"  # found on the barred list: no deposit or bet; the balance can leave


class MemberIdentity(SQLModel, table=True):
    """A member's CPF (11 digits, one account per CPF per brand) and verification outcome.
    `birth_date` is the one the identity provider read, never the member's own claim."""

    __tablename__ = "member_identity"
    __table_args__ = (
        UniqueConstraint("merchant_id", "cpf"),
        Index("ix_member_identity_queue", "merchant_id", "status", "submitted_at"),
    )

    member_id: int = Field(foreign_key="member.id", primary_key=True)
    merchant_id: int = Field(foreign_key="merchant.id")
    cpf: str = Field(max_length=11)
    status: str = Field(default=IdentityStatus.PENDING, max_length=12)
    full_name: str = Field(default="", max_length=120)
    claimed_birth_date: date | None = None
    birth_date: date | None = None  # as verified by the provider or staff
    provider: str = Field(default="", max_length=32)
    provider_reference: str = Field(default="", max_length=64)
    reason: str = Field(default="", max_length=200)
    submitted_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    decided_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    decided_by: str = Field(default="", max_length=64)  # "provider", or the staff login
    barred_checked_on: date | None = None  # the last day the barred list was consulted
    # Under review: the images the member sent (stored names: the document's sides, a selfie).
    documents: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    documents_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    # The provider's liveness check of those images: PASSED, FAILED, REVIEW; "" not run yet
    # (or the provider was unavailable: staff read the selfie themselves).
    liveness: str = Field(default="", max_length=12)
    liveness_score: int = 0
    liveness_reason: str = Field(default="", max_length=200)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class BarredList(StrEnum):
    SELF_EXCLUDED = "SELF_EXCLUDED"  # the central self-exclusion platform (IN 31/2025)
    BENEFIT = "BENEFIT"  # Bolsa Família / BPC recipients (IN 22/2025)
    RELATED = "RELATED"  # owners, staff, people who can influence events (Lei 14.790 art. 26)


class BarredPerson(SQLModel, table=True):
    """One CPF on one barred list, as loaded by the operator (`python -m app.cli barred-import`).
    Applies to every brand."""

    __tablename__ = "barred_person"

    cpf: str = Field(max_length=11, primary_key=True)
    list_name: str = Field(max_length=16, primary_key=True)
    source: str = Field(default="", max_length=120)  # the file it came from
    imported_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
