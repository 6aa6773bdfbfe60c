"""The identity (KYC) provider behind one interface, reached over HTTP (httpx).

A real provider (KYC_PROVIDER_URL, LIVENESS_PROVIDER_URL) reads the member's document and runs
the liveness check; it answers APPROVED with the birth date and name it read, REVIEW (a person
must look), or REJECTED. Unset, the project's sandbox provider (`sandbox_decision`, served at
SANDBOX_PATH by app/api/identity/identity.py; never in production) answers the same way, with fixed
rules a tester can steer:

- a name of fewer than two words: REJECTED (the document's name could not be matched);
- a CPF whose first three digits are 999: REVIEW (the document could not be read);
- else APPROVED, with the birth date as written on the (simulated) document: the one given.

Under review, the member's document images go through the provider's liveness check (the
last image is the selfie holding the document); the sandbox's rules (`sandbox_liveness`):

- fewer than two images: REVIEW (no selfie beside the document);
- a selfie that is byte for byte one of the document images: FAILED (not a live face);
- else PASSED, score 97.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

import httpx

from app.core import http
from app.core.config import get_settings
from app.core.errors import AppError

SANDBOX_PATH = "/wps/sandbox/kyc/verify"
SANDBOX_LIVENESS_PATH = "/wps/sandbox/kyc/liveness"
SANDBOX_LIVENESS_SCORE = 97
SANDBOX_NAME = "sandbox"
PROVIDER_NAME = "provider"
REVIEW_PREFIX = "999"
TIMEOUT_SECONDS = 15


class Outcome:
    APPROVED = "APPROVED"
    REVIEW = "REVIEW"
    REJECTED = "REJECTED"


@dataclass(frozen=True)
class KycRequest:
    reference: str  # our reference of the check (one per attempt)
    cpf: str
    full_name: str
    birth_date: date  # as the member typed it


@dataclass(frozen=True)
class KycAnswer:
    outcome: str
    reference: str  # the provider's reference of the check
    birth_date: date | None  # read from the document (APPROVED)
    reason: str = ""


class Liveness:
    PASSED = "PASSED"
    FAILED = "FAILED"
    REVIEW = "REVIEW"


@dataclass(frozen=True)
class LivenessAnswer:
    outcome: str
    reference: str  # the provider's reference of the check
    score: int  # 0 to 100: how sure the provider is that a live person holds the document
    reason: str = ""


def sandbox_liveness(reference: str, images: Sequence[bytes]) -> LivenessAnswer:
    """The sandbox provider's liveness decision (see the module docstring)."""
    answer_reference = f"SBXLIVE-{reference}"
    if len(images) < 2:
        return LivenessAnswer(Liveness.REVIEW, answer_reference, 0, "selfie-missing")
    selfie, documents = images[-1], images[:-1]
    if any(selfie == document for document in documents):
        return LivenessAnswer(Liveness.FAILED, answer_reference, 0, "not-a-live-face")
    return LivenessAnswer(Liveness.PASSED, answer_reference, SANDBOX_LIVENESS_SCORE)


def sandbox_decision(request: KycRequest) -> KycAnswer:
    """The sandbox provider's decision (see the module docstring)."""
    reference = f"SBXKYC-{request.reference}"
    if len(request.full_name.split()) < 2:
        return KycAnswer(Outcome.REJECTED, reference, None, "name-mismatch")
    if request.cpf.startswith(REVIEW_PREFIX):
        return KycAnswer(Outcome.REVIEW, reference, None, "document-unreadable")
    return KycAnswer(Outcome.APPROVED, reference, request.birth_date)


class HttpKycProvider:
    """The HTTP adapter: POST the request as JSON, read the answer from the response.
    `transport` (tests): an in-process route to the sandbox instead of the network."""

    def __init__(self, transport: httpx.AsyncBaseTransport | None = None) -> None:
        self.transport = transport

    @property
    def name(self) -> str:
        return SANDBOX_NAME if get_settings().kyc_provider_url is None else PROVIDER_NAME

    def url(self) -> str:
        settings = get_settings()
        sandbox = settings.public_base_url.rstrip("/") + SANDBOX_PATH
        return settings.kyc_provider_url or sandbox

    def liveness_url(self) -> str:
        settings = get_settings()
        sandbox = settings.public_base_url.rstrip("/") + SANDBOX_LIVENESS_PATH
        return settings.liveness_provider_url or sandbox

    async def check(
        self, request: KycRequest, transport: httpx.AsyncBaseTransport | None = None
    ) -> KycAnswer:
        body = {
            "reference": request.reference,
            "cpf": request.cpf,
            "fullName": request.full_name,
            "birthDate": request.birth_date.isoformat(),
        }
        unavailable = AppError("identity-provider-unavailable", status=503)
        try:
            route = transport or self.transport
            async with http.client(transport=route, timeout=TIMEOUT_SECONDS) as client:
                response = await client.post(self.url(), json=body)
            response.raise_for_status()
            answer = response.json()
            outcome = str(answer["outcome"])
            born = answer.get("birthDate")
            if outcome not in (Outcome.APPROVED, Outcome.REVIEW, Outcome.REJECTED):
                raise unavailable
            return KycAnswer(
                outcome=outcome,
                reference=str(answer.get("reference", ""))[:64],
                birth_date=date.fromisoformat(born) if born else None,
                reason=str(answer.get("reason", ""))[:200],
            )
        except (httpx.HTTPError, ValueError, KeyError, TypeError) as exc:
            raise unavailable from exc

    async def liveness(self, reference: str, images: Sequence[bytes]) -> LivenessAnswer:
        """The liveness check of the images sent for the review (multipart upload)."""
        url = self.liveness_url()
        files = [("images", (f"image{n}", data)) for n, data in enumerate(images)]
        unavailable = AppError("identity-provider-unavailable", status=503)
        try:
            async with http.client(transport=self.transport, timeout=TIMEOUT_SECONDS) as c:
                response = await c.post(url, data={"reference": reference}, files=files)
            response.raise_for_status()
            answer = response.json()
            outcome = str(answer["outcome"])
            if outcome not in (Liveness.PASSED, Liveness.FAILED, Liveness.REVIEW):
                raise unavailable
            return LivenessAnswer(
                outcome=outcome,
                reference=str(answer.get("reference", ""))[:64],
                score=max(0, min(100, int(answer.get("score", 0)))),
                reason=str(answer.get("reason", ""))[:200],
            )
        except (httpx.HTTPError, ValueError, KeyError, TypeError) as exc:
            raise unavailable from exc


PROVIDER = HttpKycProvider()
