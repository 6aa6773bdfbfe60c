"""The verify page's state: a drawn issue hands the player's browser what it redoes the draw
from (the revealed seed, the published hash, the beacon, the family's recipe) and the script
that does it; an issue not drawn yet hands it nothing secret."""

from __future__ import annotations

import json

from app.app import app as site
from app.services.lottery import issues
from state.lottery.verify import LotteryVerifyState
from tests.helpers.lottery import open_issue
from tests.helpers.page_state import Tab


async def test_only_a_drawn_issue_hands_the_browser_its_seed_and_recipe() -> None:
    issue, _ = await open_issue("11x5-1m")
    page = f"/lottery/verify?gameCode=11x5-1m&issue={issue.issue_no}"
    tab = Tab(site)
    await tab.visit([page])
    shown = await tab.state(LotteryVerifyState)
    assert shown.seed_hash == "" and shown.seed == "" and shown.recipe == ""
    assert not shown.drawn and all(line.value != issue.server_seed for line in shown.lines)

    await issues.advance(issue.draw_at)
    drawn = await issues.find("11x5-1m", issue.issue_no)
    tab.told.clear()
    async with tab.processor:
        await tab.go(page)
    shown = await tab.state(LotteryVerifyState)
    assert shown.drawn and shown.seed == drawn.server_seed and shown.seed_hash == drawn.seed_hash
    assert json.loads(shown.recipe) == {"kind": "sample", "population": 11, "count": 5, "start": 1}
    assert shown.stored == [str(n) for n in drawn.result or []]
    assert any("/lottery-verify.js" in str(event.payload) for event in tab.told)
    # No beacon: said by a catalog key, which the page reads in its language of the moment.
    [beacon] = [line for line in shown.lines if line.label_key == "lotterypage.verify.beacon"]
    assert (beacon.value, beacon.value_key) == ("", "lotterypage.verify.no_beacon")
