"""The verification page as a browser drives it (/verify-identity): each thing is asked once
(issue 35), so the form starts from the full name and birth date given at registration."""

from __future__ import annotations

from datetime import date

from app import routes
from app.app import app as site
from app.core import clock
from models.identity import IdentityStatus
from state.identity.identity import IdentityState
from tests.helpers.accounts import make_member
from tests.helpers.page_state import member_tab

PAGE = IdentityState.get_full_name()
NAME = "Maria das Graças Souza"
BORN = date(1990, 5, 17)


async def test_the_form_starts_from_what_the_member_gave_at_registration() -> None:
    for identity in (IdentityStatus.PENDING, None):  # with a CPF already, or giving it here
        member = await make_member(identity=identity, payee_name=NAME, birthday=BORN)
        tab = await member_tab(site, member)
        async with tab.processor:
            await tab.open(routes.VERIFY_IDENTITY)
            page = await tab.state(IdentityState)
        assert (page.status, page.cpf_needed) == ("PENDING", identity is None)
        assert (page.full_name, page.birth_date) == (NAME, "1990-05-17")


async def test_a_member_who_gave_neither_starts_from_an_empty_form() -> None:
    member = await make_member(identity=IdentityStatus.PENDING)
    tab = await member_tab(site, member)
    async with tab.processor:
        await tab.open(routes.VERIFY_IDENTITY)
        page = await tab.state(IdentityState)
    assert (page.status, page.full_name, page.birth_date) == ("PENDING", "", "")


async def test_a_minor_is_told_the_age_not_invited_to_try_again() -> None:
    member = await make_member(identity=IdentityStatus.PENDING)
    tab = await member_tab(site, member)
    minor = date(clock.now().year - 15, 1, 1).isoformat()
    async with tab.processor:
        await tab.open(routes.VERIFY_IDENTITY)
        form = {"fullName": NAME, "birthDate": minor}
        await tab.send(f"{PAGE}.submit", routes.VERIFY_IDENTITY, form=form)
        page = await tab.state(IdentityState)
    assert page.status == "UNDERAGE"  # the page shows the age rule, not the form again
