"""The agent centre's own forms as the agent drives them (state/agents/agents.py): a refused
registration, contract offer or answer shows the translated reason in the page's error line
and its success message stays empty; an offer on the agent home says who made it and when;
the offer form's limit sentence follows a change of language. The agent's tab runs through the
site's own event processor."""

from __future__ import annotations

from app.app import app as site
from app.core import clock
from app.core.i18n import translate
from app.routes import AGENT_HOME, DOWNLINES, REGISTER_CENTER
from app.services.agents import contracts
from models.agents import ContractKind
from state.agents.agents import AgentState
from state.site import SiteState
from tests.helpers.agents import brand, downline, signed, tiers, top_agent
from tests.helpers.page_state import member_tab

LANG = "pt"  # BR1's default language, with nothing chosen in the tab
AGENT = AgentState.get_full_name()
DAILY = ContractKind.DAILY_SALARY.value


async def test_refused_agent_forms_show_why() -> None:
    agent = await top_agent()
    sub = await downline(agent)
    tab = await member_tab(site, agent)
    async with tab.processor:
        await tab.open(REGISTER_CENTER)
        form = {"username": "x", "password": "a long enough secret 42"}
        await tab.send(f"{AGENT}.register", REGISTER_CENTER, form=form)
        page = await tab.state(AgentState)
        assert page.is_agent
        assert (page.error, page.message) == (
            translate("agent-register-invalid-username", LANG),
            "",
        )
        await tab.go(DOWNLINES)
        await tab.send(f"{AGENT}.pick", DOWNLINES, downline_id=sub.id)
        assert (await tab.state(AgentState)).offer_to == sub.id
        await tab.send(f"{AGENT}.offer", DOWNLINES, form={"period": "NEVER"})
        page = await tab.state(AgentState)
        refused = translate("agent-contract-invalid-terms", LANG)
        assert (page.error, page.message, page.offer_to) == (refused, "", sub.id)
        await tab.go(AGENT_HOME)
        # An offer the page did not list has no kind to answer for.
        await tab.send(f"{AGENT}.answer", AGENT_HOME, contract_id=5, action="ACCEPT")
        page = await tab.state(AgentState)
        refused = translate("agent-contract-invalid-kind", LANG)
        assert (page.error, page.message) == (refused, "")


async def test_an_offer_says_who_made_it_and_when() -> None:
    top = await top_agent()
    now = clock.now()
    await signed(None, top, DAILY, tiers((0, "0", None, "0.01")), now)
    sub = await downline(top)
    await contracts.offer(
        await brand(), top, sub.id or 0, DAILY, "D", tiers((0, "0", None, "0.004")), now
    )
    tab = await member_tab(site, sub)
    async with tab.processor:
        await tab.open(AGENT_HOME)
        (offer,) = (await tab.state(AgentState)).offers
    assert (offer.offered_by, offer.rate) == (top.username, "0,4")
    assert offer.offered_at.startswith(now.date().isoformat())
    # The house's offer to a top agent: no upline's name.
    house = await top_agent()
    await contracts.offer(
        await brand(), None, house.id or 0, DAILY, "D", tiers((0, "0", None, "0.01")), now
    )
    tab = await member_tab(site, house)
    async with tab.processor:
        await tab.open(AGENT_HOME)
        (offer,) = (await tab.state(AgentState)).offers
    assert offer.offered_by == ""


async def test_the_offer_limit_follows_the_language() -> None:
    top = await top_agent()
    await signed(None, top, DAILY, tiers((0, "0", None, "0.004")), clock.now())
    sub = await downline(top)
    tab = await member_tab(site, top)
    async with tab.processor:
        await tab.open(DOWNLINES)
        await tab.send(f"{AGENT}.pick", DOWNLINES, downline_id=sub.id)
        page = await tab.state(AgentState)
        assert page.offer_own == translate(
            "agent.contract.own", "pt", kind="Salário diário", rate="0,4"
        )
        await tab.send(f"{SiteState.get_full_name()}.set_language", DOWNLINES, code="EN")
        page = await tab.state(AgentState)
    assert page.offer_to == sub.id  # the form stays open
    assert page.offer_own == translate("agent.contract.own", "en", kind="Daily salary", rate="0.4")
