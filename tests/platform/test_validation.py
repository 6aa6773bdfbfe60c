"""Tests of the registration field validators (spec section 5) and their messages."""

from __future__ import annotations

import string
import unicodedata

import pytest

from app.core.i18n.catalog.validation import MESSAGES
from app.services.validation import (
    PASSWORD_KEYS,
    PATTERN_CHECKERS,
    PATTERN_IDS,
    VALIDATE_FIELD_KEYS,
    FieldError,
    FieldRule,
    common_passwords,
    format_range,
    matches_pattern,
    normalize_accepted_pattern,
    validate_field,
    validate_password,
)

VALID: dict[int, list[str]] = {
    0: ["anything at all", "!@# 123 ççç", "山田"],
    1: ["a", "abc123", "Z9z9"],
    2: ["山田", "東京123", "１２３番地"],
    3: ["user@example.com", "first.last+tag@mail.example.co.uk", "a_b-c@x-y.io"],
    4: ["abc", "123", "abc123"],
    5: ["abc123", "1a", "A1b2C3"],
    6: ["0", "0123456789"],
    7: ["Abc123", "ABC", "aB1"],
    8: ["John Smith", "abc", "Mary  Jane"],
    9: ["abc", "a!b@c#", "山田たろう"],
    10: ["中文", "你好，世界！", "阿·杰", "《红楼梦》。"],
    11: ["2023-02-28", "2024-02-29", "1999-12-31"],
    12: ["João da Silva", "ภาษาไทย", "Zoë", "山田 太郎"],
    13: ["02-28-2023", "02-29-2024", "12-31-1999"],
    14: ["abc", "123", "abc123"],
    15: ["한국어", "김민수"],
    16: ["ภาษาไทย", "สมชาย"],
    17: ["ภาษาไทย", "John Smith", "สมชาย Smith"],
    18: ["JOHN SMITH", "JOÃO SILVA", "A"],
    19: ["abc", "P@ssw0rd!", "#$%&*"],
    20: ["P@ssw0rd", "Aa1!", "x_Y9"],
    21: ["John Smith", "João da Silva", "Ana-Maria O'Neil"],
    22: ["山田たろう", "ヤマダ", "やまだ", "ジョン・スミス"],
    23: ["ABC", "ÇÃO", "Z"],
}

INVALID: dict[int, list[str]] = {
    0: [""],
    1: ["1abc", "ab_c", "_a", "abc def"],
    2: ["山田たろう", "abc", "山田 123"],
    3: ["user@", "@example.com", "user@example", "user example@x.com", "a..b@x.com"],
    4: ["abc_123", "ab c", "ção"],
    5: ["abc", "123", "abc-123"],
    6: ["12a", "-1", "１２３", "1.5"],
    7: ["abc123", "Abc!", "ABC 1"],
    8: ["John3", "João", "   "],
    9: ["a b", "tab\there", "a\u3000b"],
    10: ["中文abc", "。。。", "中 文", "中文123"],
    11: ["2023-02-30", "2023-13-01", "2023-2-3", "02-28-2023", "2023/02/28"],
    12: ["João1", "Ana-Maria", "   "],
    13: ["02-30-2023", "13-01-2023", "2023-02-28", "2-3-2023"],
    14: ["abc_123", "abc 123"],
    15: ["한국 어", "한국어abc", "日本"],
    16: ["ภาษา ไทย", "ภาษาไทยabc", "Thai"],
    17: ["ภาษาไทย1", "João", "   "],
    18: ["John Smith", "ÇÃÉ", "ABC1", "   "],
    19: ["abc def", "pass\tword", "señor"],
    20: ["password", "Password1", "Pass word1!", "PASSWORD1!"],
    21: ["John", "John  Smith", "John Smith3", " John Smith", "-John Smith"],
    22: ["ﾔﾏﾀﾞ", "山田 たろう", "山田ｔａｒｏ", "yamada"],
    23: ["ABC DEF", "AbC", "ABC1", "abc"],
}


def _cases(table: dict[int, list[str]]) -> list[tuple[int, str]]:
    return [(pid, value) for pid, values in table.items() for value in values]


def test_pattern_ids_and_checkers_cover_0_to_23() -> None:
    assert list(PATTERN_IDS) == list(range(24))
    assert sorted(PATTERN_CHECKERS) == list(range(24))


def test_samples_cover_every_pattern_id() -> None:
    for pid in PATTERN_IDS:
        assert len(VALID[pid]) >= 2, pid
        # id 0 is "length only": only the empty string fails the pattern itself.
        assert len(INVALID[pid]) >= (1 if pid == 0 else 2), pid


@pytest.mark.parametrize(("pattern_id", "value"), _cases(VALID))
def test_valid_samples_match(pattern_id: int, value: str) -> None:
    assert matches_pattern(pattern_id, value)


@pytest.mark.parametrize(("pattern_id", "value"), _cases(INVALID))
def test_invalid_samples_do_not_match(pattern_id: int, value: str) -> None:
    assert not matches_pattern(pattern_id, value)


@pytest.mark.parametrize("pattern_id", [-1, 24, 100])
def test_unknown_pattern_id_raises(pattern_id: int) -> None:
    with pytest.raises(ValueError):
        matches_pattern(pattern_id, "abc")


def test_decomposed_accents_are_normalised() -> None:
    decomposed = unicodedata.normalize("NFD", "João")
    assert decomposed != "João"
    assert matches_pattern(12, decomposed)
    rule = FieldRule(max_length=4, pattern_id=12)
    assert validate_field(decomposed, rule) is None


def test_every_ascii_punctuation_counts_as_symbol() -> None:
    for symbol in string.punctuation:
        assert matches_pattern(20, f"Aa1{symbol}"), symbol
        assert matches_pattern(19, symbol), symbol


# --- format_range ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("low", "high", "expected"),
    [
        (6, 16, "6 - 16"),
        (8, 8, "8"),
        (6, None, "6+"),
        (None, 20, "1 - 20"),
        (None, 1, "1"),
        (None, None, "1+"),
    ],
)
def test_format_range(low: int | None, high: int | None, expected: str) -> None:
    assert format_range(low, high) == expected


# --- normalize_accepted_pattern ----------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("*", ".*"), (None, None), ("", None), (r"\d+", r"\d+"), (".*", ".*")],
)
def test_normalize_accepted_pattern(raw: str | None, expected: str | None) -> None:
    assert normalize_accepted_pattern(raw) == expected


# --- validate_field ----------------------------------------------------------------------


def test_disabled_field_is_never_validated() -> None:
    rule = FieldRule(enabled=False, required=True, min_length=5, pattern_id=6)
    assert validate_field(None, rule) is None
    assert validate_field("abc", rule) is None


@pytest.mark.parametrize("value", [None, "", "   ", "\t\n", "\u3000"])
def test_required_and_empty(value: str | None) -> None:
    assert validate_field(value, FieldRule(required=True)) == FieldError("val_required", {})
    assert validate_field(value, FieldRule(required=False, min_length=3, pattern_id=6)) is None


def test_surrounding_whitespace_is_stripped() -> None:
    rule = FieldRule(min_length=3, max_length=3, pattern_id=6)
    assert validate_field("  123  ", rule) is None


@pytest.mark.parametrize(
    ("value", "rule", "expected"),
    [
        ("12", FieldRule(min_length=3, max_length=5, pattern_id=6), ("pattern_6", "3 - 5")),
        ("123456", FieldRule(min_length=3, max_length=5, pattern_id=6), ("pattern_6", "3 - 5")),
        ("12", FieldRule(min_length=3, max_length=5), ("val_length", "3 - 5")),
        ("123456", FieldRule(min_length=3, max_length=5), ("val_length", "3 - 5")),
        ("12", FieldRule(min_length=3), ("val_length", "3+")),
        ("123456", FieldRule(max_length=5), ("val_length", "1 - 5")),
        ("12345", FieldRule(min_length=6, max_length=6, pattern_id=0), ("pattern_0", "6")),
        ("1234567", FieldRule(min_length=6, max_length=6), ("val_length", "6")),
    ],
)
def test_length_errors(value: str, rule: FieldRule, expected: tuple[str, str]) -> None:
    key, text = expected
    assert validate_field(value, rule) == FieldError(key, {"range": text})


@pytest.mark.parametrize("value", ["123", "12345", "1234"])
def test_length_within_bounds(value: str) -> None:
    assert validate_field(value, FieldRule(min_length=3, max_length=5, pattern_id=6)) is None
    assert validate_field(value, FieldRule(min_length=3, max_length=5)) is None


def test_length_counts_characters_not_bytes() -> None:
    assert validate_field("한국어", FieldRule(min_length=3, max_length=3, pattern_id=15)) is None


def test_pattern_mismatch_reports_pattern_key_with_range() -> None:
    rule = FieldRule(min_length=6, max_length=16, pattern_id=5)
    assert validate_field("abcdefg", rule) == FieldError("pattern_5", {"range": "6 - 16"})
    assert validate_field("abc1234", rule) is None


def test_pattern_mismatch_with_equal_bounds_collapses_range() -> None:
    rule = FieldRule(min_length=10, max_length=10, pattern_id=11)
    assert validate_field("2023-02-30", rule) == FieldError("pattern_11", {"range": "10"})
    assert validate_field("2023-02-28", rule) is None


def test_accepted_pattern_star_accepts_anything() -> None:
    rule = FieldRule(accepted_pattern="*")
    assert validate_field("anything goes !@#", rule) is None
    assert validate_field("x", FieldRule(pattern_id=4, accepted_pattern="*")) is None


def test_accepted_pattern_regex_must_fully_match() -> None:
    rule = FieldRule(min_length=2, max_length=20, pattern_id=4, accepted_pattern=r"[a-z]+\d*")
    assert validate_field("abc123", rule) is None
    assert validate_field("ABC123", rule) == FieldError("val_format", {})
    # The pattern id is checked first.
    assert validate_field("abc-1", rule) == FieldError("pattern_4", {"range": "2 - 20"})
    # Partial matches are not enough.
    assert validate_field("abc", FieldRule(accepted_pattern="ab")) == FieldError("val_format", {})


def test_accepted_pattern_without_pattern_id() -> None:
    rule = FieldRule(accepted_pattern=r"^\+?[0-9]{8,15}$")
    assert validate_field("+5511987654321", rule) is None
    assert validate_field("11-98765", rule) == FieldError("val_format", {})


@pytest.mark.parametrize(
    "kwargs",
    [{"pattern_id": 24}, {"pattern_id": -1}, {"min_length": -1}, {"accepted_pattern": "("}],
)
def test_invalid_rule_is_rejected(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        FieldRule(**kwargs)  # type: ignore[arg-type]


def test_rule_from_server_config() -> None:
    rule = FieldRule.from_config(
        {
            "enabled": True,
            "required": "true",
            "minLength": "6",
            "maxLength": 16,
            "patternId": 5,
            "acceptedPattern": "*",
        }
    )
    assert rule == FieldRule(True, True, 6, 16, 5, ".*")
    assert FieldRule.from_config({}) == FieldRule()
    assert FieldRule.from_config({"patternId": None, "acceptedPattern": ""}) == FieldRule()


# --- message catalog ---------------------------------------------------------------------


def test_catalog_languages_have_the_same_keys() -> None:
    assert set(MESSAGES) == {"en", "pt"}
    assert set(MESSAGES["en"]) == set(MESSAGES["pt"])


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_every_validate_field_key_is_in_catalog(lang: str) -> None:
    assert VALIDATE_FIELD_KEYS <= set(MESSAGES[lang])
    assert VALIDATE_FIELD_KEYS == (
        {"val_required", "val_length", "val_format"} | {f"pattern_{i}" for i in range(24)}
    )


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_spec_messages_present(lang: str) -> None:
    expected = {
        "val_password_length",
        "val_verification_code",
        "val_mobile",
        "val_confirmation_input",
        "val_real_name",
        "val_phone_format",
        "invitation_code_error",
        "val_account_format",
        "val_password_format",
        "val_email_format",
        "val_confirm_password",
        "val_username_password_required",
        "val_age_18",
        "val_age_21",
        "val_terms",
    }
    assert expected <= set(MESSAGES[lang])
    assert all(MESSAGES[lang][key].strip() for key in MESSAGES[lang])


def test_spec_wording() -> None:
    assert MESSAGES["en"]["val_required"] == "Input cannot be empty"
    assert MESSAGES["pt"]["val_required"] == "Obrigatório"
    assert MESSAGES["en"]["val_terms"] == "Please accept the terms and privacy policy"


@pytest.mark.parametrize("lang", ["en", "pt"])
@pytest.mark.parametrize(
    "key", ["val_length", "val_password_length"] + [f"pattern_{i}" for i in range(24)]
)
def test_range_messages_format(lang: str, key: str) -> None:
    template = MESSAGES[lang][key]
    assert "{range}" in template
    assert "6 - 16" in template.format(range="6 - 16")


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_messages_format_with_error_params(lang: str) -> None:
    rule = FieldRule(min_length=8, max_length=8, pattern_id=6)
    error = validate_field("abc", rule)
    assert error is not None
    text = MESSAGES[lang][error.key].format(**error.params)
    assert "8" in text and "{" not in text


# --- the password rule (NIST SP 800-63B) -------------------------------------------------


@pytest.mark.parametrize(
    "password",
    [
        "abcdefgh",  # eight lower-case letters: no composition rule
        "correct horse battery staple",
        "  leading and trailing spaces  ",
        "x" * 64,
        "çãõ é ótimo, não?",
        "🎲🎰🃏 emoji ok",
        "!@#$%^&*()_+{}|",
    ],
)
def test_password_rule_accepts_any_printable_text(password: str) -> None:
    assert validate_password(password) is None


@pytest.mark.parametrize(
    ("password", "key"),
    [
        (None, "val_required"),
        ("", "val_required"),
        ("        ", "val_required"),
        ("short", "val_password_length"),
        ("sevench", "val_password_length"),
        ("x" * 65, "val_password_length"),
        ("tab\there1", "val_password_format"),
        ("new\nline12", "val_password_format"),
        ("nul\x00char12", "val_password_format"),
        ("password", "val_password_common"),
        ("Password1", "val_password_common"),  # compared without case
        ("QWERTYUIOP", "val_password_common"),
        ("iloveyou1", "val_password_common"),
    ],
)
def test_password_rule_refusals(password: str | None, key: str) -> None:
    failure = validate_password(password)
    assert failure is not None and failure.key == key
    assert failure.key in PASSWORD_KEYS


def test_password_length_message_shows_the_bounds() -> None:
    assert validate_password("short") == FieldError("val_password_length", {"range": "8 - 64"})


def test_common_password_list_is_large_and_shipped() -> None:
    common = common_passwords()
    assert len(common) >= 10_000
    assert {"123456", "password", "qwerty", "dragon"} <= common


def test_every_password_key_has_a_message_in_both_languages() -> None:
    for language in ("en", "pt"):
        for key in PASSWORD_KEYS:
            assert MESSAGES[language].get(key), (language, key)
