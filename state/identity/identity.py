"""The member's identity verification (Brazil brands) and the public responsible-gambling
page. Every rule is in app/services/identity; identity of the member from `current_login`."""

from __future__ import annotations

from typing import Any

import reflex as rx

from app.core import clock
from app.services import gates
from app.services.identity import onboarding
from app.services.images import read_uploads
from app.services.jurisdiction import profile_of
from state.accounts.auth import current_member, member_or_none
from state.gates import gated
from state.guard import ARGS, GUEST, LOGIN, Form, checked
from state.member_page import MemberPage, member_action
from state.rows import iso_text
from state.site import current_brand

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    "IdentityState.load": gates.READ,
    **gates.each("IdentityState.", "submit send_documents", gates.ACCOUNT),
    "ResponsibleState.load": gates.SHELL,
}

DOCUMENT_UPLOAD = "identity-documents"


class IdentityState(MemberPage, rx.State):
    required: bool = False
    status: str = ""  # PENDING, REVIEW, VERIFIED, REJECTED ("" none; BARRED shows as REVIEW)
    cpf: str = ""  # masked
    cpf_needed: bool = False  # an account opened without a CPF gives it with the form
    # What the member already gave (at registration, or in an earlier try): the form's start.
    full_name: str = ""
    birth_date: str = ""  # ISO, as the form's date field holds it
    documents: int = 0  # images sent for the review
    error: str = ""
    notice: str = ""
    busy: bool = False

    def _show(self, view: onboarding.IdentityView) -> None:
        self.required = view.required
        # A barred account reads as under review: the reason stays unsaid (IN 22/2025). One
        # refused for its age is told so, not invited to try again.
        if view.status == "BARRED":
            self.status = "REVIEW"
        elif view.status == "REJECTED" and view.reason == onboarding.UNDERAGE:
            self.status = "UNDERAGE"
        else:
            self.status = view.status
        self.cpf = view.cpf_masked
        self.cpf_needed = view.cpf_needed
        self.full_name = view.full_name
        given = view.given_birth_date
        self.birth_date = iso_text(given)
        self.documents = view.documents

    @rx.event
    async def load(self) -> None:
        self.error = self.notice = ""
        self.busy = False
        member = await member_or_none(self)
        if member is not None:
            self._show(await onboarding.view(member))

    @rx.event
    @gated
    @checked
    @member_action
    async def submit(self, form: Form) -> None:
        view = await onboarding.submit(
            await current_member(self),
            str(form.get("fullName", ""))[:120],
            str(form.get("birthDate", ""))[:10],
            clock.now(),
            cpf_text=str(form.get("cpf", ""))[:14],
        )
        self.error = ""
        self._show(view)

    @rx.event
    @gated
    @checked
    @member_action
    async def send_documents(self, files: list[rx.UploadFile]) -> Any:
        """The document images chosen, for the member logged in on this browser while their
        identity is under review."""
        view = await onboarding.send_documents(
            await current_member(self),
            await read_uploads(files, onboarding.MAX_DOCUMENTS),
            clock.now(),
        )
        self.error = ""
        await self._say("identity.documents.sent")
        self._show(view)
        return rx.clear_selected_files(DOCUMENT_UPLOAD)


class ResponsibleState(rx.State):
    """The public responsible-gambling page: what this brand offers (no login)."""

    brand_name: str = ""
    central_url: str = ""
    limits_offered: bool = False

    @rx.event
    async def load(self) -> None:
        brand = await current_brand(self)
        rules = profile_of(brand)
        self.brand_name = brand.name
        self.central_url = rules.central_exclusion_url
        self.limits_offered = rules.player_limits


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "IdentityState.load": LOGIN,
    "IdentityState.submit": f"{ARGS}; identity service for the {LOGIN}",
    "IdentityState.send_documents": (
        f"Reflex upload (body size limit); images checked by content; {LOGIN} under review"
    ),
    "ResponsibleState.load": f"{GUEST}: the brand's public profile",
}
