"""`t(key)`: a visible string in the visitor's language, reactive to language changes."""

from __future__ import annotations

import re
from typing import Any

import reflex as rx

from app.core.i18n import has_key
from app.core.i18n.formatting import NBSP
from state.site import SiteState


def t(key: str) -> rx.Var[str]:
    if not has_key(key):
        raise KeyError(f"missing catalog key {key!r}")  # caught at compile time, not by users
    return SiteState.texts[key].to(str)


def line_with(value: rx.Var[str], key: str, name: str, **props: Any) -> rx.Component:
    """A line of the catalog's words with their `{name}` filled by `value`, shown only while
    `value` is not empty (the multiplier a bet would pay, the bonus a total counts)."""
    return rx.cond(value != "", rx.el.p(t(key).replace("{" + name + "}", value), **props))


def title_key(title: str) -> str:
    """The catalog key of a page's title (pages/registry.py `Page.title`, in English)."""
    return "title." + re.sub(r"[^a-z0-9]+", "_", title.lower()).strip("_")


def page_title(title: str) -> rx.Var[str]:
    """A page's browser-tab title in the reader's language, with the brand's name once the
    brand has loaded ("Depositar · Sorte Grande")."""
    words = t(title_key(title))
    return rx.cond(SiteState.brand_name != "", words + " · " + SiteState.brand_name, words)


# Times and amounts in lists are formatted in the browser: the visitor's own time zone, and
# the locale of the language chosen (pt-BR: 1.234,50; en-US: 1,234.50), live on a switch.
_LOCAL_TIME = rx.vars.FunctionStringVar.create(
    "((iso, tag) => iso ? new Date(iso).toLocaleString(tag, "
    "{dateStyle: 'medium', timeStyle: 'short'}) : '')"
)
_LOCAL_DATE = rx.vars.FunctionStringVar.create(
    "((iso, tag) => iso ? new Date(iso).toLocaleDateString(tag, {dateStyle: 'long'}) : '')"
)
_AMOUNT = rx.vars.FunctionStringVar.create(
    "((amount, tag, digits) => Number(amount).toLocaleString(tag, "
    "{minimumFractionDigits: digits, maximumFractionDigits: digits}))"
)

_COUNT = rx.vars.FunctionStringVar.create("((count, tag) => Number(count).toLocaleString(tag))")

_SHORT_AMOUNT = rx.vars.FunctionStringVar.create(
    "((amount, tag) => Number(amount).toLocaleString(tag, "
    "{notation: 'compact', maximumFractionDigits: 1}))"
)


def local_time(iso: rx.Var) -> rx.Var[str]:
    return _LOCAL_TIME.call(iso, SiteState.locale_tag).to(str)


def local_date(iso: rx.Var) -> rx.Var[str]:
    return _LOCAL_DATE.call(iso, SiteState.locale_tag).to(str)


def amount(value: rx.Var) -> rx.Var[str]:
    """An amount in the brand's currency: its minor digits (none in dong), the reader's marks."""
    return _AMOUNT.call(value, SiteState.locale_tag, SiteState.amount_digits).to(str)


def money(value: rx.Var) -> rx.Var[str]:
    """An amount with the brand's currency symbol, joined as the server joins it: R$ 1.234,50."""
    return SiteState.currency_symbol + NBSP + amount(value)


def short_money(value: rx.Var) -> rx.Var[str]:
    """A round amount as a chip shows it, with the brand's symbol: R$ 20, ₫ 250K (PT:
    ₫ 250 mil); `money` gives the full amount for its accessible name."""
    return SiteState.currency_symbol + NBSP + short_amount(value)


def local_count(value: rx.Var) -> rx.Var[str]:
    """A count with the reader's grouping: 9.105 (PT), 9,105 (EN)."""
    return _COUNT.call(value, SiteState.locale_tag).to(str)


def short_amount(value: rx.Var) -> rx.Var[str]:
    """A round amount as a chip shows it, in the reader's words: 50, 250K, 2.5M (PT: 250 mil,
    2,5 mi); the full amount goes in its accessible name."""
    return _SHORT_AMOUNT.call(value, SiteState.locale_tag).to(str)
