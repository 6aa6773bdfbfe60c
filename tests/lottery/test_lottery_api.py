"""The lottery calls over HTTP: the spec's menus, opened numbers and lobby data, launchGame
for lottery games, and playing (issues, bets, chase, cancel, my bets, results, trend,
verify). Every bad bet is refused with a translated error and moves no money."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

import pytest

from app.client import ApiError, PlatformClient
from app.core import clock
from app.core.db import session_scope
from app.services import ledger
from app.services.accounts import sessions
from app.services.lottery import bets, issues, settlement
from models import LotteryIssue, Member
from tests.helpers.accounts import make_member
from tests.helpers.lottery import bets_of, new_day, open_issue, player
from tests.helpers.money import cash, entry_count

BETS = "/lgw/lotto/bets"


def move_clock_to(moment: datetime) -> None:
    """The platform's clock (which the API reads) at `moment`; the fixture puts it back."""
    clock.advance((moment - clock.now()).total_seconds())


async def logged_in(make_client: Callable[..., PlatformClient], member: Member) -> PlatformClient:
    client = make_client()
    client.token = await sessions.open_session(member, "203.0.113.10", "pytest", "WEB")
    return client


async def opened(game_code: str = "ssc-1m") -> LotteryIssue:
    issue, now = await open_issue(game_code)
    move_clock_to(now)
    return issue


def bet_body(issue: LotteryIssue, **changes: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "gameCode": issue.game_code,
        "issueNo": issue.issue_no,
        "playCode": "ssc.position",
        "prizeMode": "LOTT",
        "selection": {"options": ["1:0", "1:1"]},
        "unit": "1.00",
        "multiplier": 1,
    }
    return {**body, **changes}


async def assert_books_clean() -> None:
    async with session_scope() as session:
        assert (await ledger.audit(session)).differences == ()


async def test_lobby_data_menus_and_public_reads(
    make_client: Callable[..., PlatformClient],
) -> None:
    issue = await opened()
    client = make_client()
    lobby = await client.get(
        "/lgw/lotto/lobby",
        {"lottoArea": "LOTT", "launchMode": "LOTT", "lottoView": "lobby", "device": "WEB",
         "backUrl": "https://evil.example/", "language": "pt"},
    )  # fmt: skip
    assert lobby["lottoPrizeMode"] == "LOTT" and lobby["betting"] is None
    assert lobby["backUrl"] is None  # only a path of this site is echoed
    ssc = next(g for g in lobby["lobby"]["games"] if g["gameCode"] == "ssc-1m")
    assert ssc["nextIssue"]["issueNo"] == issue.issue_no and ssc["nextIssue"]["seedHash"]
    assert ssc["nextIssue"]["serverSeed"] is None

    betting = await client.get(
        "/lgw/lotto/lobby",
        {"lottoArea": "LOTT", "lottoView": "betting", "lottoGameCode": "ssc-1m",
         "lottoPrizeMode": "ELOTT", "backUrl": "/lott"},
    )  # fmt: skip
    board = betting["betting"]
    assert betting["backUrl"] == "/lott" and betting["lottoPrizeMode"] == "ELOTT"
    assert board["current"]["issueNo"] == issue.issue_no and board["secondsToClose"] > 0
    assert {p["prizeMode"] for p in board["plays"]} == {"ELOTT"}
    assert all(Decimal(p["rtp"]) >= Decimal("0.85") for p in board["plays"])

    # Brazil's RTP floor (85 %) leaves the Vietnamese plays (75 % and less) out.
    menu = await client.get("/lgw/vn/games/game_menu", {"prizeMode": "ELOTT", "device": "WEB"})
    assert menu == {"prizeMode": "ELOTT", "gameMenus": []}
    assert await client.get("/lgw/vn/numeros/opened/game") == []

    ahead = await client.get("/lgw/lotto/games/ssc-1m/issues", {"count": 3})
    assert ahead["current"]["issueNo"] == issue.issue_no and len(ahead["upcoming"]) == 3

    with pytest.raises(ApiError) as caught:
        await client.get("/lgw/lotto/lobby", {"lottoArea": "MARS"})
    assert caught.value.status == 422 and caught.value.code == "lottery-area-unknown"
    with pytest.raises(ApiError) as caught:
        await client.get("/lgw/lotto/games/nope-9m/issues")
    assert caught.value.status == 404 and caught.value.code == "lottery-game-unknown"
    with pytest.raises(ApiError) as caught:
        await client.get("/lotto/lgw/games/opened/numero")
    assert caught.value.status == 401


async def test_a_member_bets_sees_the_draw_and_verifies_it(
    make_client: Callable[..., PlatformClient],
) -> None:
    issue = await opened()
    member = await player("100.00")
    client = await logged_in(make_client, member)
    placed = await client.post(BETS, bet_body(issue))
    assert placed["betCount"] == 2 and Decimal(placed["stake"]) == Decimal("2.00")
    assert await cash(member) == Decimal("98.00")
    mine = await client.get(BETS, {"kind": "open"})
    assert [b["betUid"] for b in mine["items"]] == [placed["betUid"]]

    await issues.advance(issue.draw_at)
    drawn = await issues.find(issue.game_code, issue.issue_no)
    await settlement.settle_issue(drawn.id or 0, drawn.draw_at)
    move_clock_to(drawn.draw_at + timedelta(seconds=5))
    assert drawn.result is not None
    settled = (await client.get(BETS, {"kind": "settled"}))["items"]
    assert [b["betUid"] for b in settled] == [placed["betUid"]]
    won = drawn.result[0] in (0, 1)
    assert (Decimal(settled[0]["payout"]) == Decimal("9.00")) == won
    assert settled[0]["numbers"] == drawn.result

    results = await client.get("/lgw/lotto/games/ssc-1m/results", {"pageSize": 5})
    assert results["items"][0]["issueNo"] == issue.issue_no
    assert results["items"][0]["numbers"] == drawn.result
    trend = await client.get("/lgw/lotto/games/ssc-1m/trend", {"draws": 5})
    assert trend["draws"] >= 1 and len(trend["positions"]) == 5
    checked = await client.get(f"/lgw/lotto/games/ssc-1m/issues/{issue.issue_no}/verify")
    assert checked["matches"] is True and checked["recomputed"] == drawn.result
    assert checked["serverSeed"] and checked["seedHash"]

    opened_numbers = await client.get(
        "/lotto/lgw/games/opened/numero", {"lottoArea": "LOTT", "gameCode": "ssc-1m"}
    )
    assert opened_numbers[0]["issues"][0]["numbers"] == drawn.result
    await assert_books_clean()


async def test_cancel_and_chase(make_client: Callable[..., PlatformClient]) -> None:
    issue = await opened()
    member = await player("100.00")
    client = await logged_in(make_client, member)
    placed = await client.post(BETS, bet_body(issue))
    cancelled = await client.delete(f"{BETS}/{placed['betUid']}")
    assert cancelled["status"] == "CANCELLED" and await cash(member) == Decimal("100.00")
    with pytest.raises(ApiError) as caught:
        await client.delete(f"{BETS}/{placed['betUid']}")
    assert caught.value.code == "lottery-bet-not-cancellable"

    chase = await client.post(
        "/lgw/lotto/chases",
        {key: value for key, value in bet_body(issue).items() if key != "issueNo"}
        | {"issues": 3, "stopOnWin": True},
    )
    assert len(chase["bets"]) == 3 and chase["bets"][0]["issueNo"] == issue.issue_no
    assert await cash(member) == Decimal("94.00")

    # Another member cannot see or cancel these bets.
    stranger = await logged_in(make_client, await player("10.00"))
    with pytest.raises(ApiError) as caught:
        await stranger.delete(f"{BETS}/{chase['bets'][0]['betUid']}")
    assert caught.value.status == 404
    assert (await stranger.get(BETS))["total"] == 0
    await assert_books_clean()


async def test_every_bad_bet_is_refused_with_a_translated_error_and_moves_nothing(
    make_client: Callable[..., PlatformClient],
) -> None:
    issue = await opened()
    member = await player("50.00")
    client = await logged_in(make_client, member)
    refusals: dict[str, dict[str, Any]] = {
        "lottery-under-min": bet_body(issue, unit="0.01"),
        "lottery-over-max": bet_body(issue, unit="15000.00"),
        "lottery-over-exposure": bet_body(
            issue,
            playCode="ssc.star5.direct",
            selection={"positions": [[1], [2], [3], [4], [5]]},
            multiplier=3,
        ),
        "lottery-selection-invalid": bet_body(issue, selection={"options": ["9:5"]}),
        "lottery-stake-invalid": bet_body(issue, unit="-1"),
        "lottery-play-unknown": bet_body(issue, playCode="k3.sum"),
        "lottery-play-not-offered": bet_body(issue, prizeMode="SEA"),
        "lottery-issue-unknown": bet_body(issue, issueNo="19990101-0001"),
        "lottery-game-unknown": bet_body(issue, gameCode="nope-1m"),
        "lottery-insufficient-funds": bet_body(issue, unit="30.00"),
    }
    for language in ("en", "pt"):
        client.language = language
        for code, body in refusals.items():
            before = (await cash(member), await entry_count(), len(await bets_of(member)))
            with pytest.raises(ApiError) as caught:
                await client.post(BETS, body)
            assert caught.value.code == code, (code, caught.value.body)
            message = caught.value.body["message"]
            assert message and message != code and "{" not in message, (language, message)
            after = (await cash(member), await entry_count(), len(await bets_of(member)))
            assert after == before
    # Units that are no amount as typed (issue 32): the one amount parser refuses them all.
    placed = len(await bets_of(member))
    for unit in ("1e3", "1E+1", "١٠٠", "NaN", "Infinity", "+2", "0x10"):
        with pytest.raises(ApiError) as caught:
            await client.post(BETS, bet_body(issue, unit=unit))
        assert caught.value.code == "lottery-stake-invalid", (unit, caught.value.body)
    with pytest.raises(ApiError) as caught:
        await client.post(BETS, bet_body(issue, unit=1.5))  # a JSON decimal: never parsed
    assert caught.value.code == "validation-failed"
    assert len(await bets_of(member)) == placed

    # After close: refused, nothing moved.
    move_clock_to(issue.close_at + timedelta(seconds=1))
    before = (await cash(member), await entry_count())
    with pytest.raises(ApiError) as caught:
        await client.post(BETS, bet_body(issue))
    assert caught.value.code == "lottery-issue-closed" and caught.value.status == 409
    assert (await cash(member), await entry_count()) == before
    await assert_books_clean()


async def test_guests_and_trial_members_are_refused(
    make_client: Callable[..., PlatformClient],
) -> None:
    issue = await opened()
    guest = make_client()
    with pytest.raises(ApiError) as caught:
        await guest.post(BETS, bet_body(issue))
    assert caught.value.status == 401
    trial = await make_member(account_type=4)
    trial_client = await logged_in(make_client, trial)
    before = await entry_count()
    for path, body in (
        (BETS, bet_body(issue)),
        ("/lgw/lotto/chases", bet_body(issue) | {"issues": 2}),
    ):
        with pytest.raises(ApiError) as caught:
            await trial_client.post(path, body)
        assert caught.value.status == 403 and caught.value.code == "in_need_true_account"
    assert await entry_count() == before
    assert len(await bets_of(trial)) == 0


async def test_launch_game_opens_the_lottery_page(
    make_client: Callable[..., PlatformClient],
) -> None:
    member = await player("10.00")
    client = await logged_in(make_client, member)

    async def launch(game_code: str, vassalage: str) -> str:
        value = await client.post(
            "/wps/game/launchGame", {"gameCode": game_code, "vassalage": vassalage}
        )
        return str(value["content"]["game_url"])

    assert await launch("ssc-1m", "LOTT") == "/lottery?gameCode=ssc-1m"
    assert await launch("vn-mn", "TCG_LOTTO_VN") == "/vnLottery?gameCode=vn-mn"
    assert await launch("4d-mkt", "TCG_SEA") == "/seaLottery?gameCode=4d-mkt"
    assert await launch("not-drawn-here", "LOTT") == "/lottery"  # the vendor's lobby
    with pytest.raises(ApiError) as caught:
        await make_client().post(
            "/wps/game/launchGame", {"gameCode": "ssc-1m", "vassalage": "LOTT"}
        )
    assert caught.value.status == 401
    trial = await logged_in(make_client, await make_member(account_type=4))
    with pytest.raises(ApiError) as caught:
        await trial.post("/wps/game/launchGame", {"gameCode": "ssc-1m", "vassalage": "LOTT"})
    assert caught.value.code == "in_need_true_account"


async def test_vietnamese_codes_that_cannot_be_placed_move_nothing(
    make_client: Callable[..., PlatformClient],
) -> None:
    await opened()
    member = await player("100.00")
    client = await logged_in(make_client, member)
    for language in ("en", "pt"):
        client.language = language
        for code, refused in (
            ("2dmn 12 34 dd10 zz9", "lottery-vn-unknown"),
            ("12dd10", "lottery-vn-station-missing"),
            ("mn 123 dd10", "lottery-vn-digits"),
            ("mn 12 dd0", "lottery-vn-amount"),
            # Well formed, but Brazil's 85 % floor does not offer Vietnamese plays (75 %).
            ("mn 12 dd10", "lottery-play-not-offered"),
        ):
            before = (await cash(member), await entry_count(), len(await bets_of(member)))
            with pytest.raises(ApiError) as caught:
                await client.post(f"{BETS}/code", {"code": code})
            assert caught.value.code == refused, caught.value.body
            message = caught.value.body["message"]
            assert message and message != refused and "{" not in message
            assert (await cash(member), await entry_count(), len(await bets_of(member))) == before


async def test_da_on_two_stations_names_its_partner_issue(
    make_client: Callable[..., PlatformClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Brazil's 85 % floor offers no Vietnamese play; a market without one takes them.
    monkeypatch.setitem(bets.MIN_RTP_BY_CURRENCY, "BRL", Decimal(0))
    day = new_day()
    await issues.create_issues(day, timedelta(days=1), ["vn-mn"])
    first, second = (await issues.upcoming("vn-mn", day, 2))[:2]
    move_clock_to(first.draw_at - timedelta(hours=1))
    member = await player("100.00")
    client = await logged_in(make_client, member)
    body = {
        "gameCode": "vn-mn",
        "issueNo": second.issue_no,  # named in either order: the pair is kept in day order
        "playCode": "vns.da2",
        "prizeMode": "ELOTT",
        "selection": {"numbers": ["12", "34"]},
        "unit": "1.00",
        "partnerIssueNo": first.issue_no,
    }
    placed = await client.post(BETS, body)
    assert (placed["issueNo"], placed["partnerIssueNo"]) == (first.issue_no, second.issue_no)
    assert placed["betCount"] == 72 and Decimal(placed["stake"]) == Decimal("72.00")
    [mine] = (await client.get(BETS, {"kind": "open"}))["items"]
    assert (mine["issueNo"], mine["partnerIssueNo"]) == (first.issue_no, second.issue_no)
    for language in ("en", "pt"):
        client.language = language
        for changes, refused in (
            ({"partnerIssueNo": ""}, "lottery-partner-required"),
            (
                {"partnerIssueNo": first.issue_no, "issueNo": first.issue_no},
                "lottery-partner-invalid",
            ),
            ({"playCode": "vns.da"}, "lottery-partner-invalid"),
        ):
            before = (await cash(member), await entry_count())
            with pytest.raises(ApiError) as caught:
                await client.post(BETS, {**body, **changes})
            assert caught.value.code == refused, caught.value.body
            message = caught.value.body["message"]
            assert message and message != refused and "{" not in message
            assert (await cash(member), await entry_count()) == before
    await assert_books_clean()
