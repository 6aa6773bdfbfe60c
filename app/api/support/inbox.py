"""The member's platform messages (spec 7: messageV2). Thin: the rules are in
app/services/inbox.py."""

from __future__ import annotations

from datetime import datetime

from fastapi import APIRouter
from pydantic import Field

from app.api.deps import Context, RealMember
from app.api.envelope import Envelope, ok
from app.api.schemas import ApiModel, PageNumber, PageValue
from app.core import clock
from app.services import inbox

router = APIRouter(tags=["inbox"])


class MessageValue(ApiModel):
    id: int
    kind: str
    title: str
    body: str
    read: bool
    createdAt: datetime


class MessagePageValue(PageValue):
    unread: int
    items: list[MessageValue]


class MessageSelection(ApiModel):
    ids: list[int] = Field(default_factory=list, max_length=inbox.MAX_IDS)
    all: bool = False


@router.get("/wps/member/messageV2", response_model=Envelope[MessagePageValue])
async def message_page(
    ctx: Context, auth: RealMember, page: PageNumber = 1
) -> Envelope[MessagePageValue]:
    """The member's platform messages, newest first, 10 a page, with the unread count."""
    assert auth.member.id is not None
    found = await inbox.page(auth.member.id, ctx.language, page)
    return ok(
        MessagePageValue(
            items=[
                MessageValue(
                    id=m.id,
                    kind=m.kind,
                    title=m.title,
                    body=m.body,
                    read=m.read,
                    createdAt=m.created_at,
                )
                for m in found.items
            ],
            unread=found.unread,
            total=found.total,
            page=found.page,
            pageSize=found.page_size,
        )
    )


@router.post("/wps/member/messages/read", response_model=Envelope[int])
async def read_messages(auth: RealMember, payload: MessageSelection) -> Envelope[int]:
    """Mark messages read (`all`: every one); returns how many changed."""
    assert auth.member.id is not None
    return ok(await inbox.mark_read(auth.member.id, payload.ids, clock.now(), every=payload.all))


@router.post("/wps/member/messages/delete", response_model=Envelope[int])
async def delete_messages(auth: RealMember, payload: MessageSelection) -> Envelope[int]:
    """Delete the member's own messages among `ids`; returns how many."""
    assert auth.member.id is not None
    return ok(await inbox.delete(auth.member.id, payload.ids))


ROUTERS = (router,)
