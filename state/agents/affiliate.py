"""The affiliate application page: the programme's terms, the form and the status of the
member's latest application. Identity comes from `current_login` only; the service checks
the terms' acceptance, the form's lengths and that no application is waiting already; a
refusal shows in `error` (state/member_page.py)."""

from __future__ import annotations

import reflex as rx

from app.core import clock
from app.core.config import get_settings
from app.core.i18n import translate
from app.services import gates
from app.services.agents import affiliates, tree
from models import Member
from state.accounts.auth import current_member, member_or_none
from state.agents.agent_page import AgentPage
from state.gates import gated
from state.guard import ARGS, LOGIN, Form, checked
from state.member_page import member_action
from state.site import ui_lang

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    "AffiliateState.load": gates.READ,
    # As POST /wps/member/affiliate/apply.
    "AffiliateState.apply": gates.CLAIM,
}


class AffiliateState(AgentPage, rx.State):
    trial: bool = False
    status: str = ""  # the latest application's (PENDING, APPROVED, REJECTED); "" none
    sent_at: str = ""  # ISO

    async def _show(self, member: Member) -> None:
        self.is_agent = tree.is_agent(member)
        self.trial = member.account_type in get_settings().trial_account_types
        found = await affiliates.latest(member)
        self.status = found.status if found is not None else ""
        self.sent_at = found.created_at.isoformat() if found is not None else ""

    @rx.event
    async def load(self) -> None:
        self.error = self.message = ""
        member = await member_or_none(self)
        if member is None:
            self.status = self.sent_at = ""
            return
        await self._show(member)

    @rx.event
    @gated
    @checked
    @member_action
    async def apply(self, form: Form) -> None:
        self.error = self.message = ""
        # A guest's page (or a login not yet seen by it) is told so: not-logged-in.
        member = await current_member(self)
        await affiliates.apply(
            member,
            str(form.get("channel") or ""),
            str(form.get("audience") or ""),
            clock.now(),
            accepted_terms=form.get("accept") in ("on", True, "true"),
        )
        self.message = translate("affiliate.sent", await ui_lang(self))
        await self._show(member)


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "AffiliateState.load": f"{LOGIN}; the member's own application",
    "AffiliateState.apply": (
        f"{ARGS}; {LOGIN}; terms accepted, lengths checked, one application waiting at most"
    ),
}
