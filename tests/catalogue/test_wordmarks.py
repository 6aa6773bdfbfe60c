"""The demo vendors' wordmarks: the trade word set apart, the vendor's own look or one its
code gives it (the same every time), the name always inside the mark, nothing unescaped."""

from __future__ import annotations

import re

from app.demo.catalogue import VENDORS
from app.services.catalogue.wordmarks import LOOKS, split_name, vendor_svg


def test_the_trade_word_is_set_small_under_the_name() -> None:
    assert split_name("PG Soft") == ("PG", "SOFT")
    assert split_name("Pragmatic Play") == ("Pragmatic", "PLAY")
    assert split_name("Evolution") == ("Evolution", "")
    assert split_name("Soft") == ("Soft", "")  # a trade word alone is the name


def test_every_demo_vendor_has_a_mark_in_each_style_whose_name_fits() -> None:
    for vendor in VENDORS:
        for style in ("color", "white", "purple"):
            drawn = vendor_svg(vendor.vassalage, vendor.display_name, style)
            assert drawn.startswith("<svg") and 'aria-label="' in drawn
            widths = [int(w) for w in re.findall(r'textLength="(\d+)"', drawn)]
            assert widths and all(0 < w <= 148 for w in widths), vendor.display_name


def test_known_vendors_keep_their_look_and_others_get_one_from_their_code() -> None:
    assert LOOKS["PG"].ground in vendor_svg("PG", "PG Soft")
    assert vendor_svg("ZZ9", "Zeta Gaming") == vendor_svg("ZZ9", "Zeta Gaming")
    assert vendor_svg("ZZ9", "Zeta Gaming") != vendor_svg("ZZ8", "Zeta Gaming")
    assert "evolution" in vendor_svg("EVO", "Evolution")  # its own small letters


def test_a_name_is_escaped() -> None:
    drawn = vendor_svg("X1", "<b>&Co</b> Gaming")
    assert "<b>" not in drawn and "&lt;b&gt;&amp;Co&lt;/b&gt;" in drawn
