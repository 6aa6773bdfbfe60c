"""An approval names where its evidence is: the checker follows the request's link to the
player's 360 view (the players page opens the player `?member=` names), through the site's
own event processor; staff of another brand who open the same link see nothing of the player."""

from __future__ import annotations

from uuid import uuid4

from app import routes
from app.app import app as site
from app.core.i18n import translate
from app.services.backoffice import players
from models.base import utcnow
from state.backoffice.console_players import PlayersState
from state.cashier.console_payments import PaymentsState
from state.site import SiteState
from tests.helpers.accounts import make_member
from tests.helpers.backoffice import make_staff
from tests.helpers.page_state import staff_tab


async def test_the_checker_follows_the_request_to_the_players_360_view() -> None:
    member = await make_member("BR1")
    assert member.id is not None
    maker = await make_staff("finance", "BR1")
    asked = await players.adjust(
        maker, member.id, "credit", "6000.00", "lost deposit", uuid4().hex, utcnow()
    )
    assert asked.approval_id is not None
    link = f"{routes.ADMIN_PLAYERS}?member={member.id}"

    checker = await staff_tab(site, "finance", "BR1")
    async with checker.processor:
        await checker.open(routes.ADMIN_PAYMENTS)
        queue = (await checker.state(PaymentsState)).approvals
        row = next(r for r in queue if r.id == asked.approval_id)
        lang = (await checker.state(SiteState)).ui_lang
        assert (row.evidence, row.evidence_label) == (link, translate("bo.ask.see-player", lang))
        await checker.go(link)
        page = await checker.state(PlayersState)
        assert (page.selected, page.profile.username, page.error) == (
            member.id,
            member.username,
            "",
        )

    outsider = await staff_tab(site, "finance", "VN1")
    async with outsider.processor:
        await outsider.open(link)
        page = await outsider.state(PlayersState)
        assert page.selected == 0 and page.profile.username == ""
        assert page.error == translate("staff-forbidden", (await outsider.state(SiteState)).ui_lang)
