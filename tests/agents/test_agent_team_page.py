"""The agent centre's transfers as the page drives them (state/agents/agent_team.py): a refused
pick or transfer shows the translated reason in the page's error line and moves nothing;
the form opens only for a member of the agent's own downline. The member's tab runs through
the site's own event processor, on a brand whose market allows transfers."""

from __future__ import annotations

from decimal import Decimal

from app.app import app as site
from app.core.i18n import translate
from app.routes import DOWNLINES, TRANSFER_UPLINE
from app.services.cashier.transfers import member_wallet
from models import Member
from state.accounts.auth import AuthState
from state.agents.agent_team import AgentTeamState
from tests.helpers.agents import brand, downline, top_agent
from tests.helpers.money import fund
from tests.helpers.page_state import member_tab

OPEN = "BR2"  # BR1 has Brazil's profile: no transfers between members
HOST = "vilabet.test"  # a domain of BR2
LANG = "en"  # BR2's default language
TEAM = AgentTeamState.get_full_name()


async def _cash(member: Member) -> Decimal:
    return (await member_wallet(await brand(OPEN), member.id or 0)).cash


async def test_a_refused_pick_or_transfer_down_shows_why_and_moves_nothing() -> None:
    agent = await top_agent(OPEN)  # no payment password set
    player = await downline(agent, as_agent=False, code=OPEN)
    stranger = await downline(await top_agent(OPEN), as_agent=False, code=OPEN)
    await fund(agent.id or 0, "50.00")
    tab = await member_tab(site, agent, OPEN, host=HOST)
    async with tab.processor:
        await tab.open(DOWNLINES)
        await tab.send(f"{TEAM}.pick_transfer", DOWNLINES, downline_id=player.id)
        page = await tab.state(AgentTeamState)
        assert (page.transfer_to, page.error) == (player.id, "")
        await tab.send(f"{TEAM}.pick_transfer", DOWNLINES, downline_id=stranger.id)
        page = await tab.state(AgentTeamState)
        assert page.error == translate("agent-not-in-downline", LANG)
        assert page.transfer_to == 0  # the form closed
        await tab.send(f"{TEAM}.pick_transfer", DOWNLINES, downline_id=player.id)
        form = {"amount": "10.00", "payment_password": "anything"}
        await tab.send(f"{TEAM}.send_down", DOWNLINES, form=form)
        page = await tab.state(AgentTeamState)
        assert page.error == translate("payment-password-not-set", LANG)
        assert (page.message, page.transfer_to) == ("", player.id)  # the form stays open
    assert (await _cash(agent), await _cash(player)) == (Decimal("50.00"), Decimal("0.00"))


async def test_a_member_without_an_upline_is_told_so() -> None:
    lonely = await top_agent(OPEN)
    await fund(lonely.id or 0, "20.00")
    tab = await member_tab(site, lonely, OPEN, host=HOST)
    async with tab.processor:
        await tab.open(TRANSFER_UPLINE)
        form = {"amount": "5.00", "payment_password": "anything"}
        await tab.send(f"{TEAM}.send_up", TRANSFER_UPLINE, form=form)
        page = await tab.state(AgentTeamState)
        assert (page.error, page.message) == (translate("agent-transfer-no-upline", LANG), "")
        assert not (await tab.state(AuthState)).has_upline  # its menu offers no such page
    assert await _cash(lonely) == Decimal("20.00")
    sub_agent = await downline(lonely, as_agent=True, code=OPEN)
    tab = await member_tab(site, sub_agent, OPEN, host=HOST)
    async with tab.processor:
        await tab.open(TRANSFER_UPLINE)
        assert (await tab.state(AuthState)).has_upline
