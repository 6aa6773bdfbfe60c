"""Registration field validators (specification section 5).

The server sends, per registration field, a validation config (``enabled``,
``required``, ``minLength``, ``maxLength``, ``patternId``, ``acceptedPattern``).
:class:`FieldRule` holds it and :func:`validate_field` checks a value against it,
returning a :class:`FieldError` (a message-catalog key plus placeholders) or ``None``.

Character classes used by the pattern ids:

* "letter" in the identifier-like ids (1, 4, 5, 7, 14, 19, 20) and "English letter"
  (8, 17, 18) means ASCII ``A-Z``/``a-z``; "digit" always means ASCII ``0-9``
  (id 2 also accepts full-width ``０-９``).
* "letter" in the name-like ids (12, 21) means a letter of any script (Unicode
  category ``L*``), combining marks (``M*``) allowed after it, so "João" or "ภาษาไทย"
  pass; "uppercase" in ids 18 and 23 means any-script uppercase (``Lu``, e.g. "É").
* "symbol" (ids 19, 20) means ASCII punctuation: any printable ASCII character that is
  not a letter, a digit or a space (``string.punctuation``).
* Values are NFC-normalised before checking, so decomposed accents count as one letter.
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from types import MappingProxyType

PATTERN_IDS = range(24)

# --- character classes (regex fragments) -------------------------------------------------

_HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002fa1f"
_KANJI = _HAN + "\u3005-\u3007"  # + 々 〆 〇
_HIRAGANA = "\u3041-\u3096\u3099-\u309f"
_KATAKANA = "\u30a1-\u30ff\u31f0-\u31ff"  # full-width only (no U+FF65-U+FF9F)
_CHINESE_PUNCT = (
    "\u00b7"  # middle dot used in transliterated names
    "\u2014-\u2026"  # — ‘ ’ “ ” …
    "\u3001-\u303f"  # 、 。 《 》 「 」 etc. (not the ideographic space U+3000)
    "\ufe30-\ufe4f"  # CJK compatibility forms
    "\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65"  # full-width punctuation
)
_HANGUL = "\uac00-\ud7a3\u1100-\u11ff\u3131-\u318e\ua960-\ua97c\ud7b0-\ud7fb"
_THAI = "\u0e01-\u0e3a\u0e3f-\u0e5b"
_SYMBOLS = re.escape(string.punctuation)

_EMAIL_ATOM = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+"
_EMAIL_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
_EMAIL = rf"{_EMAIL_ATOM}(?:\.{_EMAIL_ATOM})*@(?:{_EMAIL_LABEL}\.)+[A-Za-z]{{2,63}}"

_PATTERN_REGEXES: dict[int, str] = {
    0: r"(?s:.+)",
    1: r"[A-Za-z][A-Za-z0-9]*",
    2: rf"[{_KANJI}0-9\uff10-\uff19]+",
    3: _EMAIL,
    4: r"[A-Za-z0-9]+",
    5: r"(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+",
    6: r"[0-9]+",
    7: r"(?=.*[A-Z])[A-Za-z0-9]+",
    8: r"(?=.*[A-Za-z])[A-Za-z ]+",
    9: r"\S+",
    10: rf"(?=.*[{_HAN}])[{_HAN}{_CHINESE_PUNCT}]+",
    14: r"[A-Za-z0-9]+",
    15: rf"[{_HANGUL}]+",
    16: rf"[{_THAI}]+",
    17: rf"(?=.*[{_THAI}A-Za-z])[{_THAI}A-Za-z ]+",
    19: r"[!-~]+",
    20: rf"(?=.*[A-Z])(?=.*[a-z])(?=.*[0-9])(?=.*[{_SYMBOLS}])[!-~]+",
    22: rf"[{_HIRAGANA}{_KATAKANA}{_KANJI}]+",
}

_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_US_DATE = re.compile(r"[0-9]{2}-[0-9]{2}-[0-9]{4}")
_NAME_WORD_SEPARATORS = re.compile(r"['\u2019-]")


# --- function checkers (dates and any-script letters) ------------------------------------


def _regex_checker(pattern: str) -> Callable[[str], bool]:
    """Return a checker that full-matches ``pattern``."""
    compiled = re.compile(pattern)
    return lambda value: compiled.fullmatch(value) is not None


def _date_checker(shape: re.Pattern[str], fmt: str) -> Callable[[str], bool]:
    """Return a checker for a zero-padded date that must exist in the calendar."""

    def check(value: str) -> bool:
        if shape.fullmatch(value) is None:
            return False
        try:
            datetime.strptime(value, fmt)
        except ValueError:
            return False
        return True

    return check


def _is_letter(ch: str) -> bool:
    """True for a letter of any script."""
    return unicodedata.category(ch).startswith("L")


def _is_mark(ch: str) -> bool:
    """True for a combining mark (Thai vowel signs, combining accents...)."""
    return unicodedata.category(ch).startswith("M")


def _is_letters(value: str) -> bool:
    """Non-empty run of any-script letters (combining marks allowed after a letter)."""
    return (
        bool(value) and _is_letter(value[0]) and all(_is_letter(ch) or _is_mark(ch) for ch in value)
    )


def _letters_and_spaces(value: str) -> bool:
    """Id 12: any-script letters and spaces, at least one letter."""
    return any(_is_letter(ch) for ch in value) and all(
        ch == " " or _is_letter(ch) or _is_mark(ch) for ch in value
    )


def _is_upper(ch: str) -> bool:
    """True for an uppercase letter of any script (or a mark that follows one)."""
    return unicodedata.category(ch) == "Lu" or _is_mark(ch)


def _upper_and_spaces(value: str) -> bool:
    """Id 18: uppercase letters and spaces with at least one English letter A-Z."""
    return any("A" <= ch <= "Z" for ch in value) and all(ch == " " or _is_upper(ch) for ch in value)


def _upper_only(value: str) -> bool:
    """Id 23: uppercase letters (any script) only, no spaces."""
    return (
        bool(value)
        and unicodedata.category(value[0]) == "Lu"
        and all(_is_upper(ch) for ch in value)
    )


def _full_name(value: str) -> bool:
    """Id 21: two or more name words separated by single spaces.

    A name word is any-script letters, optionally joined by an apostrophe or a hyphen
    ("O'Neil", "Ana-Maria").
    """
    words = value.split(" ")
    return len(words) >= 2 and all(
        all(_is_letters(part) for part in _NAME_WORD_SEPARATORS.split(word)) for word in words
    )


def _build_checkers() -> Mapping[int, Callable[[str], bool]]:
    """Assemble the id -> checker table for every id in :data:`PATTERN_IDS`."""
    checkers: dict[int, Callable[[str], bool]] = {
        pid: _regex_checker(rx) for pid, rx in _PATTERN_REGEXES.items()
    }
    checkers[11] = _date_checker(_ISO_DATE, "%Y-%m-%d")
    checkers[12] = _letters_and_spaces
    checkers[13] = _date_checker(_US_DATE, "%m-%d-%Y")
    checkers[18] = _upper_and_spaces
    checkers[21] = _full_name
    checkers[23] = _upper_only
    if sorted(checkers) != list(PATTERN_IDS):
        raise RuntimeError("every pattern id needs exactly one checker")
    return MappingProxyType(dict(sorted(checkers.items())))


PATTERN_CHECKERS: Mapping[int, Callable[[str], bool]] = _build_checkers()
"""Pattern id -> checker returning True when the (whole) value follows the rule."""

VALIDATE_FIELD_KEYS: frozenset[str] = frozenset(
    {"val_required", "val_length", "val_format"} | {f"pattern_{pid}" for pid in PATTERN_IDS}
)
"""Every message key :func:`validate_field` can return."""


# --- public API --------------------------------------------------------------------------


def normalize_accepted_pattern(pattern: str | None) -> str | None:
    """Turn the server's ``acceptedPattern`` into a regex: '*' -> '.*', None/'' -> None."""
    if pattern is None or pattern == "":
        return None
    if pattern == "*":
        return ".*"
    return pattern


@lru_cache(maxsize=256)
def _compile_accepted(pattern: str) -> re.Pattern[str]:
    """Compile (and cache) an accepted-pattern regex."""
    return re.compile(pattern)


def matches_pattern(pattern_id: int, value: str) -> bool:
    """Whether ``value`` (NFC-normalised) follows pattern ``pattern_id``.

    Raises ValueError for an id outside :data:`PATTERN_IDS`.
    """
    try:
        checker = PATTERN_CHECKERS[pattern_id]
    except (KeyError, TypeError):
        raise ValueError(f"unknown pattern id: {pattern_id!r}") from None
    return checker(unicodedata.normalize("NFC", value))


def _opt_int(raw: object) -> int | None:
    """Coerce a config number (int, numeric str, None, '') to ``int | None``."""
    if raw is None or raw == "":
        return None
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    if isinstance(raw, float) and raw.is_integer():
        return int(raw)
    if isinstance(raw, str) and raw.strip().lstrip("-").isdigit():
        return int(raw.strip())
    raise ValueError(f"expected an integer, got {raw!r}")


def _as_bool(raw: object, default: bool) -> bool:
    """Coerce a config flag (bool, 0/1, 'true'/'false', None) to ``bool``."""
    if raw is None:
        return default
    if isinstance(raw, str):
        return raw.strip().lower() in {"1", "true", "yes", "y", "on"}
    return bool(raw)


@dataclass(frozen=True)
class FieldRule:
    """Validation config of one registration field.

    Raises ValueError for an unknown pattern id, a negative length, or an accepted
    pattern that is not a valid regex.
    """

    enabled: bool = True
    required: bool = False
    min_length: int | None = None
    max_length: int | None = None
    pattern_id: int | None = None
    accepted_pattern: str | None = None

    def __post_init__(self) -> None:
        """Reject configs that could never validate anything sensibly."""
        if self.pattern_id is not None and self.pattern_id not in PATTERN_IDS:
            raise ValueError(f"unknown pattern id: {self.pattern_id!r}")
        for name in ("min_length", "max_length"):
            bound = getattr(self, name)
            if bound is not None and bound < 0:
                raise ValueError(f"{name} must not be negative: {bound}")
        accepted = normalize_accepted_pattern(self.accepted_pattern)
        if accepted is not None:
            try:
                _compile_accepted(accepted)
            except re.error as exc:
                raise ValueError(f"invalid accepted pattern {accepted!r}: {exc}") from exc

    @classmethod
    def from_config(cls, config: Mapping[str, object]) -> FieldRule:
        """Build a rule from the server's camelCase config dict (missing keys -> defaults)."""
        accepted = config.get("acceptedPattern")
        return cls(
            enabled=_as_bool(config.get("enabled"), True),
            required=_as_bool(config.get("required"), False),
            min_length=_opt_int(config.get("minLength")),
            max_length=_opt_int(config.get("maxLength")),
            pattern_id=_opt_int(config.get("patternId")),
            accepted_pattern=normalize_accepted_pattern(
                accepted if isinstance(accepted, str) else None
            ),
        )


@dataclass(frozen=True)
class FieldError:
    """A validation failure: a message-catalog key plus its placeholders."""

    key: str
    params: dict[str, str | int]


def format_range(min_length: int | None, max_length: int | None) -> str:
    """Length range text for the ``{range}`` placeholder.

    ``"min - max"``; ``"n"`` when both bounds are equal; ``"min+"`` when only the minimum
    is set; ``"1 - max"`` when only the maximum is set (a non-empty value has at least
    one character); ``"1+"`` when neither is set.
    """
    low = 1 if min_length is None else min_length
    if max_length is None:
        return f"{low}+"
    if low == max_length:
        return str(low)
    return f"{low} - {max_length}"


def validate_field(value: str | None, rule: FieldRule) -> FieldError | None:
    """Check ``value`` against ``rule``; return the first failure or None.

    Order: disabled -> ok; surrounding whitespace stripped (and NFC-normalised); empty ->
    ``val_required`` if required else ok; length (counted in characters) ->
    ``pattern_<id>`` or ``val_length``; pattern id -> ``pattern_<id>``; accepted
    pattern (full match) -> ``val_format``.
    """
    if not rule.enabled:
        return None
    text = unicodedata.normalize("NFC", (value or "").strip())
    if not text:
        return FieldError("val_required", {}) if rule.required else None

    range_params: dict[str, str | int] = {"range": format_range(rule.min_length, rule.max_length)}
    too_short = rule.min_length is not None and len(text) < rule.min_length
    too_long = rule.max_length is not None and len(text) > rule.max_length
    if too_short or too_long:
        key = "val_length" if rule.pattern_id is None else f"pattern_{rule.pattern_id}"
        return FieldError(key, range_params)

    if rule.pattern_id is not None and not matches_pattern(rule.pattern_id, text):
        return FieldError(f"pattern_{rule.pattern_id}", range_params)

    accepted = normalize_accepted_pattern(rule.accepted_pattern)
    if accepted is not None and _compile_accepted(accepted).fullmatch(text) is None:
        return FieldError("val_format", {})
    return None


# --- passwords (NIST SP 800-63B) ---------------------------------------------------------

PASSWORD_MIN_LENGTH = 8
PASSWORD_MAX_LENGTH = 64
PASSWORD_RULE = FieldRule(
    required=True, min_length=PASSWORD_MIN_LENGTH, max_length=PASSWORD_MAX_LENGTH, pattern_id=0
)
"""The password rule as the register settings publish it: a length, no composition."""

PASSWORD_KEYS: frozenset[str] = frozenset(
    {"val_required", "val_password_length", "val_password_format", "val_password_common"}
)
"""Every message key :func:`validate_password` can return."""


@lru_cache(maxsize=1)
def common_passwords() -> frozenset[str]:
    """The 30,000 most common passwords of leaked password sets, as zxcvbn ships them
    (lower case); loaded once, on first use."""
    from zxcvbn.frequency_lists import FREQUENCY_LISTS

    return frozenset(FREQUENCY_LISTS["passwords"])


def is_common_password(password: str) -> bool:
    """Whether the password (compared without case) is on the common/breached list."""
    return unicodedata.normalize("NFKC", password).casefold() in common_passwords()


def validate_password(
    value: str | None, min_length: int = PASSWORD_MIN_LENGTH
) -> FieldError | None:
    """The password rule of NIST SP 800-63B, the same on every form (members' and staff's).

    At least 8 (staff: `min_length` 12) and at most 64 characters (counted after NFC
    normalisation, nothing stripped), every printable character including spaces, no
    composition rule, and refused when it is on the common-password list. Returns the first
    failure or None.
    """
    text = unicodedata.normalize("NFC", value or "")
    if not text.strip():
        return FieldError("val_required", {})
    if not min_length <= len(text) <= PASSWORD_MAX_LENGTH:
        return FieldError(
            "val_password_length",
            {"range": format_range(min_length, PASSWORD_MAX_LENGTH)},
        )
    if not text.isprintable():
        return FieldError("val_password_format", {})
    if is_common_password(text):
        return FieldError("val_password_common", {})
    return None
