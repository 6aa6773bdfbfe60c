"""The agent centre's own forms as the agent drives them (state/agents.py): a refused
registration, contract offer or answer shows the translated reason in the page's error line
and its success message stays empty. The agent's tab runs through the site's own event
processor."""

from __future__ import annotations

from app.app import app as site
from app.core.i18n import translate
from app.routes import AGENT_HOME, DOWNLINES, REGISTER_CENTER
from state.agents import AgentState
from tests.support.agents import downline, top_agent
from tests.support.page_state import member_tab

LANG = "pt"  # BR1's default language, with nothing chosen in the tab
AGENT = AgentState.get_full_name()


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
