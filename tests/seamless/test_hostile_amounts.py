"""Hostile amounts: every money input (API and site) goes through one parser, and each answers
the validation error of its call, never a 500, and moves nothing."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from decimal import Decimal
from uuid import uuid4

import httpx
import pytest

from app.client import ApiError, PlatformClient
from app.core.errors import AppError
from app.services import amounts
from app.services.agents import terms
from app.services.brands import brands
from app.services.cashier import withdrawals
from app.services.loyalty import rebate
from app.services.protection import limits
from app.services.seamless import wallet
from app.services.seamless.http_port import call_body
from app.services.seamless.signing import signed_headers
from app.services.seamless.vendors import vendor_secret
from app.services.studio import rounds
from models.agents import ContractKind
from models.protection import LimitKind, LimitPeriod
from tests.helpers.accounts import register
from tests.helpers.api import platform_api
from tests.helpers.money import cash, entry_count, fund
from tests.helpers.seamless import call, funded_member, player_session, studio_game

MakeClient = Callable[..., PlatformClient]
HOSTILE = [
    "1e30",
    "1E+2",
    "NaN",
    "sNaN",
    "Infinity",
    "-Infinity",
    "٥",
    "１０",
    "5\u200b",
    "0x10",
    "+5",
    "-5",
    "1_000",
    "9" * 40,
    "1" + "0" * 13,
    "10.001",
    "0",
    "",
    " ",
    ".",
    ",5",
    "1.2.3",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_text_is_the_callers_error(text: str) -> None:
    with pytest.raises(AppError) as caught:
        amounts.parse_amount(text, "deposit-amount-invalid")
    assert (caught.value.code, caught.value.status) == ("deposit-amount-invalid", 422)


@pytest.mark.parametrize(
    "value",
    [1.5, float("nan"), True, None, [], {}, {"$": 1}, Decimal("NaN"), Decimal("-1"), 10**40],
)
def test_values_that_are_no_amount_text_are_refused(value: object) -> None:
    with pytest.raises(AppError):
        amounts.parse_amount(value, "play-bet-invalid", status=400)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("100", "100.00"),
        (" 99.9 ", "99.90"),
        ("1234,5", "1234.50"),
        ("1.234,56", "1234.56"),
        ("1 234,56", "1234.56"),
        ("0.01", "0.01"),
        ("999999999999.99", "999999999999.99"),
        (Decimal("12.5"), "12.50"),
        (7, "7.00"),
    ],
)
def test_amounts_as_people_type_them(text: object, expected: str) -> None:
    assert amounts.parse_amount(text, "deposit-amount-invalid") == Decimal(expected)


@pytest.mark.parametrize("text", ["500000.5", "500000,01", "1.234,50"])
def test_a_currency_without_cents_refuses_a_fraction_and_says_why(text: str) -> None:
    with pytest.raises(AppError) as caught:
        amounts.parse_amount(text, "deposit-amount-invalid", digits=0)
    assert (caught.value.code, caught.value.status) == ("amount-whole-only", 422)
    assert amounts.parse_amount("500000.00", "deposit-amount-invalid", digits=0) == Decimal(500000)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("2.000.000", 2000000), ("2,000,000", 2000000), ("1.500", 1500), ("500 000", 500000)],
)
def test_a_currency_without_cents_reads_grouped_thousands(text: str, expected: int) -> None:
    """Where no decimal mark can follow, dots and commas between thousands are grouping, as
    a Vietnamese (2.000.000) or an English (2,000,000) reader writes it; with cents they
    stay refused, since 1.500 might be one and a half."""
    assert amounts.parse_amount(text, "deposit-amount-invalid", digits=0) == Decimal(expected)
    with pytest.raises(AppError):
        amounts.parse_amount("2,000,000", "deposit-amount-invalid")


def test_zero_and_the_maximum_are_the_callers_choice() -> None:
    assert amounts.parse_amount("0", "x", allow_zero=True) == Decimal("0.00")
    assert amounts.parse_amount("10", "x", maximum=Decimal(10)) == Decimal("10.00")
    with pytest.raises(AppError):
        amounts.parse_amount("10.01", "x", maximum=Decimal(10))


def test_every_service_parser_is_the_one_parser() -> None:
    for parse, code in (
        (withdrawals.parse_amount, "withdrawal-amount-invalid"),
        (rounds.parse_bet, "play-bet-invalid"),
    ):
        for text in ("1e30", "٥", "NaN"):
            with pytest.raises(AppError) as caught:
                parse(text)
            assert caught.value.code == code


@pytest.mark.parametrize(
    "text",
    ["1e3", "1E+1", "١٠٠", "１０", "NaN", "Infinity", "+5", "-5", "0x10", "1_000", "", "1.001"],
)
def test_numbers_follow_the_same_rules(text: str) -> None:
    """Counts, minutes and rates (issue 32): the same refusals as amounts."""
    with pytest.raises(AppError) as caught:
        amounts.parse_number(text, "x", places=2, minimum=Decimal(0), maximum=Decimal(1000))
    assert caught.value.code == "x"


def test_numbers_as_people_type_them() -> None:
    def number(text: object, places: int = 2, minimum: int = 0) -> Decimal:
        return amounts.parse_number(
            text, "x", places=places, minimum=Decimal(minimum), maximum=Decimal(1000)
        )

    assert number("12,5") == Decimal("12.5")
    assert number(Decimal("0.5000")) == Decimal("0.5")  # a stored value's trailing zeros
    assert number("-3", minimum=-10) == Decimal(-3)
    for refused in (
        lambda: number("2.5", places=0),
        lambda: number("1000.01"),
        lambda: number(1.5),
    ):
        with pytest.raises(AppError):
            refused()


async def test_every_number_door_is_the_one_parser() -> None:
    """The protection limits, the rebate rates (console and CLI), the VIP levels and the
    agents' contract terms refuse what the parser refuses (issue 32)."""
    for value in ("١٠٠", "1e2", "NaN"):
        with pytest.raises(AppError) as caught:
            limits.parse_value(LimitKind.LOSS, LimitPeriod.DAY, value)
        assert caught.value.code == "protection-limit-invalid"
        with pytest.raises(AppError) as caught:
            limits.parse_value(LimitKind.TIME, LimitPeriod.DAY, value)
        assert caught.value.code == "protection-limit-invalid"
    brand = await brands.by_code("BR2")
    for rate in ("1e0", "١", "Infinity"):
        with pytest.raises(AppError) as caught:
            await rebate.configure_rates(brand.id, {"RNG": rate})
        assert caught.value.code == "vip-invalid-config"
    for rate in ("1e-2", "٠.٠١"):
        tier = {"minActive": 1, "minValidBet": "0", "rate": rate}
        with pytest.raises(AppError) as caught:
            terms.parse(ContractKind.DAILY_SALARY, {"tiers": [tier]})
        assert caught.value.code == "agent-contract-invalid-terms"


async def _refused(call_: object) -> ApiError:
    with pytest.raises(ApiError) as caught:
        await call_  # type: ignore[misc]
    return caught.value


@pytest.mark.parametrize("text", ["1e30", "NaN", "٥", "1" + "0" * 20, "Infinity"])
async def test_deposit_and_transfer_refuse_hostile_amounts(
    make_client: MakeClient, text: str
) -> None:
    client = make_client()
    await register(client)
    member_id = (await client.get("/wps/member/info"))["id"]
    await fund(member_id, "50.00")
    entries = await entry_count()
    deposit = await _refused(
        client.post("/wps/payment/deposit", {"channel": "PIX", "amount": text})
    )
    assert (deposit.status, deposit.code) == (422, "deposit-amount-invalid")
    move = {"vendor": "U9W", "direction": "IN", "amount": text, "requestId": uuid4().hex}
    transfer = await _refused(client.post("/wps/relay/GCS_walletTransfer", move))
    assert (transfer.status, transfer.code) == (422, "wallet-transfer-amount-invalid")
    assert await entry_count() == entries
    assert (await client.get("/wps/v2/wallets/balance"))["sumBalance"] == "50.00"


@pytest.fixture
async def raw_client() -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=platform_api(), client=("192.0.2.77", 50000))
    async with httpx.AsyncClient(transport=transport, base_url="http://localhost") as client:
        yield client


@pytest.mark.parametrize(
    "body",
    [
        b'{"channel": "PIX", "amount": 1e30}',
        b'{"channel": "PIX", "amount": ' + b"9" * 5000 + b"}",
        b'{"channel": "PIX", "amount": NaN}',
        b'{"channel": "PIX", "amount": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
        b'{"channel": "PIX", "amount": {"a": ' * 20_000 + b"1" + b"}" * 40_000,
    ],
)
async def test_hostile_json_gets_the_validation_error(
    make_client: MakeClient, raw_client: httpx.AsyncClient, body: bytes
) -> None:
    client = make_client()
    await register(client)
    answer = await raw_client.post(
        "/wps/payment/deposit",
        content=body,
        headers={"Content-Type": "application/json", "Authorization": client.token or ""},
    )
    assert answer.status_code == 422, answer.text
    assert answer.json()["code"] == "validation-failed"


@pytest.mark.parametrize("text", ["1e30", "NaN", "٥", "Infinity", "1" + "0" * 20])
async def test_vendor_wallet_refuses_hostile_amounts(
    raw_client: httpx.AsyncClient, text: str
) -> None:
    member = await funded_member("10.00")
    game = await studio_game()
    player = await player_session(member, game)
    body = call_body(player.session_token, call(uuid4().hex, "1.00", game.game_code))
    body["amount"] = text
    raw = json.dumps(body).encode()
    headers = signed_headers(await vendor_secret(wallet.STUDIO_VENDOR), raw)
    answer = await raw_client.post(
        f"/vendor/{wallet.STUDIO_VENDOR}/wallet/debit",
        content=raw,
        headers={"Content-Type": "application/json", **headers},
    )
    assert answer.status_code == 422 and answer.json()["code"] == "seamless-invalid-amount"
    assert await cash(member) == Decimal("10.00")
