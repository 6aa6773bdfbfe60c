"""The brand's announcements: home banners, notices and popups (spec 7). Thin: the rules
are in app/services/content/announcements.py."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request
from pydantic import Field

from app.api.deps import Context, optional_member
from app.api.envelope import Envelope, ok
from app.api.schemas import ApiModel, PageNumber, PageValue
from app.core import clock
from app.services.agents.tree import is_agent
from app.services.content import announcements

router = APIRouter(tags=["announcements"])


class AnnouncementValue(ApiModel):
    id: int
    promotionType: str
    execution: str
    title: str
    content: str = Field(description="HTML, sanitised when it was published")


class AnnouncementPayload(PageValue):
    banners: list[AnnouncementValue]
    player: list[AnnouncementValue]
    popup: list[AnnouncementValue]
    promotion: list[AnnouncementValue]


@router.get("/wps/relay/MCSFE_getListAnnouncements", response_model=Envelope[AnnouncementPayload])
async def list_announcements(
    request: Request,
    ctx: Context,
    types: Annotated[str, Query(max_length=32)] = "B,PL,PU,PR",
    platform: Annotated[str, Query(max_length=4)] = "W",
    execution: Annotated[str | None, Query(max_length=8)] = None,
    first_login: Annotated[bool, Query(alias="firstLogin")] = False,
    page: PageNumber = 1,
) -> Envelope[AnnouncementPayload]:
    """Spec 7: home (types B,PL,PU,PR, execution B), popup (types with H, execution by the
    caller: members A, and F on their first login; visitors B), notice (with a token: the
    member's notices). Member executions (A, F) are never shown to a visitor, agents' (G) to
    anyone but an agent."""
    member = await optional_member(request, ctx)
    wanted = tuple(t for t in types.split(",") if t)
    executions = announcements.visible_executions(
        tuple(e for e in execution.split(",") if e) if execution else None,
        member=member is not None,
        agent=member is not None and is_agent(member),
        first_login=first_login,
    )
    if not executions:  # only executions the caller may not see were asked: nothing to show
        found = announcements.AnnouncementPage((), 0, page, announcements.PAGE_SIZE)
    else:
        found = await announcements.query(
            ctx.brand.id,
            ctx.language,
            clock.now(),
            types=wanted,
            executions=executions,
            platform=platform,
            page=page,
        )
    parts = found.payload()
    return ok(
        AnnouncementPayload(
            **{
                name: [
                    AnnouncementValue(
                        id=v.id,
                        promotionType=v.promotion_type,
                        execution=v.execution,
                        title=v.title,
                        content=v.content,
                    )
                    for v in views
                ]
                for name, views in parts.items()
            },
            total=found.total,
            page=found.page,
            pageSize=found.page_size,
        )
    )


ROUTERS = (router,)
