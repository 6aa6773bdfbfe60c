"""What a page in one language must not show: a catalog key as it is written, a status code as
the database stores it, a text of the catalog that only the other language has. The walks of
the console, the agent centre and the site read a page's text and ask these."""

from __future__ import annotations

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
    """Every catalog key, stored code and text of the other language in `shown`."""
    return raw_keys(shown) + stored_codes(shown) + other_language(shown, language)
