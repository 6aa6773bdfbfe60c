"""Player protection through the API (issue 19): limits, the reality check every 60 minutes
of play, the 30-minute idle end of sessions on a Brazilian brand, a break, my activity."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime, timedelta
from decimal import Decimal
from uuid import uuid4

import pytest
from sqlmodel import col, select, update

from app.client import ApiError, PlatformClient
from app.core import clock
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.security import token_digest
from app.services import jurisdiction
from app.services.accounts import sessions
from app.services.protection import reality
from app.services.seamless import wallet
from models import MemberSession
from models.base import utcnow
from models.games import WalletStatus
from models.protection import MemberProtection
from tests.helpers.accounts import register
from tests.helpers.money import fund
from tests.helpers.seamless import call, funded_member, player_session, studio_game

MakeClient = Callable[..., PlatformClient]


async def _bet(ps: wallet.PlayerSession, amount: str = "1.00") -> wallet.WalletAnswer:
    round_id = uuid4().hex
    answer = await wallet.debit(
        wallet.STUDIO_VENDOR, ps.session_token, call(round_id, amount, ps.game_code)
    )
    if answer.status is WalletStatus.OK:
        await wallet.credit(
            wallet.STUDIO_VENDOR, ps.session_token, call(round_id, "0.50", ps.game_code)
        )
    return answer


async def test_a_member_sets_and_reads_limits_through_the_api(api: PlatformClient) -> None:
    await register(api)
    first = await api.post(
        "/wps/protection/limits", {"kind": "LOSS", "period": "WEEK", "value": "100"}
    )
    assert first["outcome"] == "APPLIED"
    raised = await api.post(
        "/wps/protection/limits", {"kind": "LOSS", "period": "WEEK", "value": "200"}
    )
    assert raised["outcome"] == "PENDING" and raised["limit"]["value"] == "100.00"
    with pytest.raises(ApiError) as early:
        await api.post("/wps/protection/limits/confirm", {"kind": "LOSS", "period": "WEEK"})
    assert early.value.status == 409 and early.value.code == "protection-limit-wait"
    (listed,) = await api.get("/wps/protection/limits")
    assert listed["pending"] is True and listed["pendingValue"] == "200.00"
    assert await api.post("/wps/protection/limits/cancel", {"kind": "LOSS", "period": "WEEK"})
    with pytest.raises(ApiError) as bad:
        await api.post("/wps/protection/limits", {"kind": "LOSS", "period": "DAY", "value": "-1"})
    assert bad.value.status == 422 and bad.value.code == "protection-limit-invalid"
    # Other scripts' digits and exponents are no limit (issue 32), money or count.
    for kind, value in (("LOSS", "١٠٠"), ("LOSS", "1e3"), ("BETS", "١٠"), ("BETS", "1E+1")):
        with pytest.raises(ApiError) as bad:
            await api.post(
                "/wps/protection/limits", {"kind": kind, "period": "DAY", "value": value}
            )
        assert bad.value.status == 422 and bad.value.code == "protection-limit-invalid"


async def test_protection_calls_need_a_login(make_client: MakeClient) -> None:
    with pytest.raises(ApiError) as refused:
        await make_client().get("/wps/protection/limits")
    assert refused.value.status == 401


async def test_a_reality_check_comes_after_60_minutes_of_play_and_holds_the_bets(
    api: PlatformClient,
) -> None:
    await register(api)
    member = (await sessions.authenticate(api.token)).member
    assert member.id is not None
    await fund(member.id, "100.00")
    ps = await player_session(member, await studio_game())
    assert (await _bet(ps)).status is WalletStatus.OK  # play starts
    assert await api.get("/wps/protection/reality-check") == {
        "due": False,
        "everyMinutes": 60,
        "playedMinutes": 0,
        "net": "-0.50",
    }
    for _ in range(3):  # a bet every 15 minutes: continuous play
        clock.advance(15 * 60)
        assert (await _bet(ps)).status is WalletStatus.OK
        await api.get("/wps/member/info")  # and the member's own calls: the login stays live
    # Not due yet: a page's timer need not look again for a while, nor past the 60 minutes
    async with session_scope() as session:
        play = await session.get(MemberProtection, member.id)
    assert play is not None and play.play_started_at is not None
    now = clock.now()
    assert await reality.due_check(member, now) == now + reality.QUIET_AT_MOST
    late = now + timedelta(minutes=12)
    assert await reality.due_check(member, late) == play.play_started_at + timedelta(minutes=60)
    clock.advance(15 * 60)  # 60 minutes since play started
    shown = await api.get("/wps/protection/reality-check")
    assert shown["due"] is True and shown["playedMinutes"] == 60 and shown["net"] == "-2.00"
    refused = await _bet(ps)
    assert refused.status is WalletStatus.REFUSED
    assert refused.reason == "protection-reality-check-due"
    assert await api.post("/wps/protection/reality-check", {"stop": False})
    assert (await _bet(ps)).status is WalletStatus.OK
    with pytest.raises(ApiError) as not_due:
        await api.post("/wps/protection/reality-check", {"stop": False})
    assert not_due.value.code == "protection-reality-check-not-due"


async def test_stopping_at_a_reality_check_ends_every_session() -> None:
    member = await funded_member("50.00")
    token = await sessions.open_session(member, "203.0.113.7", "test", "WEB")
    ps = await player_session(member, await studio_game())
    assert (await _bet(ps)).status is WalletStatus.OK
    for _ in range(2):
        clock.advance(25 * 60)
        assert (await _bet(ps)).status is WalletStatus.OK
    clock.advance(11 * 60)
    found = await reality.reality_check(member, clock.now())
    assert found is not None and found.due
    await reality.answer(member, clock.now(), stop=True)
    with pytest.raises(Exception):  # noqa: B017 (AppError not-logged-in)
        await sessions.authenticate(token)


async def test_no_bet_brings_a_check_inside_the_quiet_spell_it_was_read_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A page that read when a check could fall due at the earliest reads nothing before
    then, whatever the member bets meanwhile: a bet that starts play (or starts it again after
    a pause) brings its check the brand's minutes after it at the earliest, also when those
    minutes are fewer than the quiet spell's."""
    quick = replace(jurisdiction.PROFILES["BR"], reality_check_minutes=2)
    monkeypatch.setattr(reality, "profile_of", lambda _brand: quick)
    member = await funded_member("50.00")
    ps = await player_session(member, await studio_game())
    for _ in range(2):  # no play yet, then after a pause longer than the idle gap
        now = clock.now()
        quiet_until = await reality.due_check(member, now)
        assert quiet_until == now + timedelta(minutes=2)
        assert (await _bet(ps)).status is WalletStatus.OK  # play starts now
        assert await reality.due_check(member, now) == quiet_until
        clock.advance(2 * 60)
        found = await reality.due_check(member, clock.now())
        assert isinstance(found, reality.RealityCheck) and found.due
        clock.advance(quick.idle_minutes * 60 + 60)


async def _idle(token: str, minutes: int) -> None:
    async with write_transaction() as session:
        await session.exec(
            update(MemberSession)
            .where(col(MemberSession.token_digest) == token_digest(token))
            .values(last_seen_at=utcnow() - timedelta(minutes=minutes))
        )


async def test_a_session_ends_after_30_minutes_idle_on_a_brazilian_brand_only() -> None:
    brazilian = await funded_member("0")
    other = await funded_member("0", merchant_code="BR2")
    br_token = await sessions.open_session(brazilian, "203.0.113.8", "test", "WEB")
    other_token = await sessions.open_session(other, "203.0.113.8", "test", "WEB")
    await _idle(br_token, 29)
    assert (await sessions.authenticate(br_token)).member.id == brazilian.id
    await _idle(br_token, 31)
    await _idle(other_token, 31)
    with pytest.raises(Exception):  # noqa: B017 (AppError not-logged-in)
        await sessions.authenticate(br_token)
    assert (await sessions.authenticate(other_token)).member.id == other.id


async def test_a_pages_own_timer_does_not_keep_an_idle_session_alive() -> None:
    """The header's watch and reality check read the login with touch=False: a tab left open
    still goes idle after 30 minutes; the member's own calls restart the clock."""
    member = await funded_member("0")
    token = await sessions.open_session(member, "203.0.113.9", "test", "WEB")
    await _idle(token, 29)
    assert (await sessions.authenticate(token, touch=False)).member.id == member.id
    assert utcnow() - await _last_seen(token) > timedelta(minutes=28)  # not restarted
    await sessions.authenticate(token)  # the member's own call: the idle clock restarts
    assert utcnow() - await _last_seen(token) < timedelta(minutes=1)
    await _idle(token, 31)
    with pytest.raises(AppError) as ended:
        await sessions.authenticate(token, touch=False)
    assert ended.value.code == "not-logged-in"


async def _last_seen(token: str) -> datetime:
    async with session_scope() as session:
        login = (
            await session.exec(
                select(MemberSession).where(col(MemberSession.token_digest) == token_digest(token))
            )
        ).one()
    return login.last_seen_at


async def test_a_break_through_the_api_and_my_activity(api: PlatformClient) -> None:
    await register(api)
    activity = await api.get("/wps/protection/activity", {"period": "MONTH"})
    assert activity["deposits"] == "0.00" and activity["bets"] == 0
    done = await api.post("/wps/protection/break", {"kind": "COOLING_OFF", "days": 2})
    assert done["kind"] == "COOLING_OFF" and done["refundedBets"] == 0
    assert Decimal(done["refundedAmount"]) == 0
    with pytest.raises(ApiError) as ended:
        await api.get("/wps/protection/limits")
    assert ended.value.status == 401  # the break ended this session too
