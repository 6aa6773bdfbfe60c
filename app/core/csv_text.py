"""CSV downloads: the one writer every export uses (the console's tables and reports, the agent
centre's, the audit log, the protection records), so that every one keeps the spreadsheet
formula guard.

A cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return is a formula to Excel,
LibreOffice and Google Sheets (OWASP "CSV injection"): a player's name or e-mail address typed
as `=HYPERLINK("http://…")` would run on the desk of whoever opens the export. Such a text cell
is written with a leading apostrophe, which the spreadsheet shows as text and never runs. A
plain number (`-12.50`, a refund's negative amount) is no formula and stays a number.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable
from typing import Any

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"[+-]?\d+(?:\.\d+)?")


def safe_cell(value: Any) -> Any:
    """A cell as an export writes it: a text a spreadsheet would run as a formula gets a
    leading apostrophe; numbers, plain signed figures and other texts are unchanged."""
    if (
        isinstance(value, str)
        and value.startswith(FORMULA_STARTS)
        and not _PLAIN_NUMBER.fullmatch(value)
    ):
        return "'" + value
    return value


def csv_text(header: Iterable[Any], rows: Iterable[Iterable[Any]]) -> str:
    """A table as CSV text: its header, then its rows, every cell through `safe_cell`."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([safe_cell(cell) for cell in header])
    writer.writerows([safe_cell(cell) for cell in row] for row in rows)
    return out.getvalue()
