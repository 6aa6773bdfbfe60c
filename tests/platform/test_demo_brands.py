"""The Asian demo brand VN1 (issue 39): what Brazil's rules hide, through the API the site
uses: its Zalo and Telegram fields, its own field patterns (a value off one gets the field's
format message, spec 5.M5, M6, M8), a sign-up without a CPF; and the demo's brands side by
side with their local addresses."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from decimal import Decimal
from typing import Any

import pytest
from sqlmodel import select

from app.client import ApiError, PlatformClient
from app.core.db import session_scope
from app.services.brands import brands
from app.services.cashier import payout_accounts
from app.services.catalogue import home
from app.services.demo_brands import demo_brands
from models import DepositOrder, PayoutAccount
from tests.helpers.accounts import PASSWORD, new_username

MakeClient = Callable[..., PlatformClient]
PAYEE = "Nguyễn Văn An"


async def _error(call: Awaitable[Any]) -> ApiError:
    with pytest.raises(ApiError) as caught:
        await call
    return caught.value


async def _deposit_orders() -> int:
    async with session_scope() as session:
        return len((await session.exec(select(DepositOrder.id))).all())


def _asian(make_client: MakeClient) -> PlatformClient:
    return make_client(language="EN", merchant="VN1")


def _payload(**fields: object) -> dict[str, object]:
    return {
        "username": new_username(),
        "password": PASSWORD,
        "confirmPassword": PASSWORD,
        "adultConfirmed": True,
        "termsAccepted": True,
        **fields,
    }


async def _register_fitting(client: PlatformClient) -> None:
    """A member of the brand as its patterns want one (Zalo, Telegram, no CPF), logged in."""
    fitting = _payload(
        email="someone@example.vn",
        whatsapp="84912345678",
        payeeName=PAYEE,
        zalo="0912345678",
        telegram="@lotus_fan",
        botCheck=await client.bot_check(),
    )
    value = await client.put("/wps/member/register", fitting, sealed=True)
    assert value["token"]
    client.token = value["token"]


async def test_the_asian_brand_asks_for_zalo_and_telegram_with_its_own_patterns(
    make_client: MakeClient,
) -> None:
    client = _asian(make_client)
    settings = await client.get("/wps/system/setting/register")
    fields = {f["field"]: f for f in settings["fields"]}
    assert fields["zalo"]["enabled"] and fields["telegram"]["enabled"]
    assert fields["whatsapp"]["acceptedPattern"] == "84[0-9]{8,10}"
    br1 = await make_client(language="EN").get("/wps/system/setting/register")
    assert "zalo" not in {f["field"] for f in br1["fields"] if f["enabled"]}

    off_pattern = _payload(
        username="Lotus2026",  # an upper-case letter: the brand's accounts are lower case
        email="someone@example.org",  # .com and .vn addresses only
        whatsapp="551198765432",  # a Vietnamese (84) number only
        payeeName="Иван Петров",  # Latin letters only
        botCheck=await client.bot_check(),
    )
    refused = await _error(client.put("/wps/member/register", off_pattern, sealed=True))
    assert refused.code == "validation-failed"
    messages = {p["field"]: p["message"] for p in refused.body["value"]["fields"]}
    assert messages == {
        "username": "Account format is incorrect",
        "email": "E-mail format is incorrect",
        "whatsapp": "Phone number format is incorrect",
        "payeeName": "Real name format is incorrect",
    }

    # Within the patterns, with Zalo and Telegram and no CPF (no Brazil profile), it registers.
    await _register_fitting(client)

    # Its money comes by bank transfer in dong (PIX is Brazil's), with limits that let the
    # demo's deposit offer (500,000 dong at least) be met.
    channels = {c["code"]: c for c in await client.get("/wps/payment/channels")}
    assert set(channels) == {"BANK_TRANSFER"}
    assert Decimal(channels["BANK_TRANSFER"]["minAmount"]) == Decimal("250000")
    assert Decimal(channels["BANK_TRANSFER"]["maxAmount"]) == Decimal("500000000")
    order = await client.post(
        "/wps/payment/deposit", {"channel": "BANK_TRANSFER", "amount": "500000"}
    )
    assert order["status"] == "PENDING" and not order["pixCode"]
    refused = await _error(
        client.post("/wps/payment/deposit", {"channel": "PIX", "amount": "500000"})
    )
    assert refused.code == "deposit-channel-unknown"


async def test_the_game_list_carries_a_lottery_entry_s_group_code_and_tag(
    make_client: MakeClient,
) -> None:
    page = await _asian(make_client).get(
        "/wps/relay/GCSGAME_gameList", {"gameType": "ELOTT", "pageSize": 50}
    )
    by_code = {entry["gameCode"]: entry for entry in page["content"]}
    assert (by_code["vn-mn"]["gameGroupCode"], by_code["vn-mn"]["tag"]) == ("VN", "VN")
    brazil = await make_client(language="EN").get(
        "/wps/relay/GCSGAME_gameList", {"gameType": "ELOTT"}
    )
    assert brazil["content"] == []  # no Vietnamese play reaches Brazil's 85 % floor


async def test_the_demo_home_lists_every_brand_with_its_local_address() -> None:
    every = await brands.all()
    rows = {row.code: row for row in demo_brands(every, "VN1", "luckylotus.localhost:3000")}
    assert {"BR1", "BR2", "VN1"} <= set(rows)
    assert rows["VN1"].current and not rows["BR1"].current
    assert rows["VN1"].address == "http://luckylotus.localhost:3000/"
    assert rows["BR1"].address == "http://localhost:3000/"
    assert rows["BR2"].address == "http://vilabet.localhost:3000/"
    assert demo_brands(every, "BR1", None)[0].address.endswith("localhost/")


async def test_the_asian_brand_speaks_of_bank_transfers_not_pix(make_client: MakeClient) -> None:
    answers = await _asian(make_client).get("/wps/system/helpCenter")
    assert answers and not [a for a in answers if "PIX" in a["title"] + a["content"]]
    assert "How do I deposit?" in {a["title"] for a in answers}
    brazil = await make_client(language="EN").get("/wps/system/helpCenter")
    assert "How do I deposit with PIX?" in {a["title"] for a in brazil}

    lotus, sorte = await brands.by_code("VN1"), await brands.by_code("BR1")
    assert "Welcome to Lucky Lotus! Deposits by bank transfer credited within minutes." in (
        home.notices(lotus, "EN")
    )
    assert "Bem-vindo à Sorte Grande! Depósitos por PIX creditados em minutos." in (
        home.notices(sorte, "PT")
    )


async def test_the_asian_brand_pays_out_to_vietnamese_bank_accounts(
    make_client: MakeClient,
) -> None:
    client = _asian(make_client)
    await _register_fitting(client)
    bank = {"password": PASSWORD, "type": "BANK", "holderName": PAYEE}

    async def refusal(**fields: str) -> str:
        call = client.post("/wps/member/payoutAccounts", {**bank, **fields})
        return (await _error(call)).code

    pix = {"type": "PIX", "pixKeyType": "EMAIL", "pixKey": "someone@example.vn"}
    assert await refusal(**pix) == "payout-pix-unavailable"
    # A Brazilian account (3-digit bank code, branch) is not how Vietnam writes one.
    brazilian = {"bankCode": "341", "branch": "1234", "accountNumber": "12345-6"}
    assert await refusal(**brazilian) == "payout-bank-id-invalid"
    assert await refusal(bankCode="970436", accountNumber="12345") == (
        "payout-bank-account-digits-invalid"
    )
    assert await client.get("/wps/member/payoutAccounts") == []

    added = await client.post(
        "/wps/member/payoutAccounts",
        {**bank, "bankCode": "970436", "accountNumber": "0123 4567 8901 2345"},
    )
    assert added["display"] == "Vietcombank (970436) · ****2345"
    assert (added["bankCode"], added["branch"]) == ("970436", None)
    assert [a["id"] for a in await client.get("/wps/member/payoutAccounts")] == [added["id"]]

    # Its default withdrawal limits are the platform's, written in reais, scaled to dong.
    info = await client.get("/wps/payment/withdraw/info")
    assert Decimal(info["minAmount"]) == Decimal("100000")
    assert Decimal(info["maxAmount"]) == Decimal("250000000")


async def test_the_asian_brand_takes_whole_dong_only(make_client: MakeClient) -> None:
    """The dong has no cents: a fraction of one is refused with a message that says so, and
    no order is made; a whole amount in the same form goes through."""
    client = _asian(make_client)
    await _register_fitting(client)
    before = await _deposit_orders()
    for fraction in ("300000.50", "300000,5"):
        refused = await _error(
            client.post("/wps/payment/deposit", {"channel": "BANK_TRANSFER", "amount": fraction})
        )
        assert (refused.status, refused.code) == (422, "amount-whole-only")
        assert refused.body["message"] == "Enter a whole amount: this currency has no cents."
    assert await _deposit_orders() == before
    # The channel's range is said in whole dong too.
    low = await _error(
        client.post("/wps/payment/deposit", {"channel": "BANK_TRANSFER", "amount": "1000"})
    )
    assert low.body["message"] == (
        "The amount must be between ₫\u00a0250,000 and ₫\u00a0500,000,000."
    )
    made = await client.post(
        "/wps/payment/deposit", {"channel": "BANK_TRANSFER", "amount": "300000.00"}
    )
    assert Decimal(made["amount"]) == Decimal(300000)


def test_each_market_takes_its_own_kinds_of_payout_account() -> None:
    assert payout_accounts.methods("BRL") == ("PIX", "BANK")
    assert payout_accounts.methods("vnd") == ("BANK",)
    assert payout_accounts.methods("USD") == ()
    assert ("970436", "Vietcombank") in payout_accounts.known_banks("vnd")
    assert payout_accounts.known_banks("USD") == ()


def test_a_bank_account_shows_its_bank_by_name_masked_or_whole() -> None:
    """Masked for its owner, whole for the staff member who pays it."""

    def bank(code: str, branch: str | None, number: str) -> PayoutAccount:
        return PayoutAccount(
            merchant_id=1,
            member_id=1,
            kind="BANK",
            identifier="",
            bank_code=code,
            branch=branch,
            account_number=number,
            holder_name="x",
        )

    lotus = bank("970436", None, "0123456789012345")
    assert payout_accounts.masked(lotus) == "Vietcombank (970436) · ****2345"
    assert payout_accounts.in_full(lotus) == "Vietcombank (970436) · 0123456789012345"
    brazil = bank("341", "1234", "12345-6")
    assert payout_accounts.masked(brazil) == "Itaú Unibanco (341) · 1234 · ****45-6"
    assert payout_accounts.in_full(bank("999", "1", "77")) == "999 · 1 · 77"  # an unlisted bank
