"""What the agent pages' states share: the member of the event, and whether an agent (the
pages show agents' parts only to agents, and the handlers act only for one)."""

from __future__ import annotations

from app.services.agents import tree
from models import Member
from state.accounts.auth import member_or_none
from state.member_page import MemberPage


class AgentPage(MemberPage, mixin=True):
    """An agent page's state (`class XState(AgentPage, rx.State)`): its `error` and `message`
    lines, and `is_agent` for the view, set by each look-up of the member."""

    is_agent: bool = False
    error: str = ""
    message: str = ""

    async def _member(self) -> Member | None:
        """The logged-in member, None for a guest; notes whether the member is an agent."""
        member = await member_or_none(self)
        self.is_agent = member is not None and tree.is_agent(member)
        return member

    async def _agent(self) -> Member | None:
        """The logged-in member if an agent; None for anyone else."""
        member = await self._member()
        return member if self.is_agent else None

    async def _agent_afresh(self) -> Member | None:
        """A load or an action of the page starts afresh (the last one's lines cleared): the
        logged-in member if an agent; None for anyone else."""
        self.error = self.message = ""
        return await self._agent()
