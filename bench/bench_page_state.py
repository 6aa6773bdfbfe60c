"""Page state per user: what Redis holds for one tab (issue 36: under 40 KB).

A private SQLite database (migrated, demo data) and the site's own states and event
processor in this process (tests/helpers/page_state.py): a visitor opens the home page (as
bench_events' clients do), and a member logged in through the browser binding opens the home
page, then follows links to the main pages (tests/helpers/page_state.py MEMBER_PAGES). After
each page the tab's stored substates are summed as Redis would hold them (one pickle per
substate an event touched); the figures are the visitor's total and the member's largest
total over the visit, with the largest substates and their largest vars printed.

Goal (issue 36): page state per user < 40 KB (136.5 KB measured before it).
"""

from __future__ import annotations

import asyncio
import os
import tempfile

from bench.bench_ledger import migrate
from bench.common import Figure, environment
from tests.helpers.databases import new_sqlite_url

# What this bench measures: a change under these paths makes its RESULTS.md section stale.
MEASURES = ("state", "tests/helpers/page_state.py")

LIMIT_KB = 40.0


async def _measure() -> list[Figure]:
    from app.app import app as site
    from app.demo.seed import seed_demo_data
    from tests.helpers.accounts import make_member
    from tests.helpers.page_state import MEMBER_PAGES, Tab, member_tab, report, var_sizes

    await seed_demo_data()
    visitor = Tab(site)
    await visitor.visit(["/"])
    tab = await member_tab(site, await make_member())
    await tab.visit(MEMBER_PAGES)
    print(f"visitor on the home page: {report(visitor.sizes())}")
    print(f"member, largest after {tab.peak_page}: {report(tab.peak_sizes)}")
    ranked = sorted(tab.manager.stored.items(), key=lambda item: -len(item[1]))
    for (_, name), data in ranked[:8]:
        largest = ", ".join(f"{var} {size:,} B" for var, size in var_sizes(data))
        print(f"  {name.rpartition('.')[2]}: {largest}")
    visitor_kb = sum(visitor.sizes().values()) / 1024
    member_kb = tab.peak / 1024
    return [
        Figure("machine load average (1 min) at the end", os.getloadavg()[0], ""),
        Figure(
            "visitor, home page: state per tab", visitor_kb, "KB", "< 40 KB", visitor_kb < LIMIT_KB
        ),
        Figure(
            f"member, {len(MEMBER_PAGES)} pages: largest state per tab",
            member_kb,
            "KB",
            "< 40 KB",
            member_kb < LIMIT_KB,
        ),
        Figure("member: substates stored", len(tab.sizes()), "states"),
    ]


def run() -> list[Figure]:
    url = new_sqlite_url()
    data_dir = tempfile.mkdtemp(prefix="bench-page-state-")
    with environment(
        DATABASE_URL=url, REDIS_URL="", DATA_DIR=data_dir, ENVIRONMENT="test", ARGON2_PROFILE="test"
    ):
        migrate(url)
        return asyncio.run(_measure())


if __name__ == "__main__":
    for figure in run():
        print(figure.row())
