"""What a page in one language must not show: a catalog key as it is written, a status code as
the database stores it, a text of the catalog that only the other language has, an amount
written the other language's way. The walks of the console, the agent centre and the site
read a page's text and ask these."""

from __future__ import annotations

import re
from functools import cache

from playwright.async_api import Page

from app.core.i18n import catalog

# Codes as the database stores them, which the pages say in words.
STORED_CODES = frozenset({
    "PENDING", "PARTIALLY_PAID", "DISBURSED", "RECEIVED", "AUTO_RECEIVED", "INVESTIGATING",
    "REJECTED", "REFUNDED", "PAID", "VERIFIED", "REVIEW", "BARRED", "ACTIVE", "BLOCKED",
    "LOCKED", "INVITED", "SCHEDULED", "OPEN", "CLOSED", "DRAWN", "SETTLED", "VOIDED",
    "queued", "running", "succeeded", "balance.adjust", "withdrawal.pay",
    # the agent programme's contracts and the team's ledger kinds
    "OFFERED", "TERMINATION_REQUESTED", "TERMINATED", "SUPERSEDED", "WITHDRAWN", "DIVIDEND",
    "DAILY_SALARY", "HOURLY_SALARY", "REALTIME_SALARY", "DEPOSIT", "WITHDRAWAL", "TRANSFER",
    "REBATE", "ADJUSTMENT",
})  # fmt: skip
# A telltale is long enough to be a sentence or a label, not a word both languages share
# ("PIX").
MIN_LENGTH = 14


@cache
def catalog_keys() -> frozenset[str]:
    """The catalog's keys that cannot be a word of a sentence (they hold "-" or ".")."""
    return frozenset(key for key in catalog()["en"] if "-" in key or "." in key)


@cache
def telltales(language: str) -> frozenset[str]:
    """The catalog's texts that only `language` has: without placeholders or markup, and not
    used by the other language anywhere."""
    messages = catalog()
    other = set(messages["pt" if language == "en" else "en"].values())
    return frozenset(
        text
        for text in messages[language].values()
        if len(text) >= MIN_LENGTH and "{" not in text and "<" not in text and text not in other
    )


def raw_keys(shown: str) -> list[str]:
    return sorted({word for word in shown.split() if word.strip(".,:;()") in catalog_keys()})


def stored_codes(shown: str) -> list[str]:
    tokens = {word.split("#")[0].strip(".,:;()") for word in shown.split()}
    return sorted(tokens & STORED_CODES)


# An amount with cents written the other language's way: 1,234.56 on a Portuguese page,
# 1.234,56 on an English one (not part of a longer run of digits and dots, as an address is).
_OTHER_MONEY = {
    "pt": re.compile(r"(?<![\d.,])\d{1,3}(?:,\d{3})*\.\d{2}(?![\d.,])"),
    "en": re.compile(r"(?<![\d.,])\d{1,3}(?:\.\d{3})*,\d{2}(?![\d.,])"),
}


def other_money(shown: str, language: str) -> list[str]:
    """Amounts in `shown` written the way of the language that is not `language`."""
    return sorted(set(_OTHER_MONEY[language].findall(shown)))


def other_language(shown: str, language: str) -> list[str]:
    """The other language's telltales in a text read in `language` ("pt" or "en")."""
    return sorted(text for text in telltales("en" if language == "pt" else "pt") if text in shown)


# The text of the element `selector`, but for the parts marked as written in another language
# (`lang`: a legal document's title in the language it is written in).
_READ_IN = """([selector, language]) => {
    const root = document.querySelector(selector);
    let text = root.innerText;
    for (const part of root.querySelectorAll('[lang]')) {
        if (!part.lang.toLowerCase().startsWith(language)) text = text.replace(part.innerText, '');
    }
    return text;
}"""


async def text_in(page: Page, selector: str, language: str) -> str:
    """What a reader of `language` reads in `selector`: the parts in other languages left out."""
    return str(await page.evaluate(_READ_IN, [selector, language]))


def wrong_words(shown: str, language: str) -> list[str]:
    """Every catalog key, stored code, text and amount of the other language in `shown`."""
    return (
        raw_keys(shown)
        + stored_codes(shown)
        + other_language(shown, language)
        + other_money(shown, language)
    )
