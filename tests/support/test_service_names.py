"""The customer-service channels as the site names them (side menu, phone menu): two of one
type go by the operator's labels, one alone by its type in the reader's language."""

from __future__ import annotations

from app import routes
from app.app import app as site
from state.site import SiteState
from tests.helpers.page_state import Tab


async def test_two_channels_of_one_type_go_by_their_operator_labels() -> None:
    tab = Tab(site)
    async with tab.processor:
        await tab.open(routes.HOME)
        rows = (await tab.state(SiteState)).customer_services
    by_kind: dict[str, list[str]] = {}
    for row in rows:
        by_kind.setdefault(row.kind, []).append(row.label)
    assert by_kind["TELEGRAM"] == ["Telegram", "Telegram VIP"]
    assert by_kind["LIVECHAT"] == [""]  # named by the catalog's word for it
