"""The feedback page as the member drives it (state/support/feedback.py): what became of a
follow-up is said under that ticket, beside its button, and what became of a new ticket beside
the new ticket's form; a follow-up refused (the ticket closed meanwhile) says why under the
ticket and adds nothing. The member's tab runs through the site's own event processor."""

from __future__ import annotations

from app.app import app as site
from app.core import clock
from app.core.db import write_transaction
from app.core.i18n import translate
from app.routes import FEEDBACK
from app.services.brands import brands
from app.services.support import tickets
from state.support.feedback import FeedbackState
from tests.helpers.accounts import make_member
from tests.helpers.page_state import member_tab

LANG = "pt"  # BR1's default language, with nothing chosen in the tab
PAGE = FeedbackState.get_full_name()


async def test_a_follow_up_is_answered_under_its_own_ticket() -> None:
    member = await make_member()
    assert member.id is not None
    brand = await brands.by_code("BR1")
    now = clock.now()
    first, second = [
        await tickets.submit_feedback(brand, member.id, "other", text, "198.51.100.71", [], now)
        for text in ("Minha primeira pergunta aqui.", "Minha segunda pergunta aqui.")
    ]
    tab = await member_tab(site, member)
    async with tab.processor:
        await tab.open(FEEDBACK)
        form = {"ticket": str(second), "body": "Ainda aguardo."}
        await tab.send(f"{PAGE}.follow_up", FEEDBACK, form=form)
        page = await tab.state(FeedbackState)
        assert page.about_ticket == second
        assert (page.error, page.notice) == ("", translate("feedback.follow_up_sent", LANG))

        async with write_transaction() as session:
            await tickets.close_in(session, brand.id, first, clock.now())
        await tab.send(f"{PAGE}.follow_up", FEEDBACK, form={"ticket": str(first), "body": "E?"})
        page = await tab.state(FeedbackState)
        assert page.about_ticket == first
        assert (page.error, page.notice) == (translate("feedback-closed", LANG), "")
        [closed] = [row for row in page.tickets if row.id == first]
        assert [line.body for line in closed.replies] == []

        # Someone else's ticket (a forged id) is refused at the top of the page.
        await tab.send(f"{PAGE}.follow_up", FEEDBACK, form={"ticket": "999999", "body": "Oi"})
        page = await tab.state(FeedbackState)
        assert (page.about_ticket, page.error) == (0, translate("feedback-not-found", LANG))
