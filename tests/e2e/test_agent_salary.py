"""A sub-agent paid its daily salary, end to end, in a real browser (issues 34 and 39): a
staff member offers a top agent the house's daily salary contract of 1 % from the operator's
CLI (`agent-contract-offer`; the console's house offer is walked in test_agent_programme.py)
and the agent accepts it on its agent home; it registers a sub-agent and offers it 0.4 %
from the agent centre (told its own rate there; a rate above it refused in words), and sees
the offer, then the signed contract, on the sub-agent's row (the limit sentence following a
change of language); the sub-agent, at its first login, changes its password and accepts on
its agent home (phone width), each offer saying who made it and when; a player of the
sub-agent's team bets; the day closes and the operator runs the period job from the CLI;
the sub-agent reads its salary line, how it was computed, and its balance grown by exactly
that; the top agent its own share (its rate less the sub-agent's). Screenshots
(WALK_SHOTS=1) go to /tmp/agent-salary-shots.

The CLI runs in a process of its own, on the real clock, and closes the day that ended before
it: the walk's day is yesterday (its contracts moved to have been signed then, as the raffle
walk moves its draw time), so that nobody waits for midnight in São Paulo."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from playwright.async_api import Browser, BrowserContext, Page, expect
from sqlmodel import col, select, update

from app.core import clock
from app.core.db import session_scope, write_transaction
from app.core.periods import period_at
from app.jobs import agent_pay
from app.services import job_runs
from app.services.agents import payouts, periods
from models import Member
from models.agents import AgentContract, AgentPayout, ContractKind
from tests.e2e.conftest import SLOW_MS, open_site, site_operator
from tests.e2e.test_agent_team import _login, _ready
from tests.helpers.accounts import PASSWORD, make_member, new_username
from tests.helpers.agents import brand, downline, fact
from tests.helpers.backoffice import STAFF_PASSWORD, code_at, make_staff_account
from tests.helpers.browser import choose_language
from tests.helpers.money import fund

pytestmark = pytest.mark.e2e
SHOTS = Path("/tmp/agent-salary-shots")
SUB_FIRST_PASSWORD = PASSWORD + "x"
SUB_PASSWORD = "Outra12345x"


async def _shot(page: Page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    await page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


async def _signed_back_to(agent_ids: list[int], at: datetime) -> None:
    """The agents' contracts as if offered and signed at `at` (the walk's yesterday)."""
    async with write_transaction() as session:
        await session.exec(
            update(AgentContract)
            .where(col(AgentContract.downline_id).in_(agent_ids))
            .values(created_at=at, decided_at=at, starts_at=at)
        )


async def _member(username: str) -> Member:
    async with session_scope() as session:
        return (await session.exec(select(Member).where(Member.username == username))).one()


@pytest.mark.deep
async def _paid(page: Page, site_url: str, amount: str, line: str, balance: str) -> None:
    """The agent's daily wages page shows one payment of `amount` explained by `line`, and its
    balance reads `balance`."""
    await open_site(page, site_url + "/agentDailyWages")
    wage = page.get_by_test_id("pay-table-row").filter(has_text=amount)
    await expect(wage).to_have_count(1, timeout=SLOW_MS)
    await expect(wage).to_contain_text(line)
    await expect(page.get_by_test_id("total-amount")).to_contain_text(amount)
    await expect(page.get_by_test_id("header-balance")).to_contain_text(balance)


async def test_a_sub_agent_is_paid_its_daily_salary(
    browser: Browser, context: BrowserContext, site_url: str
) -> None:
    home = await brand()
    # The walk's day: the latest São Paulo day that the job, run now, closes. The job closes
    # from its tick (the hour begun), not from now: in the hour after São Paulo's midnight,
    # the day before yesterday.
    tick = period_at(job_runs.schedule(agent_pay.PERIODS_JOB), clock.now())
    day_start, _ = periods.last_closed("D", tick - payouts.GRACE, home.timezone)
    # Signed early that day, so that the day before (which the job closes too) is not theirs.
    signed_at = day_start + timedelta(minutes=1)
    top = await _ready(await make_member(account_type=1))
    staff, secret = await make_staff_account("marketing", "BR1")

    # The house's offer from the CLI (within the brand's threshold of 1 %: at once).
    site_operator(
        "agent-contract-offer", "BR1", top.username, "DAILY_SALARY", "--rate", "1",
        "--staff", staff, STAFF_PASSWORD=STAFF_PASSWORD, STAFF_CODE=code_at(secret),
    )  # fmt: skip
    page = await context.new_page()
    await _login(page, site_url + "/agentHome", top.username, PASSWORD)
    await expect(page.get_by_test_id("agent-welcome")).to_contain_text(top.username)
    house = page.get_by_test_id("contract-offer")
    await expect(house).to_contain_text("Salário diário")
    await expect(house).to_contain_text("1%")
    # Who made the offer (the house, for a top agent) and when, in the reader's language.
    offered = house.get_by_test_id("contract-offered-by")
    await expect(offered).to_have_text(
        re.compile(r"1% · oferecido pela casa em \d{1,2} de [^ ]+ de \d{4}")
    )
    await choose_language(page, "EN")
    await expect(offered).to_have_text(
        re.compile(r"1% · offered by the house on [A-Z][a-z]+ \d{1,2}, \d{4}"), timeout=SLOW_MS
    )
    await choose_language(page, "PT")
    await house.get_by_test_id("contract-accept").click()
    await expect(page.get_by_test_id("contract-active")).to_have_count(1, timeout=SLOW_MS)

    # It registers its sub-agent and offers it a daily salary of 0.4 %.
    sub_name = new_username()[:14]
    await page.get_by_test_id("agent-nav-registerCenter").click()
    await page.get_by_test_id("downline-username").fill(sub_name)
    await page.get_by_test_id("downline-password").fill(SUB_FIRST_PASSWORD)
    await page.get_by_test_id("downline-as-agent").check()
    await page.get_by_test_id("downline-submit").click()
    await expect(page.get_by_test_id("form-notice")).to_contain_text(sub_name)
    await page.get_by_test_id("agent-nav-downlineManagmentView").click()
    row = page.get_by_test_id("downline-row").filter(has_text=sub_name)
    await row.get_by_test_id("downline-offer").click()
    popup = page.get_by_test_id("offer-popup")
    await expect(popup).to_contain_text(sub_name)
    await expect(page.get_by_test_id("offer-kind")).to_have_value("DAILY_SALARY")
    await expect(page.get_by_test_id("offer-own")).to_have_text(
        "Seu contrato (Salário diário): 1%. Você pode oferecer até essa taxa."
    )
    # The sentence follows the reader's language, the form staying open.
    await choose_language(page, "EN")
    await expect(page.get_by_test_id("offer-own")).to_have_text(
        "Your contract (Daily salary): 1%. You can offer up to that rate.", timeout=SLOW_MS
    )
    await choose_language(page, "PT")
    await expect(page.get_by_test_id("offer-own")).to_have_text(
        "Seu contrato (Salário diário): 1%. Você pode oferecer até essa taxa.", timeout=SLOW_MS
    )
    # Above the agent's own 1 %: refused, said in words, nothing offered.
    await page.get_by_test_id("offer-rate").fill("1.5")
    await page.get_by_test_id("offer-send").click()
    await expect(page.get_by_test_id("form-error")).not_to_be_empty(timeout=SLOW_MS)
    await expect(page.get_by_test_id("form-error")).not_to_contain_text("agent-")
    await page.get_by_test_id("offer-rate").fill("0.4")
    await _shot(page, "top-offer")
    await page.get_by_test_id("offer-send").click()
    await expect(popup).to_have_count(0, timeout=SLOW_MS)
    await expect(page.get_by_test_id("form-notice")).not_to_be_empty()
    # The offer on the sub-agent's row: what it is, and that it waits for an answer.
    given = row.get_by_test_id("downline-contracts")
    await expect(given).to_have_text("Salário diário de 0,4% · Oferecido")

    # The sub-agent's first login: a new password, then the offer on its agent home.
    sub = await _member(sub_name)
    await fund(sub.id or 0, "10.00")
    other = await browser.new_context(
        viewport={"width": 390, "height": 844}, timezone_id="America/Sao_Paulo"
    )
    sub_page = await other.new_page()
    await _login(sub_page, site_url + "/agentHome", sub_name, SUB_FIRST_PASSWORD)
    form = sub_page.get_by_test_id("change-password-form")
    await form.locator("input[name=oldPassword]").fill(SUB_FIRST_PASSWORD)
    await form.locator("input[name=newPassword]").fill(SUB_PASSWORD)
    await form.locator("input[name=confirmNewPassword]").fill(SUB_PASSWORD)
    await sub_page.get_by_test_id("change-password-submit").click()
    await open_site(sub_page, site_url + "/agentHome")
    offer = sub_page.get_by_test_id("contract-offer")
    await expect(offer).to_have_count(1, timeout=SLOW_MS)
    await expect(offer).to_contain_text("0,4%")
    # Who made the offer and when, not a version number.
    await expect(offer.get_by_test_id("contract-offered-by")).to_have_text(
        re.compile(rf"0,4% · oferecido por {top.username} em \d{{1,2}} de [^ ]+ de \d{{4}}")
    )
    await _shot(sub_page, "sub-offer")
    await offer.get_by_test_id("contract-accept").click()
    await expect(sub_page.get_by_test_id("contract-popup")).to_have_count(0, timeout=SLOW_MS)
    await expect(sub_page.get_by_test_id("contract-active")).to_have_count(1)
    await expect(sub_page.get_by_test_id("header-balance")).to_contain_text("10,00")
    # The top agent sees it signed.
    await page.reload()
    await expect(given).to_have_text("Salário diário de 0,4% · Ativo", timeout=SLOW_MS)

    # The walk's day: the contracts signed before it, a player of the sub-agent's team bets
    # 1 200,00 (wins 300,00 back) and 350,00 (loses it): a team valid bet of 1 550,00.
    await _signed_back_to([top.id or 0, sub.id or 0], signed_at)
    player = await downline(sub, as_agent=False)
    await fact(player, "1200.00", "300.00", day_start + timedelta(hours=2))
    await fact(player, "350.00", "0.00", day_start + timedelta(hours=5))

    # The operator runs the period job: the day is closed and paid.
    site_operator("jobs", "agent-period-close")
    async with session_scope() as session:
        paid = (
            await session.exec(
                select(AgentPayout).where(
                    col(AgentPayout.agent_id).in_([top.id, sub.id]),
                    AgentPayout.kind == ContractKind.DAILY_SALARY.value,
                    AgentPayout.period_start == day_start,
                )
            )
        ).all()
    assert sorted(row.agent_id for row in paid) == sorted([top.id, sub.id])

    # The sub-agent: 0.4 % of 1 550,00 = 6,20, in its record and its balance (10,00 + 6,20).
    # (A run across São Paulo's midnight would also close the next day, with nothing in it.)
    await _paid(
        sub_page,
        site_url,
        "6,20",
        "Faixa 1 (membros ativos: 1): 0,4% × aposta válida da equipe 1.550,00, menos 0,00",
        "16,20",
    )
    await _shot(sub_page, "sub-daily-wages")
    await other.close()

    # The top agent: 1 % of 1 550,00 = 15,50, less the sub-agent's 6,20 = 9,30.
    await _paid(
        page,
        site_url,
        "9,30",
        "Faixa 1 (membros ativos: 1): 1% × aposta válida da equipe 1.550,00, menos 6,20",
        "9,30",
    )
    await _shot(page, "top-daily-wages")
