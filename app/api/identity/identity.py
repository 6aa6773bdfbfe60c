"""Identity for API clients (Brazil brands): the member's verification state and the form
that sends their identity to the provider; and the sandbox identity provider's own endpoint
(the in-project stand-in for a real KYC service, reached over HTTP by
app/services/identity/kyc.py). Every rule is in app/services/identity."""

from __future__ import annotations

from datetime import date
from typing import Annotated

from fastapi import APIRouter, File, Form, UploadFile
from pydantic import Field

from app.api.deps import RealMember
from app.api.envelope import Envelope, ok
from app.api.schemas import ApiModel
from app.core import clock
from app.core.config import get_settings
from app.core.errors import AppError
from app.services.identity import kyc, onboarding
from app.services.images import read_uploads

router = APIRouter(tags=["identity"])


class IdentityValue(ApiModel):
    required: bool = Field(description="the brand asks for a verified identity")
    status: str = Field(description="PENDING, REVIEW, VERIFIED, REJECTED, BARRED; '' none")
    active: bool = Field(description="may deposit and play, as far as identity goes")
    cpf: str = Field(description="masked; '' when the account has not given one yet")
    cpfNeeded: bool = Field(description="the verify call must carry the CPF too")
    fullName: str
    birthDate: date | None = Field(description="as verified")

    @classmethod
    def of(cls, view: onboarding.IdentityView) -> IdentityValue:
        # A barred account reads as under review: the refusal's reason stays unsaid.
        status = "REVIEW" if view.status == "BARRED" else view.status
        return cls(
            required=view.required,
            status=status,
            active=view.active,
            cpf=view.cpf_masked,
            cpfNeeded=view.cpf_needed,
            fullName=view.full_name,
            birthDate=view.birth_date,
        )


class VerifyPayload(ApiModel):
    fullName: str = Field(max_length=120)
    birthDate: str = Field(max_length=10, description="YYYY-MM-DD")
    cpf: str = Field(default="", max_length=14, description="only when cpfNeeded")


@router.get("/wps/member/identity", response_model=Envelope[IdentityValue])
async def identity(auth: RealMember) -> Envelope[IdentityValue]:
    return ok(IdentityValue.of(await onboarding.view(auth.member)))


@router.post(
    "/wps/member/identity/verify",
    response_model=Envelope[IdentityValue],
)
async def verify(auth: RealMember, payload: VerifyPayload) -> Envelope[IdentityValue]:
    """Send the member's full name and birth date to the identity provider."""
    view = await onboarding.submit(
        auth.member, payload.fullName, payload.birthDate, clock.now(), cpf_text=payload.cpf
    )
    return ok(IdentityValue.of(view))


class SandboxKycPayload(ApiModel):
    reference: str = Field(max_length=64)
    cpf: str = Field(max_length=11)
    fullName: str = Field(max_length=120)
    birthDate: date


class SandboxKycAnswer(ApiModel):
    outcome: str
    reference: str
    birthDate: date | None
    reason: str


@router.post(kyc.SANDBOX_PATH, response_model=SandboxKycAnswer, include_in_schema=False)
async def sandbox_kyc(payload: SandboxKycPayload) -> SandboxKycAnswer:
    """The sandbox identity provider (served while it is the provider; never in production)."""
    if get_settings().kyc_provider_url is not None:
        raise AppError("not-found", status=404)
    answer = kyc.sandbox_decision(
        kyc.KycRequest(payload.reference, payload.cpf, payload.fullName, payload.birthDate)
    )
    return SandboxKycAnswer(
        outcome=answer.outcome,
        reference=answer.reference,
        birthDate=answer.birth_date,
        reason=answer.reason,
    )


class SandboxLivenessAnswer(ApiModel):
    outcome: str
    reference: str
    score: int
    reason: str


@router.post(
    kyc.SANDBOX_LIVENESS_PATH, response_model=SandboxLivenessAnswer, include_in_schema=False
)
async def sandbox_liveness(
    reference: Annotated[str, Form(max_length=64)],
    images: Annotated[list[UploadFile], File()],
) -> SandboxLivenessAnswer:
    """The sandbox liveness check (served while it is the provider; never in production)."""
    if get_settings().liveness_provider_url is not None:
        raise AppError("not-found", status=404)
    read = await read_uploads(images, onboarding.MAX_DOCUMENTS)
    answer = kyc.sandbox_liveness(reference, read)
    return SandboxLivenessAnswer(
        outcome=answer.outcome, reference=answer.reference, score=answer.score, reason=answer.reason
    )


ROUTERS = (router,)
