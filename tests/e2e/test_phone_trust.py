"""The site a Brazilian player trusts at first sight (issue 35), walked on a phone (390 × 844)
in Portuguese: signed out, Cadastrar beside Entrar and the bottom tab bar; the footer with the
operator's CNPJ and SPA/MF authorisation; registration with only the required fields, the
username rule before typing and a refusal that moves the view to its field; the side rail that
closes on Escape (the focus back on its toggle); the member centre in groups, where money left
in a game's own wallet comes back beside the balance, closed with the focus back on its opener;
a refused withdrawal with its error beside the button, a requested one whose notice goes at a
reload; a bonus arriving that moves nothing in the phone's header; the balance hidden with the
bonus beside it; a member's header with a five-digit balance fitting from 320 to 1280 px, the
logo at its size, and the visitor's too; Depositar beside a six-digit balance at every width,
in Portuguese and English, the theme toggle in the menu where the row has no room for it.
Each page is checked with axe-core (no serious or critical violation) and shot at phone and
desktop width, light and dark."""

from __future__ import annotations

import os
from decimal import Decimal
from pathlib import Path
from uuid import uuid4

import pytest
from playwright.async_api import Browser, Page, expect
from sqlmodel import select

from app.core import clock
from app.core.db import session_scope, write_transaction
from app.core.i18n.formatting import MASK
from app.core.security import hash_password
from app.services import inbox
from app.services.brands import brands
from app.services.cashier import payout_accounts, transfers
from app.services.promotions import bonus
from app.services.promotions.bonus import BonusTerms
from models import MemberIdentity
from models.cashier import MessageKind
from tests.e2e.conftest import SLOW_MS, open_site
from tests.helpers.accounts import ADULT_NAME, PASSWORD, make_member, new_cpf
from tests.helpers.axe import blocking_violations
from tests.helpers.browser import (
    browser_cookie,
    choose_language,
    member_log_in,
    switch_theme,
    visitor_context,
    wait_for_rotation,
)
from tests.helpers.money import fund, wager

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
SHOTS = Path(os.environ.get("SITE_SHOTS", "/tmp/site-shots"))
PAY_PASSWORD = "135790"
# From the narrowest phone to a desktop, the common Android and iPhone widths, the tablet and
# small-laptop widths between.
HEADER_WIDTHS = (320, 360, 390, 412, 640, 700, 768, 1024, 1280)
# Where Depositar is tried: the narrowest phone, a common Android and an iPhone, a tablet, a
# laptop and a desktop.
DEPOSIT_WIDTHS = (320, 360, 390, 640, 1024, 1280)
# The header's top row at the viewport's width: the page's scroll width, the right edge of
# the row's furthest visible part, the logo's rendered width against the width it is given
# in the HTML (what a flex row squeezing it would shrink), and its narrowest control but the
# balance's small eye (a row that fits by squeezing its 36 px buttons fits no finger).
MEASURE_HEADER = """() => {
  const brand = document.querySelector('[data-testid=site-header] [data-testid=brand-link]');
  const logo = brand.querySelector('img');
  const parts = [...brand.parentElement.querySelectorAll('*')]
    .map((part) => part.getBoundingClientRect())
    .filter((box) => box.width > 1 && box.height > 1);
  const controls = [...brand.parentElement.querySelectorAll('a, button')]
    .filter((control) => control.dataset.testid !== 'balance-toggle')
    .map((control) => control.getBoundingClientRect().width)
    .filter((width) => width > 1);
  return {
    narrowest: Math.min(...controls),
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
    right: Math.max(...parts.map((box) => box.right)),
    logo: logo.getBoundingClientRect().width,
    natural: Number(logo.getAttribute('width')),
  };
}"""


# Depositar and its neighbours in the header's row, and whether the balance's amount is whole
# on one line (its text's line boxes, and nothing of it cut off).
MEASURE_DEPOSIT = """() => {
  const header = document.querySelector('[data-testid=site-header]');
  const box = (selector) => header.querySelector(selector).getBoundingClientRect().toJSON();
  const amount = header.querySelector('[data-testid=header-balance]');
  const text = document.createRange();
  text.selectNodeContents(amount);
  return {
    deposit: box('[data-testid=header-deposit]'),
    balance: box('[data-testid=balance-badge]'),
    currency: box('[data-testid=header-currency]'),
    logo: box('[data-testid=brand-link] img'),
    lines: text.getClientRects().length,
    cut: amount.scrollWidth > amount.clientWidth,
  };
}"""


def _overlap(one: dict[str, float], other: dict[str, float]) -> bool:
    """Two boxes sharing more than a rounding's half pixel (side by side is no overlap)."""
    return (
        min(one["right"], other["right"]) - max(one["left"], other["left"]) > 0.5
        and min(one["bottom"], other["bottom"]) - max(one["top"], other["top"]) > 0.5
    )


async def _shoot(page: Page, name: str) -> None:
    """The page as it is, at phone and desktop width, light and dark (back to the phone)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for scheme in ("light", "dark"):
        await page.emulate_media(color_scheme=scheme)
        for label, size in (("390", PHONE), ("1280", DESKTOP)):
            await page.set_viewport_size(size)
            await page.screenshot(path=str(SHOTS / f"{name}-{label}-{scheme}.png"), full_page=True)
    await page.emulate_media(color_scheme="light")
    await page.set_viewport_size(PHONE)


# What this walk's issue built: axe-core must find nothing serious there; the rest of the
# page is checked too and its findings written beside the screenshots (axe-page.txt).
BUILT = (
    "[data-testid=tab-bar]",
    "[data-testid=site-header]",
    "[data-testid=footer-operator]",
    "[data-testid=register-form]",
    "[data-testid=member-centre]",
    "[data-testid=withdraw-form]",
    "[data-testid=member-nav]",
)


async def _accessible(page: Page, name: str, found: list[str], page_wide: list[str]) -> None:
    """axe-core's serious and critical violations, light and dark (gathered, so one walk
    names them all)."""
    for scheme in ("light", "dark"):
        await page.emulate_media(color_scheme=scheme)
        found += [f"{name} ({scheme}) {v}" for v in await blocking_violations(page, BUILT)]
        page_wide += [f"{name} ({scheme}) {v}" for v in await blocking_violations(page)]
    await page.emulate_media(color_scheme="light")


# What every page shows at a phone's foot.
CHROME = ("[data-testid=site-footer]", "[data-testid=tab-bar]")
# Set before the theme changes: the transitions that the change starts in CHROME, read at the
# moment the page takes the scheme's class.
WATCH_THEME = """([scheme, within]) => {
  const root = document.documentElement;
  window.themeTransitions = new Promise((resolve) => {
    new MutationObserver((_, observer) => {
      if (!root.classList.contains(scheme)) return;
      observer.disconnect();
      const chrome = [...document.querySelectorAll(within.join(", "))];
      resolve(document.getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .filter((a) => chrome.some((part) => part.contains(a.effect.target)))
        .map((a) => `${a.transitionProperty} of ${a.effect.target.outerHTML.slice(0, 80)}`));
    }).observe(root, {attributes: true, attributeFilter: ["class"]});
  });
}"""


@pytest.mark.deep
async def test_the_footer_and_tab_bar_read_well_in_the_dark_at_once(
    browser: Browser, site_url: str
) -> None:
    """On a phone the footer and the tab bar pass axe-core in the light theme, then in the dark
    the moment it is chosen, for a visitor who asked for less motion too: nothing of theirs
    fades from the light theme's colours (a walk read the footer's links in the light
    theme's grey on the dark background while every property of every element had a
    transition for such visitors)."""
    # bypass_csp: the site's policy refuses inline scripts, axe-core's among them.
    context = await visitor_context(
        browser,
        viewport=PHONE,
        timezone_id="America/Sao_Paulo",
        color_scheme="light",
        bypass_csp=True,
    )
    try:
        page = await context.new_page()
        await open_site(page, site_url)
        assert await blocking_violations(page, CHROME) == []
        await page.evaluate(WATCH_THEME, ["dark", list(CHROME)])
        await page.emulate_media(color_scheme="dark")
        assert await page.evaluate("window.themeTransitions") == []
        assert await blocking_violations(page, CHROME) == []
    finally:
        await context.close()


async def _header_misfits(page: Page) -> list[str]:
    """The widths of HEADER_WIDTHS where the header's row does not fit or squeezes the logo
    (the viewport back to the phone's afterwards)."""
    misfits: list[str] = []
    for width in HEADER_WIDTHS:
        await page.set_viewport_size({"width": width, "height": 800})
        await expect(
            page.get_by_test_id("site-header").get_by_test_id("brand-link")
        ).to_be_visible()
        seen = await page.evaluate(MEASURE_HEADER)
        fits = seen["scroll"] <= seen["inner"] and seen["right"] <= seen["inner"]
        if not fits or seen["logo"] != seen["natural"] or seen["narrowest"] < 36:
            misfits.append(f"{width} px: {seen}")
    await page.set_viewport_size(PHONE)
    return misfits


@pytest.mark.deep
async def test_a_five_digit_balance_fits_the_header_at_every_width(
    browser: Browser, site_url: str
) -> None:
    """A member's header with R$ 12.345,67 fits from 320 to 1280 px: nothing wider than the
    screen, its right end in view and the logo at its own size (at 640-700 px the row was
    wider than the screen, and at 390 px the flex row squeezed the logo). A four-digit bonus
    too, whose chip shows from lg up. The visitor's header, before logging in, fits as well."""
    member = await make_member("BR1")
    assert member.id is not None
    await fund(member.id, "12345.67")
    await wager(member.id, "12345.67")  # the deposit's wagering, before a bonus is granted
    terms = BonusTerms(amount=Decimal("1234.56"), multiplier=10, weights={}, days=7)
    await bonus.grant(member.id, terms, uuid4().hex, clock.now())
    context = await visitor_context(browser, viewport=PHONE, timezone_id="America/Sao_Paulo")
    try:
        page = await context.new_page()
        await open_site(page, site_url + "/login")
        visitor = await _header_misfits(page)
        assert not visitor, "; ".join(visitor)
        before = await browser_cookie(page)
        await member_log_in(page, member)
        await wait_for_rotation(page, before)
        header = page.get_by_test_id("site-header")
        await expect(header.get_by_test_id("header-balance")).to_have_text("12.345,67")
        await expect(header.get_by_test_id("header-bonus")).to_have_text("1.234,56")
        member_row = await _header_misfits(page)
        assert not member_row, "; ".join(member_row)
        # The balance hidden, its eye stays under the finger.
        toggle = header.get_by_test_id("balance-toggle")
        shown = await toggle.bounding_box()
        await toggle.click()
        await expect(header.get_by_test_id("header-balance")).to_have_text(MASK)
        assert await toggle.bounding_box() == shown
    finally:
        await context.close()


@pytest.mark.deep
async def test_a_trial_account_keeps_its_magnifier_in_a_header_that_fits(
    browser: Browser, site_url: str
) -> None:
    """A trial account has no Depositar: its row keeps the magnifier at every width (a
    member's moves into the ☰ menu below 360 px), fits from 320 to 1280 px, and the magnifier
    opens the game search at 320 px. Its balance says it is a trial account's at every
    width: "Teste" beside it below 1280 px, the "Conta de teste" badge from there on (at
    640-1279 px neither showed), and a screen reader hears it."""
    context = await visitor_context(browser, viewport=PHONE, timezone_id="America/Sao_Paulo")
    try:
        page = await context.new_page()
        await open_site(page, site_url + "/login")
        await page.get_by_test_id("start-trial").click()
        header = page.get_by_test_id("site-header")
        await expect(header.get_by_test_id("member-area")).to_be_visible(timeout=SLOW_MS)
        misfits = await _header_misfits(page)
        assert not misfits, "; ".join(misfits)
        tag, badge = (
            header.get_by_test_id("balance-trial-tag"),
            header.get_by_test_id("trial-badge"),
        )
        for width in HEADER_WIDTHS:
            await page.set_viewport_size({"width": width, "height": 800})
            shown, hidden = (badge, tag) if width >= 1280 else (tag, badge)
            await expect(shown).to_be_in_viewport(ratio=1)
            await expect(hidden).to_be_hidden()
        await expect(tag).to_have_text("Teste")
        await expect(header.get_by_test_id("balance-badge")).to_contain_text(
            "Saldo da conta de teste"
        )
        await page.set_viewport_size({"width": 320, "height": 800})
        search = header.get_by_test_id("header-search")
        await expect(search).to_be_visible()
        SHOTS.mkdir(parents=True, exist_ok=True)
        await page.screenshot(path=str(SHOTS / "trial-header-320.png"))
        await search.click()
        await expect(page.get_by_role("dialog")).to_be_visible()
    finally:
        await context.close()


async def _deposit_misfits(page: Page, width: int) -> list[str]:
    """What is wrong with Depositar and the balance at the viewport's `width`: Depositar out of
    the screen, on the balance or the logo; the amount or its currency cut or on two lines."""
    seen = await page.evaluate(MEASURE_DEPOSIT)
    deposit, balance = seen["deposit"], seen["balance"]
    wrong: list[str] = []
    if deposit["left"] < 0 or deposit["right"] > width or deposit["width"] < 36:
        wrong.append(f"Depositar out of the screen {deposit}")
    for name in ("balance", "logo"):
        if _overlap(deposit, seen[name]):
            wrong.append(f"Depositar {deposit} on the {name} {seen[name]}")
    if seen["lines"] != 1 or seen["cut"] or balance["left"] < 0 or balance["right"] > width:
        wrong.append(f"balance not whole on one line: {seen}")
    if seen["currency"]["width"] < 1 or seen["currency"]["right"] > width:
        wrong.append(f"currency not shown: {seen['currency']}")
    return wrong


@pytest.mark.deep
async def test_depositar_sits_beside_a_six_digit_balance_at_every_width(
    browser: Browser, site_url: str
) -> None:
    """Depositar, as Brazilian sites keep it, beside R$ 123.456,78 from 320 to 1280 px, in
    Portuguese and in English: in the screen, on neither the balance nor the logo, the
    amount whole on one line, the row fitting as the five-digit one does; and a tap on it
    opens the deposit page at each width (below 640 px it was hidden: a phone deposited from
    the tab bar's Carteira only). Below 440 px the theme toggle is the menu's, reached by
    the keyboard and named; below 360 px the menu holds the magnifier, below 400 px the
    inbox. The header passes axe-core in both themes on a phone."""
    member = await make_member("BR1")
    assert member.id is not None
    await fund(member.id, "123456.78")
    await wager(member.id, "123456.78")  # the deposit's wagering
    async with write_transaction() as session:
        await inbox.post_message(session, member.id, MessageKind.NEW_MAIL, {})
    # bypass_csp: the site's policy refuses inline scripts, axe-core's among them.
    context = await visitor_context(
        browser, viewport=DESKTOP, timezone_id="America/Sao_Paulo", bypass_csp=True
    )
    try:
        page = await context.new_page()
        await open_site(page, site_url + "/login")
        before = await browser_cookie(page)
        await member_log_in(page, member)
        await wait_for_rotation(page, before)
        await open_site(page, site_url)
        await page.get_by_test_id("first-steps-later").click()  # a new member's first login
        header = page.get_by_test_id("site-header")
        deposit = header.get_by_test_id("header-deposit")
        misfits: list[str] = []
        for language, amount, words in (
            ("PT", "123.456,78", "Depositar"),
            ("EN", "123,456.78", "Deposit"),
        ):
            await page.set_viewport_size(DESKTOP)  # the language menu shows
            await choose_language(page, language)
            await expect(header.get_by_test_id("header-balance")).to_have_text(amount)
            misfits += [f"{language} {m}" for m in await _header_misfits(page)]
            for width in DEPOSIT_WIDTHS:
                await page.set_viewport_size({"width": width, "height": 800})
                await expect(deposit).to_have_text(words)
                await expect(deposit).to_be_in_viewport(ratio=1)
                misfits += [
                    f"{language} {width} px: {m}" for m in await _deposit_misfits(page, width)
                ]
                await deposit.click()
                await expect(page).to_have_url(site_url + "/depositv2")
                await expect(page.get_by_test_id("quick-amount").first).to_be_visible()
                await header.get_by_test_id("brand-link").click()
                await expect(page).to_have_url(site_url + "/")
        assert not misfits, "; ".join(misfits)

        # Below 440 px the theme toggle is the menu's: opened and reached with the keyboard,
        # named, it switches the theme. Below 400 px the menu holds the inbox too, its unread
        # message a dot on the menu's button and a count beside the menu's link.
        await expect(header.get_by_test_id("menu-unread")).to_be_hidden()  # 1280 px
        await page.set_viewport_size({"width": 360, "height": 800})
        await expect(header.get_by_test_id("theme-toggle")).to_be_hidden()
        await expect(header.get_by_test_id("header-messages")).to_be_hidden()
        await expect(header.get_by_test_id("menu-unread")).to_be_visible()
        dark = await page.evaluate("document.documentElement.classList.contains('dark')")
        await page.get_by_test_id("mobile-menu-button").focus()
        await page.keyboard.press("Enter")
        menu = page.get_by_test_id("dialog-mobile-menu")
        toggle = menu.get_by_role("button", name="Switch between dark and light theme")
        for _ in range(12):
            if await toggle.evaluate("(button) => button === document.activeElement"):
                break
            await page.keyboard.press("Tab")
        await expect(toggle).to_be_focused()
        await page.keyboard.press("Enter")
        await page.wait_for_function(
            "(dark) => document.documentElement.classList.contains('dark') !== dark", arg=dark
        )
        await expect(menu.get_by_test_id("mobile-unread")).to_contain_text("Unread: 1")
        await expect(menu.get_by_test_id("mobile-search")).to_be_hidden()
        await page.keyboard.press("Escape")
        await expect(menu).to_have_count(0)
        # Below 360 px the magnifier is the menu's too, and opens the game search from there.
        await page.set_viewport_size({"width": 320, "height": 800})
        await expect(header.get_by_test_id("header-search")).to_be_hidden()
        await page.get_by_test_id("mobile-menu-button").click()
        await menu.get_by_test_id("mobile-search").click()
        await expect(page.get_by_test_id("dialog-game-search")).to_be_visible()
        await page.keyboard.press("Escape")
        await expect(page.get_by_test_id("dialog-game-search")).to_have_count(0)

        # The header, Depositar joined to the balance, reads well in both themes.
        found: list[str] = []
        for scheme in ("light", "dark"):
            await switch_theme(page, scheme)
            found += [
                f"{scheme}: {v}"
                for v in await blocking_violations(page, ("[data-testid=site-header]",))
            ]
        assert found == []
    finally:
        await context.close()


async def test_a_phone_visitor_in_portuguese_trusts_registers_and_withdraws(
    browser: Browser, site_url: str
) -> None:
    # bypass_csp: the site's policy refuses inline scripts, axe-core's among them.
    context = await visitor_context(
        browser, viewport=PHONE, timezone_id="America/Sao_Paulo", has_touch=True, bypass_csp=True
    )
    page = await context.new_page()
    violations: list[str] = []
    page_wide: list[str] = []
    await open_site(page, site_url)

    # Signed out: Cadastrar beside Entrar, and the tab bar Brazilian sites show.
    header = page.get_by_test_id("site-header")
    await expect(header.get_by_test_id("header-register")).to_have_text("Cadastrar")
    await expect(header.get_by_test_id("header-login-button")).to_have_text("Entrar")
    tabs = page.get_by_test_id("tab-bar")
    for tab, words, path in (
        ("casino", "Cassino", "/rng"),
        ("sports", "Esportes", "/sports"),
        ("lottery", "Loteria", "/lottery"),
        ("my_bets", "Minhas apostas", "/personalHistoryCopy"),
        ("wallet", "Carteira", "/depositv2"),
    ):
        await expect(tabs.get_by_test_id(f"tab-{tab}")).to_have_text(words)
        await expect(tabs.get_by_test_id(f"tab-{tab}")).to_have_attribute("href", path)
    await expect(tabs.locator("[aria-current=page]")).to_have_count(0)  # the home is no tab
    await expect(page.get_by_test_id("home-jackpot")).to_have_count(0)  # no invented figure

    # The footer says who runs the site, its licence in words, and that the demo's are examples.
    operator = page.get_by_test_id("footer-operator")
    await expect(operator).to_contain_text("Sorte Grande Entretenimento Ltda.")
    await expect(operator.get_by_test_id("footer-cnpj")).to_contain_text("CNPJ 11.222.333/0001-81")
    licence = operator.get_by_test_id("footer-licence")
    await expect(licence).to_contain_text("Secretaria de Prêmios e Apostas")
    await expect(licence).to_contain_text("SPA/MF 0000/2024")
    await expect(operator.get_by_test_id("footer-domain")).to_have_text(
        "Site autorizado: sortegrande.bet.br"
    )
    await expect(operator.get_by_test_id("footer-demo")).to_be_visible()
    await expect(page.get_by_test_id("footer-responsible")).to_have_text("Jogo responsável")
    # Scrolled to the end, the tab bar covers none of the footer's words.
    await page.evaluate("window.scrollTo({top: document.body.scrollHeight, behavior: 'instant'})")
    copyright_box = await page.get_by_test_id("copyright").bounding_box()
    tabs_box = await tabs.bounding_box()
    assert copyright_box and tabs_box
    assert copyright_box["y"] + copyright_box["height"] <= tabs_box["y"]
    await _accessible(page, "home", violations, page_wide)
    await _shoot(page, "home-visitor")

    # Nothing floats over a phone's page: the side rail's parts are in the menu, which closes
    # on Escape and gives the focus back to its button.
    await expect(page.get_by_test_id("side-menu")).to_be_hidden()
    await page.get_by_test_id("mobile-menu-button").click()
    help_part = page.get_by_test_id("dialog-mobile-menu").get_by_test_id("mobile-help")
    await expect(help_part).to_contain_text("Chat ao vivo")
    follow = help_part.get_by_role("list", name="Siga-nos")
    await expect(follow.get_by_role("link", name="Instagram")).to_have_attribute("target", "_blank")
    await expect(help_part.get_by_test_id("mobile-download")).to_have_attribute("href", "/down")
    await _accessible(page, "menu", violations, page_wide)
    await _shoot(page, "menu-visitor")
    await page.keyboard.press("Escape")
    await expect(page.get_by_test_id("dialog-mobile-menu")).to_have_count(0)
    await expect(page.get_by_test_id("mobile-menu-button")).to_be_focused()

    # Registration from the header: the four fields the brand requires, the rule first.
    await header.get_by_test_id("header-register").click()
    form = page.get_by_test_id("register-form")
    await expect(form).to_be_visible()
    shown = form.locator("input:visible:not([type=checkbox]):not([type=hidden])")
    await expect(shown).to_have_count(4)
    names = set(await shown.evaluate_all("inputs => inputs.map((i) => i.name)"))
    assert names == {"username", "password", "confirmPassword", "cpf"}
    assert await page.get_by_test_id("register-optional").get_attribute("open") is None
    await expect(page.get_by_test_id("register-optional-summary")).to_contain_text("(opcional)")
    await expect(form.get_by_test_id("field-username-hint")).to_have_text(
        "Digite 6 - 16 caracteres: comece com uma letra, seguida de letras e números"
    )
    # What the terms box accepts can be read, in a new tab that leaves the form filled in.
    terms = form.get_by_test_id("register-terms-link")
    await expect(terms).to_have_text("Termos e condições")
    await expect(terms).to_have_attribute("href", "/terms")
    await expect(terms).to_have_attribute("target", "_blank")
    await expect(form.get_by_test_id("register-privacy-link")).to_have_attribute("href", "/privacy")
    await _accessible(page, "register", violations, page_wide)
    await _shoot(page, "register")

    # A refusal moves the view to the field in error and focuses it.
    await form.locator("input[name=username]").fill("1ab")
    await form.locator("input[name=password]").fill(PASSWORD)
    await form.locator("input[name=confirmPassword]").fill(PASSWORD)
    await form.locator("input[name=cpf]").fill(new_cpf())
    await form.locator("input[name=adult]").check()
    await form.locator("input[name=terms]").check()
    await page.get_by_test_id("register-submit").click()
    username = form.locator("input[name=username]")
    await expect(username).to_have_attribute("aria-invalid", "true", timeout=SLOW_MS)
    await expect(username).to_be_focused()
    await expect(username).to_be_in_viewport()
    await page.keyboard.press("Escape")

    # A member with money, a payment password and a payout account in their own CPF.
    member = await make_member(
        "BR1",
        payee_name=ADULT_NAME,
        payment_password_hash=await hash_password(PAY_PASSWORD),
    )
    assert member.id is not None
    await fund(member.id, "100.00")
    await wager(member.id, "100.00")  # the deposit's wagering, as a player builds it by playing
    async with session_scope() as session:
        identity = (
            await session.exec(select(MemberIdentity).where(MemberIdentity.member_id == member.id))
        ).one()
    await payout_accounts.bind(
        member,
        payout_accounts.PayoutAccountInput(
            kind="PIX", holder_name=ADULT_NAME, pix_key_type="CPF", pix_key=identity.cpf
        ),
        PASSWORD,
        "127.0.0.1",
    )
    # R$ 20,00 left in a sportsbook's own wallet (a transfer vendor), as after a session there.
    br1 = await brands.by_code("BR1")
    await transfers.transfer(
        br1, member, vendor="SABA", direction="IN", amount="20.00", request_id=uuid4().hex
    )
    before = await browser_cookie(page)
    await open_site(page, site_url + "/login")
    login = page.get_by_test_id("login-form")
    await login.locator("input[name=username]").fill(member.username)
    await login.locator("input[name=password]").fill(PASSWORD)
    await page.get_by_test_id("login-submit").click()
    await expect(page.get_by_test_id("member-area")).to_be_visible(timeout=SLOW_MS)
    await wait_for_rotation(page, before)

    # The sports tab opens the sports lobby, marked as the page shown.
    await tabs.get_by_test_id("tab-sports").click()
    await expect(page).to_have_url(site_url + "/sports", timeout=SLOW_MS)
    await expect(tabs.get_by_test_id("tab-sports")).to_have_attribute("aria-current", "page")

    # The member centre in groups, from the menu.
    await page.get_by_test_id("mobile-menu-button").click()
    account = page.get_by_test_id("mobile-account")
    await expect(account).to_contain_text("Minha conta")
    await expect(account).to_contain_text(member.username)
    await account.click()
    centre = page.get_by_test_id("member-centre")
    for group in ("Dinheiro", "Histórico", "Recompensas", "Conta e segurança"):
        await expect(centre.get_by_role("heading", name=group)).to_be_visible()
    # The money in the game's wallet, brought back beside the balance; the result beside it.
    await expect(centre.get_by_test_id("centre-balance")).to_contain_text("R$ 80,00")
    await expect(centre.get_by_test_id("centre-games-balance")).to_contain_text("R$ 20,00")
    await centre.get_by_test_id("centre-bring-back").click()
    await expect(centre.get_by_test_id("centre-bring-back-result")).to_have_text(
        "R$ 20,00 de volta na carteira principal.", timeout=SLOW_MS
    )
    await expect(centre.get_by_test_id("centre-games-balance")).to_have_count(0)
    await expect(centre.get_by_test_id("centre-balance")).to_contain_text("R$ 100,00")
    await expect(header.get_by_test_id("header-balance")).to_have_text("100,00")
    await _accessible(page, "member centre", violations, page_wide)
    await _shoot(page, "member-centre")
    await centre.get_by_role("link").first.focus()
    await page.keyboard.press("Escape")
    await expect(centre).to_have_count(0)
    await expect(page.get_by_test_id("mobile-menu-button")).to_be_focused()  # its opener

    # A refused withdrawal: the error beside the button, in view; nothing at the page's top.
    await open_site(page, site_url + "/withdraw")
    request = page.get_by_test_id("withdraw-form")
    await expect(request.locator("select[name=accountId] option")).to_have_count(1)
    await request.locator("input[name=amount]").fill("50,00")
    await request.locator("input[name=paymentPassword]").fill("000000")
    await page.get_by_test_id("withdraw-submit").click()
    refusal = request.get_by_test_id("form-error")
    await expect(refusal).not_to_have_text("", timeout=SLOW_MS)
    await expect(refusal).to_be_in_viewport()
    await expect(
        page.get_by_test_id("payout-account-form").get_by_test_id("form-error")
    ).to_have_text("")
    await _accessible(page, "withdraw", violations, page_wide)
    await _shoot(page, "withdraw-refused")

    # Requested: the notice beside the button, gone at a reload.
    await request.locator("input[name=paymentPassword]").fill(PAY_PASSWORD)
    await page.get_by_test_id("withdraw-submit").click()
    requested = request.get_by_role("status")
    await expect(requested).to_contain_text("solicitado", timeout=SLOW_MS)
    await expect(refusal).to_have_text("")
    await open_site(page, site_url + "/withdraw")
    await expect(page.get_by_test_id("withdraw-status").first).to_be_visible()
    await expect(page.get_by_test_id("withdraw-form").get_by_role("status")).to_have_text("")

    # In English the licence is told in English (desktop header).
    await page.set_viewport_size(DESKTOP)
    await choose_language(page, "EN")
    await expect(page.get_by_test_id("footer-licence")).to_contain_text(
        "Secretariat of Prizes and Betting"
    )
    await expect(page.get_by_test_id("tab-bar")).to_be_hidden()

    # The home's marquee follows the language both ways, without a reload (the first login's
    # welcome put away first, as a member who knows the way would).
    await open_site(page, site_url)
    await page.get_by_test_id("first-steps-later").click()
    notice = page.get_by_test_id("home-notice")
    await expect(notice).to_contain_text("Welcome to Sorte Grande")
    await choose_language(page, "PT")
    await expect(notice).to_contain_text("Bem-vindo à Sorte Grande")
    await choose_language(page, "EN")
    await expect(notice).to_contain_text("Welcome to Sorte Grande")
    await _shoot(page, "home-member-en")

    # A bonus arriving moves nothing in a phone's full header row (no chip beside the balance
    # there) and leaves the logo its size.
    toggle = header.get_by_test_id("balance-toggle")
    before = await toggle.bounding_box()
    await bonus.grant(
        member.id,
        BonusTerms(amount=Decimal("5.00"), multiplier=10, weights={}, days=7),
        uuid4().hex,
        clock.now(),
    )
    await expect(header.get_by_test_id("header-bonus")).to_have_text("5.00", timeout=SLOW_MS)
    await expect(header.get_by_test_id("header-bonus-link")).to_be_hidden()
    assert await toggle.bounding_box() == before
    logo = await header.get_by_test_id("brand-link").bounding_box()
    assert logo is not None and logo["width"] >= 36
    # Hiding the balance hides the bonus beside it too (issue 39), shown on a wide screen.
    await page.set_viewport_size(DESKTOP)
    await expect(header.get_by_test_id("header-bonus-link")).to_be_visible()
    await toggle.click()
    await expect(header.get_by_test_id("header-balance")).to_have_text(MASK)
    await expect(header.get_by_test_id("header-bonus")).to_have_text(MASK)
    await toggle.click()
    await expect(header.get_by_test_id("header-bonus")).to_have_text("5.00")
    await context.close()
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / "axe.txt").write_text("\n".join(violations) + "\n")
    (SHOTS / "axe-page.txt").write_text("\n".join(page_wide) + "\n")
    assert violations == []
