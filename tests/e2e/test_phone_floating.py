"""Nothing that floats covers what a phone's player needs (issue 35): at 390 × 844 and at the
narrowest phone, 320 × 640, the only parts that stay put while the page scrolls are the
header and the bottom tab bar, and neither covers a control of the page at either end of its
scroll (the bottom of a form, the last button above the tab bar), on the pages a player fills
in: the home, the deposit and withdrawal forms, the bet records, the live chat window and a
studio game. The live chat (customer service) is no floating button on a phone: it is in the
menu, reached by the keyboard, and the menu is axe-clean. With WALK_SHOTS=1 each page is
photographed at both sizes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.async_api import Browser, Page, expect

from app import routes
from tests.e2e.conftest import open_site
from tests.helpers.accounts import make_member
from tests.helpers.axe import blocking_violations
from tests.helpers.browser import member_log_in, visitor_context
from tests.helpers.money import fund

pytestmark = [pytest.mark.e2e, pytest.mark.deep]

PHONES = ({"width": 390, "height": 844}, {"width": 320, "height": 640})
SHOTS = Path(os.environ.get("SITE_SHOTS", "/tmp/site-shots"))
PAGES = (
    routes.HOME,
    routes.DEPOSIT,
    routes.WITHDRAW,
    routes.BETTING_RECORD,
    routes.CHAT,
    "/play/BGS_DICE?demo=1",
)

# Every part that stays put on the screen (fixed, or sticky and stuck), and every control of
# the page (not inside one of them) that such a part covers where no scroll takes it out from
# under: the page scrolled to its start (`end` 0) for a part at the top of the screen, to its
# end (`end` 1) for a part at the bottom (the last button of a form above the tab bar).
COVERED = """(end) => {
  window.scrollTo({top: end ? document.documentElement.scrollHeight : 0, behavior: 'instant'});
  const seen = (element) => {
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    return style.visibility !== 'hidden' && style.display !== 'none' && box.width > 1
      && box.height > 1 && box.bottom > 0 && box.top < innerHeight;
  };
  const name = (element) => element.dataset.testid || element.getAttribute('aria-label')
    || element.tagName.toLowerCase() + ':' + (element.textContent || '').trim().slice(0, 30);
  const floating = [...document.querySelectorAll('body *')].filter((element) => {
    const position = getComputedStyle(element).position;
    return (position === 'fixed' || position === 'sticky') && seen(element)
      && !element.parentElement.closest('[data-floats]');
  });
  floating.forEach((element) => element.setAttribute('data-floats', ''));
  const controls = [...document.querySelectorAll('a, button, input, select, textarea, summary')]
    .filter((control) => seen(control) && !control.closest('[data-floats]'));
  const covered = [];
  for (const part of floating) {
    const over = part.getBoundingClientRect();
    const low = (over.top + over.bottom) / 2 > innerHeight / 2;
    if (low !== Boolean(end)) continue;
    for (const control of controls) {
      if (control.contains(part)) continue;
      const box = control.getBoundingClientRect();
      const wide = Math.min(box.right, over.right) - Math.max(box.left, over.left);
      const high = Math.min(box.bottom, over.bottom) - Math.max(box.top, over.top);
      if (wide > 1 && high > 1) covered.push(`${name(control)} under ${name(part)}`);
    }
  }
  floating.forEach((element) => element.removeAttribute('data-floats'));
  return {floating: floating.map(name), covered};
}"""

# A floating live-chat button as sites put it, above the tab bar, over the page's end.
PROBE = """() => {
  const button = document.createElement('button');
  button.dataset.testid = 'probe-chat';
  button.dataset.probe = '';
  button.textContent = 'Chat';
  button.style.cssText = 'position:fixed;right:8px;bottom:72px;width:56px;height:56px;';
  document.body.appendChild(button);
  const tab = document.querySelector('[data-testid=tab-bar]');
  const under = document.createElement('a');  // the page's last control, above the bar
  under.href = '#';
  under.dataset.probe = '';
  under.textContent = 'last';
  under.style.cssText = 'display:block;width:100%;height:120px;';
  document.body.appendChild(under);
  return tab !== null;
}"""

# What may stay put on a phone's screen: the header and the tab bar.
ALLOWED = {"site-header", "tab-bar"}


async def _nothing_covered(page: Page, where: str, problems: list[str]) -> None:
    for end in (0, 1):
        found = await page.evaluate(COVERED, end)
        others = set(found["floating"]) - ALLOWED
        problems += [f"{where}: {part} floats over the page" for part in sorted(others)]
        problems += [
            f"{where} (scrolled to its {('start', 'end')[end]}): {c}" for c in found["covered"]
        ]


async def test_nothing_floats_over_a_phone_page_and_the_live_chat_is_in_the_menu(
    browser: Browser, site_url: str
) -> None:
    member = await make_member("BR1")
    assert member.id is not None
    await fund(member.id, "100.00")
    context = await visitor_context(
        browser,
        viewport=PHONES[0],
        timezone_id="America/Sao_Paulo",
        has_touch=True,
        bypass_csp=True,
    )
    page = await context.new_page()
    await open_site(page, site_url)
    await page.get_by_test_id("header-login-button").click()
    await member_log_in(page, member)
    await page.get_by_test_id("first-steps-later").click()  # a new member's first login
    problems: list[str] = []
    SHOTS.mkdir(parents=True, exist_ok=True)
    # The check sees what it is for: a chat button floating above the tab bar, over the page.
    await open_site(page, site_url + routes.DEPOSIT)
    await page.evaluate(PROBE)
    await _nothing_covered(page, "probe", problems)
    assert any("probe-chat floats over the page" in problem for problem in problems), problems
    assert any("under probe-chat" in problem for problem in problems), problems
    await page.evaluate("document.querySelectorAll('[data-probe]').forEach((e) => e.remove())")
    problems.clear()
    for path in PAGES:
        await open_site(page, site_url + path)
        for size in PHONES:
            await page.set_viewport_size(size)
            where = f"{path} at {size['width']}×{size['height']}"
            await _nothing_covered(page, where, problems)
            shot = path.strip("/").split("?")[0].replace("/", "-") or "home"
            await page.screenshot(path=str(SHOTS / f"floating-{shot}-{size['width']}.png"))
        await page.set_viewport_size(PHONES[0])
    assert problems == []

    # The live chat on a phone: in the menu, where the keyboard reaches it.
    await open_site(page, site_url + routes.HOME)
    for size in PHONES:
        await page.set_viewport_size(size)
        await expect(page.get_by_test_id("side-menu")).to_be_hidden()
        menu_button = page.get_by_test_id("mobile-menu-button")
        await menu_button.focus()
        await page.keyboard.press("Enter")
        menu = page.get_by_test_id("dialog-mobile-menu")
        chat = menu.get_by_test_id("mobile-help").get_by_role("button", name="Chat ao vivo")
        await expect(chat).to_be_visible()
        for _ in range(60):  # Tab by Tab through the menu to the live chat
            if await chat.evaluate("(button) => button === document.activeElement"):
                break
            await page.keyboard.press("Tab")
        await expect(chat).to_be_focused()
        assert await blocking_violations(page, ("[data-testid=dialog-mobile-menu]",)) == []
        await page.screenshot(path=str(SHOTS / f"floating-menu-{size['width']}.png"))
        await page.keyboard.press("Escape")
        await expect(menu).to_have_count(0)
        await expect(menu_button).to_be_focused()
    await context.close()
