"""The inbox as the member drives it (state/support/inbox.py): opening a message shows its
body and marks it read (a second click closes it), removing one takes it off the list, and
"read all" leaves nothing unread. The member's tab runs through the site's own event
processor."""

from __future__ import annotations

from app.app import app as site
from app.core.db import write_transaction
from app.routes import MESSAGES
from app.services import inbox
from models.cashier import MessageKind
from state.support.inbox import InboxState
from tests.helpers.accounts import make_member
from tests.helpers.page_state import member_tab

PAGE = InboxState.get_full_name()


async def test_the_member_opens_removes_and_reads_all_of_their_messages() -> None:
    member = await make_member()
    assert member.id is not None
    async with write_transaction() as session:
        for order in ("W1", "W2", "W3"):
            await inbox.post_message(
                session,
                member.id,
                MessageKind.WITHDRAWAL_REJECTED,
                {"orderNo": order, "amount": "150.00"},
            )
    tab = await member_tab(site, member)
    async with tab.processor:
        await tab.open(MESSAGES)
        page = await tab.state(InboxState)
        assert (len(page.items), page.unread) == (3, 3)
        first, second = page.items[0].id, page.items[1].id

        await tab.send(f"{PAGE}.open", MESSAGES, message_id=int(first))
        page = await tab.state(InboxState)
        assert (page.opened, page.unread) == (first, 2)
        await tab.send(f"{PAGE}.open", MESSAGES, message_id=int(first))
        page = await tab.state(InboxState)
        assert (page.opened, page.unread) == ("", 2)

        # The bin asks first; taking the question back deletes nothing.
        await tab.send(f"{PAGE}.ask_remove", MESSAGES, message_id=int(second))
        page = await tab.state(InboxState)
        assert (page.removing, len(page.items)) == (second, 3)
        await tab.send(f"{PAGE}.ask_remove", MESSAGES, message_id=0)
        assert (await tab.state(InboxState)).removing == ""
        await tab.send(f"{PAGE}.ask_remove", MESSAGES, message_id=int(second))
        await tab.send(f"{PAGE}.remove", MESSAGES, message_id=int(second))
        page = await tab.state(InboxState)
        assert page.removing == ""
        assert second not in [row.id for row in page.items]
        assert (len(page.items), page.unread) == (2, 1)

        await tab.send(f"{PAGE}.read_all", MESSAGES)
        page = await tab.state(InboxState)
        assert page.unread == 0
        assert all(row.read for row in page.items)
