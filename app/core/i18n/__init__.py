"""Message catalogs (EN and PT complete) and language codes.

Catalog modules under `catalog/` each export `MESSAGES = {"en": {...}, "pt": {...}}`; they are
merged here once. Every visible string and every error message is looked up by key.
"""

from __future__ import annotations

import importlib
import pkgutil
import string
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache
from typing import Any

from app.core.i18n import catalog as _catalog_pkg

UI_LANGUAGES: tuple[str, ...] = ("en", "pt")
FALLBACK_UI_LANGUAGE = "en"

# Spec 9: the product's full language list (codes as the API and brand config use them).
LANGUAGE_CODES: tuple[str, ...] = (
    "CN", "EN", "JA", "TH", "VI", "MY", "ES", "HI", "ID", "KM", "KO", "KR", "MS", "PT", "TA",
    "TW", "TY", "UR", "UR-LA", "PT-BR", "TR", "BN", "AR", "FA", "RU", "KK", "UZ", "LO", "NE",
    "FR", "TE", "SW",
)  # fmt: skip
TAGALOG = "TY"

LANGUAGE_NAMES: dict[str, str] = {"EN": "English", "PT": "Português", "PT-BR": "Português"}


@dataclass(frozen=True)
class Amount:
    """Money in a message with its currency's minor digits (an error's limit in dong is
    "250,000", not "250,000.00"); a bare Decimal shows two. With the brand's currency
    `symbol` it is written as every amount of the site is: "R$ 100,00" (brands.Money)."""

    value: Decimal
    digits: int
    symbol: str = ""


def normalize_language_code(code: str | None) -> str | None:
    """Upper-case a language code and map `pt_br`/`pt-br` style spellings; None if unknown."""
    if not code:
        return None
    normalized = code.strip().upper().replace("_", "-")
    return normalized if normalized in LANGUAGE_CODES else None


def ui_language(code: str | None) -> str:
    """The catalog a language code is shown in (PT and PT-BR → pt, EN → en)."""
    normalized = normalize_language_code(code) or ""
    lowered = normalized.split("-")[0].lower()
    return lowered if lowered in UI_LANGUAGES else FALLBACK_UI_LANGUAGE


@lru_cache
def catalog() -> dict[str, dict[str, str]]:
    merged: dict[str, dict[str, str]] = {lang: {} for lang in UI_LANGUAGES}
    for module_info in pkgutil.iter_modules(_catalog_pkg.__path__):
        module = importlib.import_module(f"{_catalog_pkg.__name__}.{module_info.name}")
        for lang, messages in module.MESSAGES.items():
            duplicated = merged[lang].keys() & messages.keys()
            if duplicated:
                raise RuntimeError(f"catalog keys defined twice: {sorted(duplicated)}")
            merged[lang].update(messages)
    return merged


def has_key(key: str) -> bool:
    return key in catalog()[FALLBACK_UI_LANGUAGE]


def studio_game_name(game_code: str, language: str | None) -> str | None:
    """An in-house studio game's name in the language (None: not a studio game); the
    catalogue keeps one name per game, the catalog the studio's own in every language."""
    key = f"studio.{game_code}.name"
    return translate(key, language) if has_key(key) else None


def translate(key: str, language: str | None, /, **params: Any) -> str:
    """The message for `key` in the language's catalog, with `{placeholders}` filled in."""
    messages = catalog()
    lang = ui_language(language) if language and language not in UI_LANGUAGES else language
    text = messages.get(lang or FALLBACK_UI_LANGUAGE, {}).get(key)
    if text is None:
        text = messages[FALLBACK_UI_LANGUAGE].get(key, key)
    if params:
        fields = {name for _, name, _, _ in string.Formatter().parse(text) if name}
        text = text.format(**{name: _shown(params.get(name, ""), lang) for name in fields})
    return text


def _shown(value: Any, lang: str | None) -> Any:
    """Money in a message is written the reader's way (1.234,50 or 1,234.50)."""
    if isinstance(value, Decimal | Amount):
        from app.core.i18n.formatting import format_symbol_amount

        amount = value if isinstance(value, Amount) else Amount(value, 2)
        return format_symbol_amount(
            amount.value, amount.symbol, lang or FALLBACK_UI_LANGUAGE, amount.digits
        )
    return value
