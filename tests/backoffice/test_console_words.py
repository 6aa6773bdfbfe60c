"""The console speaks the reader's language where it showed stored codes: the game
catalogue's wallets and game types (SEAMLESS, RNG), the platform's white-label modules (their
English names), the staff page's permissions and built-in roles, and the legal documents
(their codes), through the site's own event processor; the audit log's details (lists,
records and codes) in words."""

from __future__ import annotations

from app.app import app as site
from app.core.i18n import translate
from app.services.backoffice.permissions import ALL
from app.services.catalogue.lobby import nav_title
from app.services.content import legal
from state.backoffice.console import ConsoleState
from state.backoffice.console_audit import detail_words
from state.backoffice.console_platform import PlatformState
from state.backoffice.console_team import TeamState
from state.catalogue.console_games import GamesConsoleState
from state.content.console_content import ContentState
from tests.helpers.page_state import Tab, staff_tab

PAGE = "/admin/games"


async def _admin_tab() -> Tab:
    return await staff_tab(site, "admin", None)


async def test_wallets_and_game_types_read_as_words() -> None:
    tab = await _admin_tab()
    async with tab.processor:
        await tab.open(PAGE)
        page = await tab.state(GamesConsoleState)
    assert page.error == "" and page.vendors and page.games
    seamless = translate("bo.word.wallet.SEAMLESS", "pt")
    assert {vendor.wallet for vendor in page.vendors} <= {
        seamless,
        translate("bo.word.wallet.TRANSFER", "pt"),
    }
    assert seamless != "bo.word.wallet.SEAMLESS" and "SEAMLESS" not in seamless
    assert page.vendor == "PG"  # the first vendor's games are listed: slots
    assert all(game.type == nav_title("RNG", "pt") for game in page.games)


async def test_modules_are_named_in_the_readers_language() -> None:
    tab = await _admin_tab()
    async with tab.processor:
        await tab.open("/admin/platform")
        page = await tab.state(PlatformState)
    names = {row.mod_id: row.name for row in page.modules}
    assert names["MOBILENUMREG3"] == "Cadastro por celular"
    assert names["REG3"] == translate("bo.module.REG3", "pt") == "Cadastro"


async def test_permissions_are_named_in_the_readers_language() -> None:
    tab = await _admin_tab()
    async with tab.processor:
        await tab.open("/admin/staff")
        page = await tab.state(TeamState)
    choices = {choice.code: choice.label for choice in page.catalogue}
    assert set(choices) == set(ALL)
    assert choices["players.view"] == "Ver jogadores"
    assert all(label != code for code, label in choices.items())
    support = next(role for role in page.roles if role.name == "Atendimento")
    assert "Ver jogadores" in support.permissions and "players.view" not in support.permissions
    # Built-in roles in words, offered by their code; the admin's own role in the frame too.
    roles = {choice.code: choice.label for choice in page.role_choices}
    assert (roles["admin"], roles["risk"], roles["finance"]) == (
        "Administrador",
        "Risco e KYC",
        "Financeiro",
    )
    assert (await tab.state(ConsoleState)).staff_role == "Administrador"


async def test_legal_documents_are_named_in_words() -> None:
    tab = await _admin_tab()
    async with tab.processor:
        await tab.open("/admin/content")
        page = await tab.state(ContentState)
    named = {translate(f"bo-doc-{slug}", "pt") for slug in legal.DOCUMENTS}
    assert page.documents and {line.slug for line in page.documents} <= named
    assert "Sobre a marca" in named


def test_audit_details_say_lists_records_and_codes_in_words() -> None:
    role = detail_words('{"name": "desk", "permissions": ["players.view", "kyc.decide"]}', "pt")
    assert "Ver jogadores, Aprovar ou recusar identidades" in role and "players.view" not in role
    offer = detail_words('{"kind": "DAILY_SALARY", "terms": {"rate": "0.004"}}', "pt")
    assert translate("agent.kind.DAILY_SALARY", "pt") in offer
    assert "{" not in offer and '"' not in offer
    assert "0,004" in offer and "0.004" not in offer  # the rate in the reader's format


def test_audit_details_write_every_figure_the_readers_way() -> None:
    """Money in its amounts' format; any other figure (a limit, a rate) with its own digits."""
    limits = '{"before": {"min_bet": "0.05", "max_bet": "500.00"}, "after": "1234.50"}'
    pt, en = detail_words(limits, "pt"), detail_words(limits, "en")
    assert all(figure in pt for figure in ("0,05", "500,00", "1.234,50")), pt
    assert not any(figure in pt for figure in ("0.05", "500.00", "1234.50")), pt
    assert all(figure in en for figure in ("0.05", "500.00", "1,234.50")), en
