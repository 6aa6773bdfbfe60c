"""Text as compared and searched: one folding rule for names, searches and payees."""

from __future__ import annotations

import unicodedata


def fold_name(text: str) -> str:
    """Lower-case without accents, spaces collapsed, so that a comparison or a search is
    case-, accent- and spacing-insensitive ("Pirâmide  MÍSTICA" → "piramide mistica")."""
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(stripped.casefold().split())


def mask_customer_name(name: str) -> str:
    """A winner's name as the board shows it: "marcos09" → "ma***09"."""
    if len(name) >= 5:
        return f"{name[:2]}***{name[-2:]}"
    if len(name) >= 2:
        return f"{name[0]}***{name[-1]}"
    return f"{name}***"
