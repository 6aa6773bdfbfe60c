"""`row_of`: a display row from a service's view, with the formatted fields given."""

from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal

import pytest

from state.rows import row_of


@dataclass
class View:
    id: int
    username: str
    amount: Decimal
    created_at: datetime
    tags: list[str]


@dataclass
class Line:
    id: int = 0
    username: str = ""
    amount: str = ""
    at: str = ""
    tags: list[str] = field(default_factory=list)
    note: str = "none"


VIEW = View(7, "ana", Decimal("12.50"), datetime(2026, 12, 5, 14, 0), ["vip"])


def test_a_row_copies_same_named_fields_and_takes_the_formatted_ones_given() -> None:
    line = row_of(Line, VIEW, amount="12,50", at="05/12/2026 14:00")
    assert line == Line(7, "ana", "12,50", "05/12/2026 14:00", ["vip"], "none")


def test_a_field_the_view_lacks_keeps_its_default() -> None:
    assert row_of(Line, VIEW, amount="1", at="x").note == "none"


def test_an_unformatted_amount_is_refused_rather_than_shown_raw() -> None:
    with pytest.raises(TypeError, match=r"Line\.amount takes str, not Decimal"):
        row_of(Line, VIEW)


def test_a_given_name_the_row_lacks_is_refused() -> None:
    with pytest.raises(TypeError, match="has no field colour"):
        row_of(Line, VIEW, amount="1", colour="red")


def test_only_dataclasses_are_rows() -> None:
    with pytest.raises(TypeError, match="not a dataclass"):
        row_of(int, VIEW)
