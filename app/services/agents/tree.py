"""The agent tree (a closure table, models/agents.py): attaching members, the downline and
the path to the root, each one indexed query. Building blocks: they take the session.

Why a closure table rather than a materialised path: "all descendants of X" is the primary
key's prefix (ancestor_id = X) and comes out as a SELECT of member ids that the reporting
service joins with the wager facts' member-time index, with each row's depth for "direct"
figures; a path column would need a LIKE prefix scan (an operator class on PostgreSQL) and
string parsing for the path. The price, depth rows per member (10 at depth 10), is small,
and members never move (the upline is set once), so no subtree is ever rewritten.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Select, Table, func, insert, literal, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.config import get_settings
from app.core.errors import AppError
from models import Member
from models.agents import AgentTree

MAX_DEPTH = 100
_TREE: Table = AgentTree.__table__  # type: ignore[attr-defined]


def is_agent(member: Member) -> bool:
    return member.account_type in get_settings().agent_account_types


async def check_upline(session: AsyncSession, member: Member, upline_id: int) -> Member:
    """Tree validation: the upline exists, is an agent of the same brand, is not the member
    and not one of the member's own descendants (no cycle), and the tree stays shallow."""
    upline = await session.get(Member, upline_id)
    if upline is None or upline.merchant_id != member.merchant_id or not is_agent(upline):
        raise AppError("agent-invalid-upline", 422)
    if member.id is not None:
        if upline.id == member.id:
            raise AppError("agent-invalid-upline", 422)
        below = await session.get(AgentTree, (member.id, upline_id))
        if below is not None:
            raise AppError("agent-invalid-upline", 422)
    connection = await session.connection()
    depth = (
        await connection.execute(
            select(func.count()).select_from(_TREE).where(_TREE.c.descendant_id == upline_id)
        )
    ).scalar_one()
    if int(depth) + 1 >= MAX_DEPTH:
        raise AppError("agent-tree-too-deep", 422)
    return upline


async def attach(session: AsyncSession, member: Member) -> int:
    """Write the tree rows of a member whose `upline_id` is set and who has no descendants
    yet (a new registration): one row per ancestor. Returns how many rows were written."""
    if member.upline_id is None:
        return 0
    if member.id is None:
        await session.flush()
    member_id = member.id
    assert member_id is not None
    connection = await session.connection()
    above = select(
        _TREE.c.ancestor_id,
        literal(member_id),
        _TREE.c.depth + 1,
        literal(member.merchant_id),
    ).where(_TREE.c.descendant_id == member.upline_id)
    await connection.execute(
        insert(_TREE).values(
            ancestor_id=member.upline_id,
            descendant_id=member_id,
            depth=1,
            merchant_id=member.merchant_id,
        )
    )
    result = await connection.execute(
        insert(_TREE).from_select(["ancestor_id", "descendant_id", "depth", "merchant_id"], above)
    )
    return 1 + max(int(result.rowcount or 0), 0)


def descendants(agent_id: int, *, max_depth: int | None = None) -> Select[Any]:
    """The SELECT of the agent's downline member ids (depth 1 = direct), for reports."""
    query = select(_TREE.c.descendant_id).where(_TREE.c.ancestor_id == agent_id)
    if max_depth is not None:
        query = query.where(_TREE.c.depth <= max_depth)
    return query


async def path_to_root(session: AsyncSession, member_id: int) -> list[int]:
    """The member's uplines, nearest first."""
    connection = await session.connection()
    rows = await connection.execute(
        select(_TREE.c.ancestor_id)
        .where(_TREE.c.descendant_id == member_id)
        .order_by(_TREE.c.depth)
    )
    return [int(row[0]) for row in rows.all()]


async def is_below(session: AsyncSession, agent_id: int, member_id: int) -> bool:
    """Whether the member is in the agent's downline (the authorisation check)."""
    return await session.get(AgentTree, (agent_id, member_id)) is not None


async def require_downline(session: AsyncSession, agent: Member, member_id: int) -> Member:
    """The member, if in the agent's downline; otherwise not found (nothing leaks)."""
    if agent.id is None or not await is_below(session, agent.id, member_id):
        raise AppError("agent-not-in-downline", 404)
    member = await session.get(Member, member_id)
    if member is None:
        raise AppError("agent-not-in-downline", 404)
    return member
