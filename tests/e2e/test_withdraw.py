"""The money walk in a real browser: deposit through the sandbox, withdraw, an operator pays
in two parts, the member reports the first part not received (with a proof image) and
confirms the second."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image
from playwright.async_api import BrowserContext, Page, expect
from sqlmodel import select

from app.client import PlatformClient
from app.core.db import session_scope
from app.core.i18n.formatting import NBSP
from models import MemberIdentity, WithdrawalOrder
from tests.e2e.conftest import SLOW_MS, register_in_browser
from tests.helpers.accounts import PASSWORD, make_member
from tests.helpers.browser import open_site, screenshots
from tests.helpers.money import wager

pytestmark = pytest.mark.e2e
SHOTS = Path("/tmp/withdraw-shots")


async def _deposit(context: BrowserContext, page: Page, site_url: str, amount: str) -> None:
    await page.goto(site_url + "/depositv2")
    await page.locator("input[name=amount]").fill(amount)
    await page.get_by_test_id("deposit-submit").click()
    checkout = await context.new_page()
    await checkout.goto(site_url + await page.get_by_test_id("open-checkout").get_attribute("href"))
    await checkout.get_by_test_id("sandbox-pay").click()
    await expect(checkout.get_by_test_id("sandbox-status")).to_have_attribute("data-status", "PAID")
    await checkout.close()


async def _set_payment_password(page: Page) -> None:
    """On the withdraw page: the payment password 135790, after which the request shows."""
    password_form = page.get_by_test_id("payment-password-save").locator("xpath=..")
    await password_form.locator("input[name=loginPassword]").fill(PASSWORD)
    await password_form.locator("input[name=paymentPassword]").fill("135790")
    await password_form.locator("input[name=confirmPaymentPassword]").fill("135790")
    await page.get_by_test_id("payment-password-save").click()
    await expect(page.get_by_test_id("withdraw-submit")).to_be_visible()


def _proof(folder: Path) -> Path:
    path = folder / "proof.png"
    Image.new("RGB", (20, 20), (200, 30, 30)).save(path, "PNG")
    return path


async def test_deposit_withdraw_pay_in_parts_and_confirm(
    context: BrowserContext,
    site_url: str,
    make_client: Callable[..., PlatformClient],
    tmp_path: Path,
) -> None:
    page = await context.new_page()
    member = await register_in_browser(page, site_url, payee_name="Maria Teste")
    await _deposit(context, page, site_url, "200,00")
    await expect(page.get_by_test_id("header-balance")).to_have_text("200,00", timeout=15_000)
    assert member.id is not None
    await wager(member.id, "200.00")  # the turnover a player builds by playing

    await page.goto(site_url + "/withdraw")
    # What may be taken out shows first, before the payment password is made.
    await expect(page.get_by_test_id("withdraw-balance")).to_contain_text("200,00", timeout=SLOW_MS)
    await _set_payment_password(page)
    accounts = page.get_by_test_id("bind-account").locator("xpath=..")
    await accounts.locator("input[name=holderName]").fill("maria  TESTE")
    async with session_scope() as session:
        identity = await session.get(MemberIdentity, member.id)
    assert identity is not None  # BR1: payouts go only to the member's own CPF
    # so the form offers that key type alone, and says why
    await expect(accounts.locator("select[name=pixKeyType] option")).to_have_count(1)
    await expect(accounts.get_by_test_id("field-pixKey-hint")).to_have_text(
        "Os saques vão apenas para a chave PIX do seu próprio CPF."
    )
    await accounts.locator("input[name=pixKey]").fill(identity.cpf)
    # The password asked is the login one, named so (the payment password is another).
    await expect(accounts.get_by_label("Senha de login", exact=True)).to_have_attribute(
        "name", "password"
    )
    await accounts.locator("input[name=password]").fill(PASSWORD)
    await page.get_by_test_id("bind-account").click()
    await expect(page.get_by_test_id("payout-accounts")).to_contain_text("***")
    request = page.get_by_test_id("withdraw-submit").locator("xpath=..")
    await request.locator("input[name=amount]").fill("100,00")
    await request.locator("input[name=paymentPassword]").fill("000000")
    await page.get_by_test_id("withdraw-submit").click()
    await expect(request.get_by_test_id("form-error")).to_contain_text("incorreta")
    # Sent from the keyboard: the refusal scrolls its message into view a moment after it
    # shows, which can move the button from under a click.
    await request.locator("input[name=paymentPassword]").fill("135790")
    await request.locator("input[name=paymentPassword]").press("Enter")
    await expect(page.get_by_test_id("withdraw-status")).to_have_text("Aguardando aprovação")
    await expect(page.get_by_test_id("header-balance")).to_have_text("100,00")

    operator_member = await make_member(account_type=99)
    operator = make_client()
    await operator.login(operator_member.username, PASSWORD)
    async with session_scope() as session:
        order = (
            await session.exec(
                select(WithdrawalOrder).where(WithdrawalOrder.member_id == member.id)
            )
        ).one()
    order_no = order.order_no
    listed = (await operator.get("/wps/operator/withdrawals?pageSize=100"))["items"]
    assert order_no in {item["orderNo"] for item in listed}
    await operator.post(
        f"/wps/operator/withdrawals/{order_no}/payouts", {"partNo": 1, "amount": "60.00"}
    )

    # No reload: the open page follows the payout (the header's balance watch hands it on).
    await expect(page.get_by_test_id("withdraw-paid-remaining")).to_have_text(
        f"Pago R${NBSP}60,00 · Restante R${NBSP}40,00", timeout=SLOW_MS
    )
    await (
        page.get_by_test_id("proof-upload")
        .locator("input[type=file]")
        .set_input_files(_proof(tmp_path))
    )
    await page.get_by_test_id("mark-not-received").click()
    await expect(page.get_by_test_id("withdraw-status")).to_have_text("Em análise")

    await operator.post(
        f"/wps/operator/withdrawals/{order_no}/payouts", {"partNo": 2, "amount": "40.00"}
    )
    await expect(page.get_by_test_id("withdraw-paid-remaining")).to_have_text(
        f"Pago R${NBSP}100,00 · Restante R${NBSP}0,00", timeout=SLOW_MS
    )
    await page.get_by_test_id("mark-received").click()
    await expect(page.get_by_test_id("mark-received")).to_have_count(0)


@pytest.mark.deep
async def test_the_asian_brand_s_member_deposits_and_withdraws_by_bank_in_dong(
    context: BrowserContext, site_url: str
) -> None:
    """VN1 takes and pays dong by bank (PIX is Brazil's): the deposit page offers bank
    transfer with one-tap amounts in dong; the payout form asks for the bank, with the
    market's banks to pick from, and the account number, and refuses a short one."""
    page = await context.new_page()
    asian = site_url.replace("127.0.0.1", "luckylotus.localhost")
    member = await register_in_browser(page, asian, payee_name="Nguyễn Văn An")
    assert member.id is not None
    await open_site(page, asian + "/depositv2")
    await expect(page.get_by_test_id("channel-PIX")).to_have_count(0)
    await expect(page.get_by_test_id("channel-BANK_TRANSFER")).to_be_visible()
    await expect(page.get_by_test_id("deposit-tutorial")).to_have_count(0)  # it shows PIX
    await expect(page.get_by_test_id("quick-amount")).to_have_text(
        [f"₫{NBSP}{value}" for value in ("250K", "500K", "1M", "2.5M")]
    )
    await screenshots(page, SHOTS, "deposit-vn1")
    await _deposit(context, page, asian, "2000000")
    # The channel's 1 % fee is the house's.
    await expect(page.get_by_test_id("header-balance")).to_contain_text(
        "1,980,000", timeout=SLOW_MS
    )
    await wager(member.id, "1980000", "VND")
    await open_site(page, asian + "/withdraw")
    await _set_payment_password(page)

    accounts = page.get_by_test_id("bind-account").locator("xpath=..")
    await expect(accounts.locator("input[name=pixKey]")).to_have_count(0)
    await expect(accounts.locator("datalist#payout-banks option[value='970436']")).to_have_count(1)
    await accounts.locator("input[name=holderName]").fill("nguyen van an")
    await accounts.locator("input[name=bankCode]").fill("970436")
    await accounts.locator("input[name=accountNumber]").fill("12345")
    await accounts.locator("input[name=password]").fill(PASSWORD)
    await page.get_by_test_id("bind-account").click()
    await expect(accounts.get_by_test_id("form-error")).to_have_text(
        "Enter the account number: 6 to 19 digits."
    )
    await accounts.locator("input[name=accountNumber]").fill("0123 4567 8901 2345")
    await page.get_by_test_id("bind-account").click()
    await expect(page.get_by_test_id("payout-accounts")).to_have_text(
        "Vietcombank (970436) · ****2345"
    )
    # Done with, the account's number and the login password leave the form.
    for name in ("bankCode", "accountNumber", "password"):
        await expect(accounts.locator(f"input[name={name}]")).to_have_value("")
    await screenshots(page, SHOTS, "withdraw-vn1")

    request = page.get_by_test_id("withdraw-submit").locator("xpath=..")
    await request.locator("input[name=amount]").fill("500,000")  # grouped, as it is read
    await request.locator("input[name=paymentPassword]").fill("135790")
    await request.locator("input[name=paymentPassword]").press("Enter")
    await expect(page.get_by_test_id("withdraw-status")).to_have_text(
        "Waiting for approval", timeout=SLOW_MS
    )
    await expect(request.locator("input[name=paymentPassword]")).to_have_value("")
    # Dong has no minor unit: whole amounts everywhere, never ",00" or ".00".
    await expect(page.get_by_test_id("header-balance")).to_have_text(re.compile(r"1,480,000$"))
    await expect(page.get_by_test_id("withdraw-balance")).to_have_text(
        f"Available: ₫{NBSP}1,480,000"
    )
    await expect(page.get_by_test_id("withdraw-paid-remaining")).to_have_text(
        f"Paid ₫{NBSP}0 · Remaining ₫{NBSP}500,000"
    )
