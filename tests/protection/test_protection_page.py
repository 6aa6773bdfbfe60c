"""The responsible-gaming page as the member drives it (state/protection/protection.py): a refused
limit or break shows the translated reason in the page's error line, clears the notice of
an earlier change and changes nothing; an accepted limit says so. The member's tab runs
through the site's own event processor."""

from __future__ import annotations

from app.app import app as site
from app.core import clock
from app.core.i18n import translate
from app.routes import RESPONSIBLE_GAMING
from app.services.protection import limits
from state.protection.protection import ProtectionState
from tests.helpers.accounts import make_member
from tests.helpers.page_state import member_tab

LANG = "pt"  # BR1's default language, with nothing chosen in the tab
PAGE = ProtectionState.get_full_name()


async def test_a_refused_limit_or_break_shows_why_and_changes_nothing() -> None:
    member = await make_member()
    tab = await member_tab(site, member)
    async with tab.processor:
        await tab.open(RESPONSIBLE_GAMING)
        good = {"kind": "DEPOSIT", "period": "DAY", "value": "100"}
        await tab.send(f"{PAGE}.save_limit", RESPONSIBLE_GAMING, form=good)
        page = await tab.state(ProtectionState)
        assert (page.error, page.notice) == ("", translate("protection.saved", LANG))
        assert [(row.kind, row.value) for row in page.limits] == [("DEPOSIT", "100.00")]
        bad = {"kind": "DEPOSIT", "period": "YEAR", "value": "5"}
        await tab.send(f"{PAGE}.save_limit", RESPONSIBLE_GAMING, form=bad)
        page = await tab.state(ProtectionState)
        assert (page.error, page.notice) == (translate("protection-limit-invalid", LANG), "")
        await tab.send(f"{PAGE}.cancel_limit", RESPONSIBLE_GAMING, kind="DEPOSIT", period="DAY")
        page = await tab.state(ProtectionState)
        assert page.error == translate("protection-limit-nothing-pending", LANG)
        await tab.send(f"{PAGE}.take_break", RESPONSIBLE_GAMING, form={"length": "PAUSE:1"})
        page = await tab.state(ProtectionState)
        assert page.error == translate("protection.agree_required", LANG)
        wrong = {"agree": "on", "length": "NOPE:1"}
        await tab.send(f"{PAGE}.take_break", RESPONSIBLE_GAMING, form=wrong)
        page = await tab.state(ProtectionState)
        assert (page.error, page.notice) == (translate("protection-exclusion-invalid", LANG), "")
    [kept] = await limits.member_limits(member, clock.now())
    assert (kept.kind.value, kept.period.value, str(kept.value)) == ("DEPOSIT", "DAY", "100.00")


async def test_the_break_button_waits_for_the_tick_and_a_fresh_page_starts_unticked() -> None:
    member = await make_member()
    tab = await member_tab(site, member)
    async with tab.processor:
        await tab.open(RESPONSIBLE_GAMING)
        assert (await tab.state(ProtectionState)).break_agreed is False
        await tab.send(f"{PAGE}.set_break_agreed", RESPONSIBLE_GAMING, value=True)
        assert (await tab.state(ProtectionState)).break_agreed is True
        await tab.send(f"{PAGE}.set_break_agreed", RESPONSIBLE_GAMING, value=False)
        assert (await tab.state(ProtectionState)).break_agreed is False
        await tab.send(f"{PAGE}.set_break_agreed", RESPONSIBLE_GAMING, value=True)
        await tab.open(RESPONSIBLE_GAMING)
        assert (await tab.state(ProtectionState)).break_agreed is False


async def test_a_limit_of_money_is_marked_as_money_and_a_limit_of_minutes_is_not() -> None:
    """Issue 35: the page writes a deposit, loss or wagering limit's figures with the
    brand's symbol (R$ 100,00) and a limit of bets or minutes as a count."""
    member = await make_member()
    tab = await member_tab(site, member)
    async with tab.processor:
        await tab.open(RESPONSIBLE_GAMING)
        for kind, value in (("LOSS", "100"), ("TIME", "60"), ("BETS", "20")):
            form = {"kind": kind, "period": "DAY", "value": value}
            await tab.send(f"{PAGE}.save_limit", RESPONSIBLE_GAMING, form=form)
        page = await tab.state(ProtectionState)
        assert {row.kind: row.money for row in page.limits} == {
            "LOSS": True,
            "TIME": False,
            "BETS": False,
        }
