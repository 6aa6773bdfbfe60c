"""Outside game providers: every vendor launches through its adapter (the simulator), and
the simulator's wallet calls, made over HTTP, keep the ledger clean when replayed, rolled back
or timed out."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import timedelta
from decimal import Decimal
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from fastapi import FastAPI
from sqlmodel import col, func, or_, select

from app.client import ApiError, PlatformClient
from app.core.db import session_scope
from app.core.errors import AppError
from app.services import ledger
from app.services.accounts import sessions
from app.services.catalogue import rules
from app.services.providers import registry
from app.services.providers.adapter import TransactionState
from app.services.seamless import reconcile, wallet
from models import Game, GameRound, GameVendor, Member, WagerFact
from models.base import utcnow
from simulator import catalogue as sim_catalogue
from simulator.games import events, live_tables
from tests.helpers.api import platform_api
from tests.helpers.money import books_differences
from tests.helpers.seamless import funded_member
from tests.helpers.simulator import LossyTransport, simulator_app, simulator_base


async def _logged_in(client: PlatformClient, member: Member) -> PlatformClient:
    client.token = await sessions.open_session(member, "203.0.113.10", "pytest", "WEB")
    return client


async def _launch(client: PlatformClient, game: Game, account_type: int) -> str:
    value = await client.post(
        "/wps/game/launchGame",
        {"gameCode": game.game_code, "vassalage": game.vassalage, "accountType": account_type},
    )
    url: str = value["content"]["game_url"]
    return url


async def _one_game_per_vendor_and_type() -> list[tuple[Game, Game | None]]:
    """(a game for real play, a demo game or None) of every outside vendor's every type."""
    async with session_scope() as session:
        vendors = (
            await session.exec(select(GameVendor).where(col(GameVendor.maintenance).is_(False)))
        ).all()
        picked: list[tuple[Game, Game | None]] = []
        for vendor in vendors:
            if vendor.vassalage in registry.LOTTERY_VENDORS or vendor.vassalage == "BGS":
                continue
            types = (
                await session.exec(
                    select(Game.game_type)
                    .where(Game.vassalage == vendor.vassalage, Game.is_game == "GAME")
                    .distinct()
                )
            ).all()
            for game_type in types:
                playable = select(Game).where(
                    Game.vassalage == vendor.vassalage,
                    Game.game_type == game_type,
                    Game.is_game == "GAME",
                    col(Game.maintenance).is_(False),
                    or_(col(Game.sub_category).is_(None), Game.sub_category != "BG"),  # Tagalog
                )
                real = (await session.exec(playable.order_by(col(Game.id)))).first()
                demo = (await session.exec(playable.where(Game.support_play == 0).limit(1))).first()
                assert real is not None
                picked.append((real, demo))
    return picked


async def test_every_outside_vendor_and_type_launches_real_and_demo(
    make_client: Callable[..., PlatformClient],
) -> None:
    member = await funded_member("10.00")
    client = await _logged_in(make_client(language="PT"), member)
    guest = make_client()
    picked = await _one_game_per_vendor_and_type()
    assert len({game.vassalage for game, _ in picked}) == 34  # 39 vendors − lottery, BGS, CMD
    demos = 0
    for game, demo in picked:
        if game.vassalage in rules.COCKFIGHT_VENDORS:
            continue  # BR1's market forbids them: the next test
        url = await _launch(client, game, 1)
        parts = urlsplit(url)
        assert f"{parts.scheme}://{parts.netloc}" == simulator_base()
        assert parts.path == f"/play/{game.vassalage}/{game.game_code}"
        query = parse_qs(parts.query)
        assert query["lang"] == ["pt"] and query["currency"] == ["BRL"]
        assert len(query["token"][0]) >= 20
        # The simulator knows every game it is asked to open.
        assert (game.vassalage, game.game_code) in sim_catalogue.games()
        if demo is not None:
            demos += 1
            demo_url = await _launch(guest, demo, 0)
            assert "demo=1" in demo_url and "token=" not in demo_url
        if game.support_play != 0:
            with pytest.raises(ApiError) as refused:
                await _launch(guest, game, 0)
            assert refused.value.code == "seamless-demo-unavailable"
    assert demos > 10


async def test_cockfight_is_refused_where_the_market_forbids_it_and_opens_elsewhere(
    make_client: Callable[..., PlatformClient],
) -> None:
    """BR1's market (Brazil) forbids betting on animal fights: every cockfight game is
    refused, real or demo, by code or by node id, whatever the client sends; on a brand
    without a jurisdiction (VN1) the same games open on the simulator."""
    fights = [
        (game, demo)
        for game, demo in await _one_game_per_vendor_and_type()
        if game.vassalage in rules.COCKFIGHT_VENDORS
    ]
    assert {game.vassalage for game, _ in fights} == {"DS88", "DIG", "WGB"}
    member = await funded_member("10.00")
    client = await _logged_in(make_client(language="PT"), member)
    for game, demo in fights:
        for caller, played, account_type in ((client, game, 1), (make_client(), demo or game, 0)):
            with pytest.raises(ApiError) as refused:
                await _launch(caller, played, account_type)
            assert (refused.value.status, refused.value.code) == (403, "animal-fights-not-offered")
        with pytest.raises(ApiError) as by_node:
            await client.post("/wps/relay/GCS_gameLaunchFB", {"nodeId": game.id, "accountType": 1})
        assert by_node.value.code == "animal-fights-not-offered"
        assert by_node.value.body["message"].startswith("Apostas em rinhas de galo")
    elsewhere = await funded_member("0", merchant_code="VN1")
    other = await _logged_in(make_client(language="EN", merchant="VN1"), elsewhere)
    for game, demo in fights:
        url = urlsplit(await _launch(other, game, 1))
        assert url.path == f"/play/{game.vassalage}/{game.game_code}"
        assert parse_qs(url.query)["currency"] == ["VND"]
        if demo is not None:
            assert "demo=1" in await _launch(make_client(merchant="VN1"), demo, 0)


async def test_guest_trial_and_single_wallet_rules(
    make_client: Callable[..., PlatformClient],
) -> None:
    async with session_scope() as session:
        slot = (
            await session.exec(
                select(Game).where(
                    Game.vassalage == "PG",
                    Game.support_play == 0,
                    col(Game.maintenance).is_(False),
                )
            )
        ).first()
        sports = (await session.exec(select(Game).where(Game.vassalage == "U9W"))).first()
    assert slot is not None and sports is not None
    with pytest.raises(ApiError) as guest:
        await _launch(make_client(), slot, 1)
    assert (guest.value.status, guest.value.code) == (401, "not-logged-in")
    trial = await funded_member("0", account_type=4)
    trial_client = await _logged_in(make_client(), trial)
    with pytest.raises(ApiError) as refused:
        await _launch(trial_client, slot, 1)
    assert refused.value.code == "in_need_true_account"
    assert "demo=1" in await _launch(trial_client, slot, 0)
    member = await funded_member("1.00")
    real = await _logged_in(make_client(), member)
    assert "token=" in await _launch(real, sports, 1)  # a transfer vendor opens too


async def test_vendor_in_maintenance_answers_game_maintenance(
    make_client: Callable[..., PlatformClient],
) -> None:
    async with session_scope() as session:
        cmd = (await session.exec(select(Game).where(Game.vassalage == "CMD"))).first()
    assert cmd is not None
    client = await _logged_in(make_client(), await funded_member("1.00"))
    with pytest.raises(ApiError) as refused:
        await _launch(client, cmd, 1)
    assert (refused.value.status, refused.value.code) == (409, "game-maintenance")


async def _pg_slot() -> Game:
    async with session_scope() as session:
        games = (
            await session.exec(
                select(Game)
                .where(
                    Game.vassalage == "PG",
                    Game.is_game == "GAME",
                    col(Game.maintenance).is_(False),
                )
                .order_by(col(Game.id))
            )
        ).all()
    return next(g for g in games if sim_catalogue.games()[("PG", g.game_code)].kind == "slot")


async def _rounds(member_id: int) -> tuple[int, int]:
    async with session_scope() as session:
        rounds = (
            await session.exec(
                select(func.count()).select_from(GameRound).where(GameRound.member_id == member_id)
            )
        ).one()
        facts = (
            await session.exec(
                select(func.count()).select_from(WagerFact).where(WagerFact.member_id == member_id)
            )
        ).one()
    return rounds, facts


async def _audit_clean() -> None:
    async with session_scope() as session:
        differences = await books_differences(session)
    assert differences == ()


async def _open(sim: httpx.AsyncClient, client: PlatformClient, game: Game) -> tuple[str, Decimal]:
    url = urlsplit(await _launch(client, game, 1))
    token = parse_qs(url.query)["token"][0]
    opened = (
        await sim.post(
            "/api/session",
            json={"vendor": game.vassalage, "gameCode": game.game_code, "token": token},
        )
    ).json()
    return opened["session"], Decimal(opened["balance"])


def _sim(platform: FastAPI, transport: LossyTransport | None = None) -> httpx.AsyncClient:
    app = simulator_app(platform, transport)
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://sim")


async def test_simulator_plays_a_slot_through_the_wallet_over_http(
    make_client: Callable[..., PlatformClient],
) -> None:
    member = await funded_member("50.00")
    client = await _logged_in(make_client(), member)
    game = await _pg_slot()
    async with _sim(platform_api()) as sim:
        session, balance = await _open(sim, client, game)
        assert balance == Decimal("50.00")
        expected = balance
        for _ in range(12):
            spun = (
                await sim.post("/api/slot/spin", json={"session": session, "bet": "1.00"})
            ).json()
            expected += Decimal(spun["win"]) - Decimal("1.00")
            assert Decimal(spun["balance"]) == expected
            assert len(spun["grid"]) == 5 and len(spun["grid"][0]) == 3
    assert await _rounds(member.id or 0) == (12, 12)  # a round and a wager fact per spin
    await _audit_clean()


async def test_lost_answers_are_retried_with_the_same_transaction_id(
    make_client: Callable[..., PlatformClient],
) -> None:
    member = await funded_member("20.00")
    client = await _logged_in(make_client(), member)
    game = await _pg_slot()
    platform = platform_api()
    lost: set[str] = set()

    def lose_first_answer(request: httpx.Request) -> bool:
        path = request.url.path
        if path.endswith("/betwin") and path not in lost:
            lost.add(path)
            return True
        return False

    transport = LossyTransport(httpx.ASGITransport(app=platform), lose=lose_first_answer)
    async with _sim(platform, transport) as sim:
        session, _ = await _open(sim, client, game)
        spun = (await sim.post("/api/slot/spin", json={"session": session, "bet": "2.00"})).json()
    assert Decimal(spun["balance"]) == Decimal("18.00") + Decimal(spun["win"])
    rounds = [s for s in transport.sent if s.startswith(b"/vendor/PG/wallet/betwin")]
    assert len(rounds) == 2 and rounds[0] == rounds[1]  # the same call, sent twice
    assert await _rounds(member.id or 0) == (1, 1)
    await _audit_clean()


async def test_a_round_never_answered_is_rolled_back_or_stands(
    make_client: Callable[..., PlatformClient],
) -> None:
    """Every answer of the one-step round is lost: the simulator rolls the bet back. The
    platform had settled the round, so the rollback is refused and the player's result stands
    (shown, with the balance the platform keeps); a round that never arrived is undone."""
    member = await funded_member("20.00")
    client = await _logged_in(make_client(), member)
    game = await _pg_slot()
    platform = platform_api()
    transport = LossyTransport(
        httpx.ASGITransport(app=platform),
        lose=lambda request: request.url.path.endswith("/betwin"),
    )
    async with _sim(platform, transport) as sim:
        session, _ = await _open(sim, client, game)
        answer = await sim.post("/api/slot/spin", json={"session": session, "bet": "5.00"})
        assert answer.status_code == 200
        shown = answer.json()
        assert Decimal(shown["balance"]) == Decimal("15.00") + Decimal(shown["win"])
    assert await _rounds(member.id or 0) == (1, 1)

    never = LossyTransport(
        httpx.ASGITransport(app=platform),
        down=lambda request: request.url.path.endswith("/betwin"),
    )
    async with _sim(platform, never) as sim:
        session, before = await _open(sim, client, game)
        answer = await sim.post("/api/slot/spin", json={"session": session, "bet": "5.00"})
        assert answer.status_code == 503
        assert answer.json()["detail"] == "provider-unreachable"
        wallet = sim._transport.app.state.wallet  # type: ignore[attr-defined]
        assert set(wallet.transactions.values()) == {TransactionState.ROLLED_BACK.value}
    async with _sim(platform) as fresh:
        _, after = await _open(fresh, client, game)
    assert after == before  # nothing moved; the late round would be refused
    assert await _rounds(member.id or 0) == (1, 1)
    await _audit_clean()


async def test_platform_down_refuses_the_round_and_moves_nothing(
    make_client: Callable[..., PlatformClient],
) -> None:
    member = await funded_member("20.00")
    client = await _logged_in(make_client(), member)
    game = await _pg_slot()
    platform = platform_api()
    down = False
    transport = LossyTransport(httpx.ASGITransport(app=platform), down=lambda _: down)
    async with _sim(platform, transport) as sim:
        session, _ = await _open(sim, client, game)
        down = True
        answer = await sim.post("/api/slot/spin", json={"session": session, "bet": "5.00"})
        assert answer.status_code == 503
    assert await _rounds(member.id or 0) == (0, 0)
    await _audit_clean()


async def _baccarat_table() -> Game:
    async with session_scope() as session:
        tables = (await session.exec(select(Game).where(Game.vassalage == "EVO"))).all()
    return next(
        t
        for t in tables
        if not t.maintenance and sim_catalogue.games()[("EVO", t.game_code)].kind == "baccarat"
    )


async def test_baccarat_table_settles_through_the_wallet(
    make_client: Callable[..., PlatformClient],
) -> None:
    member = await funded_member("30.00")
    client = await _logged_in(make_client(), member)
    table = await _baccarat_table()
    async with _sim(platform_api()) as sim:
        session, balance = await _open(sim, client, table)
        coup = (
            await sim.post(
                "/api/baccarat/bet", json={"session": session, "bet": "10.00", "on": "BANKER"}
            )
        ).json()
    assert 4 <= len(coup["timeline"]) <= 6
    assert Decimal(coup["balance"]) == balance - Decimal("10.00") + Decimal(coup["win"])
    await _audit_clean()


async def _live_game(kind: str, classify: str = "") -> Game:
    """An open live game the simulator plays with `kind` (of `classify`, when named)."""
    async with session_scope() as session:
        games = (
            await session.exec(
                select(Game).where(Game.game_type == "LIVE", col(Game.maintenance).is_(False))
            )
        ).all()
    simulated = sim_catalogue.games()
    return next(
        game
        for game in games
        if (found := simulated.get((game.vassalage, game.game_code))) is not None
        and found.kind == kind
        and (not classify or found.classify == classify)
    )


@pytest.mark.parametrize("classify", sorted(live_tables.TABLES))
async def test_each_one_bet_live_table_settles_through_the_wallet(
    make_client: Callable[..., PlatformClient], classify: str
) -> None:
    member = await funded_member("30.00")
    client = await _logged_in(make_client(), member)
    table = await _live_game(sim_catalogue.TABLE, classify)
    bet_on = live_tables.TABLES[classify].bets[0]
    async with _sim(platform_api()) as sim:
        session, balance = await _open(sim, client, table)
        refused = await sim.post(
            "/api/table/bet", json={"session": session, "bet": "5.00", "on": "NOTHING"}
        )
        assert refused.status_code == 422
        played = (
            await sim.post("/api/table/bet", json={"session": session, "bet": "5.00", "on": bet_on})
        ).json()
    assert played["dealt"] and played["outcome"] and played["detail"]
    back = live_tables.TABLES[classify].returns(bet_on, played["outcome"])
    expected_win = Decimal("5.00") * back.numerator / back.denominator
    assert Decimal(played["win"]) == expected_win.quantize(Decimal("0.01"))
    assert Decimal(played["balance"]) == balance - Decimal("5.00") + Decimal(played["win"])
    assert (await _rounds(member.id or 0))[0] == 1  # the bet and its win: one round
    await _audit_clean()


async def test_blackjack_hands_hit_stand_and_double_through_the_wallet(
    make_client: Callable[..., PlatformClient],
) -> None:
    member = await funded_member("200.00")
    client = await _logged_in(make_client(), member)
    table = await _live_game(sim_catalogue.BLACKJACK)
    staked: list[Decimal] = []
    async with _sim(platform_api()) as sim:
        session, balance = await _open(sim, client, table)
        early = await sim.post(
            "/api/blackjack/act", json={"session": session, "bet": "0", "on": "HIT"}
        )
        assert early.status_code == 409  # no hand dealt yet
        expected = balance
        doubled = False
        for _ in range(40):
            hand = (
                await sim.post("/api/blackjack/deal", json={"session": session, "bet": "2.00"})
            ).json()
            stake = Decimal("2.00")
            if not hand["hand"]["done"]:
                again = await sim.post(
                    "/api/blackjack/deal", json={"session": session, "bet": "2.00"}
                )
                assert again.status_code == 409  # one hand at a time
            while not hand["hand"]["done"]:
                action = "DOUBLE" if hand["hand"]["mayDouble"] and not doubled else "HIT"
                if hand["hand"]["playerTotal"] >= 17:
                    action = "STAND"
                hand = (
                    await sim.post(
                        "/api/blackjack/act", json={"session": session, "bet": "0", "on": action}
                    )
                ).json()
                if action == "DOUBLE":
                    doubled, stake = True, stake * 2
                    assert len(hand["hand"]["player"]) == 3 and hand["hand"]["done"]
            assert len(hand["hand"]["dealer"]) >= 2  # the hole card shown at the end
            expected += Decimal(hand["win"]) - stake
            assert Decimal(hand["balance"]) == expected
            staked.append(stake)
    assert doubled
    async with session_scope() as session_db:
        rounds = (
            await session_db.exec(select(GameRound).where(GameRound.member_id == member.id))
        ).all()
    assert sorted(r.bet_total for r in rounds) == sorted(staked)  # a double: two bets, one round
    assert all(r.status == "SETTLED" for r in rounds)
    await _audit_clean()


async def test_adapter_imports_the_game_list_and_asks_a_transaction_fate() -> None:
    config = await registry.provider_config("PG")
    assert config is not None
    app = simulator_app(platform_api())
    adapter = registry.HttpProviderAdapter(
        registry.replace_api_url(config, "http://sim"), httpx.ASGITransport(app=app)
    )
    games = await adapter.import_games()
    assert len(games) == 320 and {g.game_type for g in games} == {"RNG"}
    assert await adapter.transaction_state("never-sent") == TransactionState.UNKNOWN
    wrong = registry.HttpProviderAdapter(
        registry.replace_api_url(config, "http://sim", secret="not-the-secret"),
        httpx.ASGITransport(app=app),
    )
    with pytest.raises(Exception) as refused:
        await wrong.import_games()
    assert getattr(refused.value, "code", "") == "provider-unreachable"


async def test_sportsbook_bets_from_the_vendor_wallet_and_reports_the_settled_round(
    make_client: Callable[..., PlatformClient],
) -> None:
    member = await funded_member("40.00")
    client = await _logged_in(make_client(), member)
    await client.post(
        "/wps/relay/GCS_walletTransfer",
        {"vendor": "U9W", "direction": "IN", "amount": "25.00", "requestId": "sb-fill-0001"},
    )
    async with session_scope() as session:
        book = (await session.exec(select(Game).where(Game.vassalage == "U9W"))).one()
    sim_app = simulator_app(platform_api())
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=sim_app), base_url="http://sim"
    ) as sim:
        session, balance = await _open(sim, client, book)
        assert balance == Decimal("25.00")  # the member's wallet at U9W, not the main one
        listed = (await sim.get("/api/sports/events", params={"session": session})).json()
        event = listed["events"][0]
        odds = event["markets"]["1X2"]["HOME"]
        placed = await sim.post(
            "/api/sports/bet",
            json={
                "session": session,
                "eventId": event["eventId"],
                "market": "1X2",
                "outcome": "HOME",
                "stake": "10.00",
            },
        )
        assert placed.status_code == 200 and placed.json()["bet"]["odds"] == odds
        too_much = await sim.post(
            "/api/sports/bet",
            json={
                "session": session,
                "eventId": event["eventId"],
                "market": "1X2",
                "outcome": "AWAY",
                "stake": "20.00",  # 25 in the wallet, 10 already on an open bet
            },
        )
        assert too_much.status_code == 402
        book_state = sim_app.state.sportsbook
        bet = next(iter(book_state.bets.values()))
        _, kind, slot = events.parse_event(bet.event_id)
        over = events.event_at("U9W", kind, slot).ends_at + timedelta(seconds=1)
        assert await book_state.settle_due(over) == 1
        assert await book_state.settle_due(over) == 0  # reported once
    won = bet.status == "WON"
    assert bet.win == (Decimal("10.00") * Decimal(odds)).quantize(Decimal("0.01")) * won
    assert await _rounds(member.id or 0) == (1, 1)
    await _audit_clean()


async def test_seamless_money_calls_are_refused_for_a_transfer_vendor() -> None:
    member = await funded_member("10.00")
    async with session_scope() as session:
        book = (await session.exec(select(Game).where(Game.vassalage == "U9W"))).one()
    token = await wallet.open_session(
        member=member, vendor="U9W", game_code=book.game_code, currency="BRL"
    )
    player = await wallet.authenticate("U9W", token)
    assert player.balance == Decimal("0.00")  # nothing transferred to U9W yet
    with pytest.raises(AppError) as refused:
        await wallet.debit(
            "U9W",
            player.session_token,
            wallet.WalletCall("t-1", "r-1", book.game_code, Decimal("1.00")),
        )
    assert refused.value.code == "seamless-transfer-vendor"
    await _audit_clean()


async def test_a_lost_debit_the_provider_gave_up_is_reconciled_by_the_job(
    make_client: Callable[..., PlatformClient],
) -> None:
    """A live table's bet (a debit, the win credited after the coup): the debit's answer is
    lost and the simulator's rollback never reaches the platform, so the stake stays taken
    until the reconciliation job asks the provider and rolls it back."""
    member = await funded_member("20.00")
    client = await _logged_in(make_client(), member)
    game = await _baccarat_table()
    platform = platform_api()
    transport = LossyTransport(
        httpx.ASGITransport(app=platform),
        lose=lambda request: request.url.path.endswith("/debit"),
        down=lambda request: request.url.path.endswith("/rollback"),
    )
    sim_app = simulator_app(platform, transport)
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=sim_app), base_url="http://sim"
    ) as sim:
        session, _ = await _open(sim, client, game)
        answer = await sim.post(
            "/api/baccarat/bet", json={"session": session, "bet": "4.00", "on": "PLAYER"}
        )
        assert answer.status_code == 503
    async with session_scope() as session_:
        taken = await ledger.member_wallet(
            session_, merchant_id=member.merchant_id, member_id=member.id or 0, currency="BRL"
        )
    assert taken.cash == Decimal("16.00")
    to_simulator = httpx.ASGITransport(app=sim_app)
    soon = utcnow() + timedelta(minutes=2)
    assert (await reconcile.reconcile_lost_debits(soon, transport=to_simulator)).checked == 0
    later = utcnow() + timedelta(minutes=11)
    first = await reconcile.reconcile_lost_debits(later, transport=to_simulator)
    assert (first.checked, first.rolled_back) == (1, 1)
    again = await reconcile.reconcile_lost_debits(later, transport=to_simulator)
    assert (again.checked, again.rolled_back) == (0, 0)  # the round is closed now
    async with session_scope() as session_:
        back = await ledger.member_wallet(
            session_, merchant_id=member.merchant_id, member_id=member.id or 0, currency="BRL"
        )
    assert back.cash == Decimal("20.00")
    await _audit_clean()


async def test_reconciliation_leaves_a_debit_the_provider_counts_done() -> None:
    """A provider that answers COMPLETED keeps its round: its settlement is still to come."""
    member = await funded_member("9.00")
    game = await _pg_slot()
    token = await wallet.open_session(
        member=member, vendor="PG", game_code=game.game_code, currency="BRL"
    )
    player = await wallet.authenticate("PG", token)
    await wallet.debit(
        "PG", player.session_token, wallet.WalletCall("done-1", "rd-1", game.game_code, Decimal(3))
    )
    sim_app = simulator_app(platform_api())
    sim_app.state.wallet.transactions[("PG", "done-1")] = "COMPLETED"
    result = await reconcile.reconcile_lost_debits(
        utcnow() + timedelta(minutes=11), transport=httpx.ASGITransport(app=sim_app)
    )
    assert (result.rolled_back, result.left_open) == (0, 1)
    # Close it for the other tests: the vendor settles the round with a loss.
    await wallet.credit(
        "PG",
        player.session_token,
        wallet.WalletCall("done-1-w", "rd-1", game.game_code, Decimal(0)),
    )
    await _audit_clean()


async def test_gcs_game_launch_fb_opens_an_outside_game_by_node(
    make_client: Callable[..., PlatformClient],
) -> None:
    member = await funded_member("3.00")
    client = await _logged_in(make_client(), member)
    game = await _pg_slot()
    value = await client.post("/wps/relay/GCS_gameLaunchFB", {"nodeId": game.id, "accountType": 1})
    assert f"/play/PG/{game.game_code}?" in value["content"]["game_url"]
    # The recent games follow the launch.
    recent = await client.get("/wps/relay/GCS_recentGame")
    assert game.id in [g["nodeId"] for g in recent]


async def test_direct_entries_start_the_vendors_first_game() -> None:
    from app.services.seamless import launch

    assert (await launch.first_game("u9w")).vassalage == "U9W"
    cockfight = await launch.first_game("DS88")
    assert cockfight.game_type == "COCKFIGHT"
    with pytest.raises(AppError):
        await launch.first_game("NOPE")


async def test_two_members_play_a_pvp_room_and_the_table_keeps_its_rake(
    make_client: Callable[..., PlatformClient],
) -> None:
    first, second = await funded_member("10.00"), await funded_member("10.00")
    async with session_scope() as session:
        games = (
            await session.exec(
                select(Game).where(Game.vassalage == "KY", col(Game.maintenance).is_(False))
            )
        ).all()
    game = games[0]
    sim_app = simulator_app(platform_api())
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=sim_app), base_url="http://sim"
    ) as sim:
        one, _ = await _open(sim, await _logged_in(make_client(), first), game)
        two, _ = await _open(sim, await _logged_in(make_client(), second), game)
        rooms = (await sim.get("/api/pvp/rooms", params={"session": one})).json()["rooms"]
        assert [r["level"] for r in rooms] == ["NOVICE", "STANDARD", "EXPERT", "VIP"]
        await sim.post("/api/pvp/sit", json={"session": one, "level": "STANDARD"})
        alone = await sim.post("/api/pvp/deal", json={"session": one})
        assert alone.status_code == 409  # one player: no hand, the ante went back
        await sim.post("/api/pvp/sit", json={"session": two, "level": "STANDARD"})
        dealt = (await sim.post("/api/pvp/deal", json={"session": two})).json()
    assert dealt["hands"] == 1 and len(dealt["last"]["players"]) == 2
    assert Decimal(dealt["last"]["rake"]) == Decimal("0.10")  # 5% of a pot of 2.00
    total = Decimal(0)
    for member in (first, second):
        async with session_scope() as session:
            wallet_now = await ledger.member_wallet(
                session, merchant_id=member.merchant_id, member_id=member.id or 0, currency="BRL"
            )
        total += wallet_now.cash
    assert total == Decimal("19.90")  # the two players' money less the rake
    await _audit_clean()


async def test_a_provider_that_is_down_gets_a_clear_message_at_launch(
    make_client: Callable[..., PlatformClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    from app.core.config import get_settings

    monkeypatch.setattr(get_settings(), "provider_health_seconds", 10.0)
    config = await registry.provider_config("PG")
    assert config is not None
    registry.forget_health()
    try:
        # Nothing listens there: the check fails fast, and is trusted for a while.
        down = registry.replace_api_url(config, "http://127.0.0.1:9")
        assert await registry.provider_up(down) is False
        up = registry.replace_api_url(config, "http://sim")
        sim = httpx.ASGITransport(app=simulator_app(platform_api()))
        assert await registry.provider_up(up, sim) is True
        # The launch asks PG's provider (the simulator's address is not served in the tests).
        registry._health[config.api_url] = (False, time.monotonic())
        member = await funded_member("5.00")
        client = await _logged_in(make_client(language="PT"), member)
        with pytest.raises(ApiError) as refused:
            await _launch(client, await _pg_slot(), 1)
        assert (refused.value.status, refused.value.code) == (503, "provider-unreachable")
        assert refused.value.body["message"].startswith("O provedor do jogo não está respondendo")
    finally:
        registry.forget_health()


async def test_live_models_and_a_table_chat_room(
    make_client: Callable[..., PlatformClient],
) -> None:
    """CBS_modelList lists the live vendor's hosts; CBS_launchChat opens a table's chat room
    where a member's messages are kept, cleaned and rate limited; a forged token is refused."""
    guest = make_client()
    sim_app = simulator_app(platform_api())
    try:
        # Without a provider answering, no hosts are listed (and nothing fails).
        registry.use_transport(LossyTransport(httpx.ASGITransport(app=sim_app), down=bool))
        assert await guest.get("/wps/relay/CBS_modelList", params={"vassalage": "EVO"}) == []
        registry.use_transport(httpx.ASGITransport(app=sim_app))
        hosts = await guest.get("/wps/relay/CBS_modelList", params={"vassalage": "EVO"})
        assert len(hosts) >= 5 and all(h["tables"] for h in hosts)
        member = await funded_member("1.00", nickname="Jogador<b>")
        client = await _logged_in(make_client(language="PT"), member)
        table = await _baccarat_table()
        with pytest.raises(ApiError) as refused:
            await guest.get(
                "/wps/relay/CBS_launchChat",
                params={"vassalage": "EVO", "gameCode": table.game_code},
            )
        assert refused.value.status == 401
        room = await client.get(
            "/wps/relay/CBS_launchChat", params={"vassalage": "EVO", "gameCode": table.game_code}
        )
    finally:
        registry.use_transport(None)
    url = urlsplit(room["chatUrl"])
    assert url.path == f"/chat/EVO/{table.game_code}"
    token = parse_qs(url.query)["t"][0]
    api = f"/api/chat/EVO/{table.game_code}"
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=sim_app), base_url="http://sim"
    ) as sim:
        page = await sim.get(url.path + "?" + url.query)
        assert page.status_code == 200 and "Chat da mesa" in page.text
        sent = await sim.post(
            api, json={"t": token, "text": "  olá\x00 <script>x</script>\n mesa "}
        )
        assert sent.json()["text"] == "olá <script>x</script> mesa"  # shown as text by the page
        assert sent.json()["author"] == "Jogador<b>"
        assert (await sim.post(api, json={"t": token, "text": "again"})).status_code == 429
        listed = (await sim.get(api, params={"t": token})).json()["messages"]
        assert [m["host"] for m in listed] == [True, False]
        forged = token[:-2] + ("00" if not token.endswith("00") else "11")
        assert (await sim.get(api, params={"t": forged})).status_code == 401
        other = await sim.get(f"/api/chat/EVO/{table.game_code}x", params={"t": token})
        assert other.status_code == 401  # the token names one table
