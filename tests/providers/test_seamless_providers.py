"""/seamless lists exactly the providers of the seamless wallet, by navigation category, with
the page each opens; a provider moved to its own wallet leaves the list."""

from __future__ import annotations

from sqlmodel import col, select, update

from app.core.db import session_scope, write_transaction
from app.services.brands import brands
from app.services.catalogue import lobby
from app.services.catalogue.lobby import invalidate_catalogue
from models import GameVendor
from models.catalogue import VASSALAGE, WalletMode


async def _modes() -> dict[str, str]:
    async with session_scope() as session:
        rows = (await session.exec(select(GameVendor.vassalage, GameVendor.wallet_mode))).all()
    return dict(rows)


async def test_only_seamless_wallet_providers_are_listed() -> None:
    brand = await brands.by_code("BR1")
    groups = await lobby.seamless_providers(brand, "EN")
    modes = await _modes()
    listed = {p.vassalage for g in groups for p in g.providers}
    assert listed and all(modes[code] == WalletMode.SEAMLESS for code in listed)
    in_menus = {
        card.vassalage for item in (await lobby.menus(brand, "EN")).nav for card in item.cards
    }
    seamless_in_menus = {code for code in in_menus if modes[code] == WalletMode.SEAMLESS}
    assert listed == seamless_in_menus
    assert any(modes[code] == WalletMode.TRANSFER for code in in_menus)  # some are left out
    assert all(g.providers and g.title for g in groups)


async def test_each_provider_opens_its_page_or_its_popup() -> None:
    brand = await brands.by_code("BR1")
    async with session_scope() as session:
        popup = set(
            (
                await session.exec(
                    select(GameVendor.vassalage).where(GameVendor.is_game == VASSALAGE)
                )
            ).all()
        )
    for group in await lobby.seamless_providers(brand, "EN"):
        for provider in group.providers:
            assert provider.popup == (provider.vassalage in popup)
            assert provider.path.startswith("/")
            if group.nav_type == "RNG" and not provider.popup:
                assert provider.path == f"/gameListCenter/{provider.vassalage.lower()}/rng"


async def test_a_provider_moved_to_its_own_wallet_leaves_the_list() -> None:
    brand = await brands.by_code("BR1")
    first = (await lobby.seamless_providers(brand, "EN"))[0].providers[0].vassalage

    async def set_mode(mode: WalletMode) -> None:
        async with write_transaction() as session:
            await session.exec(
                update(GameVendor)
                .where(col(GameVendor.vassalage) == first)
                .values(wallet_mode=mode)
            )
        await invalidate_catalogue()

    await set_mode(WalletMode.TRANSFER)
    try:
        listed = {
            p.vassalage for g in await lobby.seamless_providers(brand, "EN") for p in g.providers
        }
        assert first not in listed
    finally:
        await set_mode(WalletMode.SEAMLESS)
