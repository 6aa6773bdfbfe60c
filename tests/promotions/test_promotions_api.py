"""Promotions over the API: list and detail (6 a page), join, request reward, reward centre,
activity applications (multipart) and the operator's review, bonuses with their progress,
raffles (MCS2_claimRafflePromotion and the public draw)."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import timedelta
from decimal import Decimal
from typing import Any
from uuid import uuid4

import httpx
import pytest

from app.client import ApiError, PlatformClient
from app.services.accounts import sessions
from app.services.promotions import bonus, offers, raffles
from models.base import utcnow
from models.promotions import PromotionKind, RewardKind
from tests.cashier.test_withdrawals import _operator
from tests.helpers.accounts import make_member, register
from tests.helpers.images import HOSTILE_IMAGES
from tests.helpers.money import fund, wager
from tests.promotions.test_promotions import _brand, _spec, picture
from tests.promotions.test_raffles_segments_max_bet import _raffle

MakeClient = Callable[..., PlatformClient]
D = Decimal


async def _player(make_client: MakeClient, *, bet: bool = True) -> tuple[PlatformClient, int]:
    client = make_client()
    await register(client)
    member_id = (await client.get("/wps/member/info"))["id"]
    if bet:
        await fund(member_id, "100.00")
        await wager(member_id, "1.00")
    return client, member_id


async def _apply(
    client: PlatformClient, promotion_id: int, comment: str, images: list[bytes]
) -> httpx.Response:
    form = httpx.Request(
        "POST",
        "http://localhost/",
        data={"comment": comment},
        files=[("images", (f"i{n}.png", data, "image/png")) for n, data in enumerate(images)]
        or None,
    )
    return await client.raw(
        "POST",
        f"/wps/promotions/{promotion_id}/application",
        content=form.read(),
        headers={"Content-Type": form.headers["Content-Type"]},
    )


async def _error(call: Any) -> ApiError:
    with pytest.raises(ApiError) as caught:
        await call
    return caught.value


async def test_list_detail_join_and_reward_center(make_client: MakeClient) -> None:
    br1 = await _brand("BR1")
    reward = await offers.define(
        br1,
        _spec(
            PromotionKind.REWARD,
            min_turnover=D("20.00"),
            reward_kind=RewardKind.BONUS,
            reward_amount=D("10.00"),
            wagering_multiplier=3,
            weights={"SPORTS": 0},
            max_bet=D("50.00"),
            sort=-1000,
        ),
    )
    client, member_id = await _player(make_client)
    page = await client.get("/wps/promotions")
    assert page["pageSize"] == 6 and len(page["items"]) <= 6
    detail = await client.get(f"/wps/promotions/{reward}")
    assert detail["status"] == "join" and detail["terms"] == "Termos completos."
    client.language = "EN"
    assert (await client.get(f"/wps/promotions/{reward}"))["terms"] == "Full terms."
    visitor = await make_client().get(f"/wps/promotions/{reward}")
    assert visitor["status"] == "join"

    refused = await _error(
        client.post("/wps/relay/MCSFE_signUpRequestReward", {"promotionId": reward})
    )
    assert (refused.status, refused.code) == (409, "promo-not-eligible")
    await wager(member_id, "25.00")
    claimed = await client.post("/wps/relay/MCSFE_signUpRequestReward", {"promotionId": reward})
    assert claimed["status"] == "claimed"
    center = await client.get("/wps/member/rewardCenter")
    assert [item["id"] for item in center["items"]] == [reward]

    bonuses = await client.get("/wps/member/bonuses")
    assert (bonuses["locked"], bonuses["active"], bonuses["percent"]) == ("10.00", 1, 0)
    [grant] = bonuses["grants"]
    assert (grant["wageringRequired"], grant["weights"], grant["maxBet"]) == (
        "30.00",
        {"SPORTS": 0},
        "50.00",
    )
    await wager(member_id, "15.00")
    await bonus.catch_up_wagering(utcnow())
    assert (await client.get("/wps/member/bonuses"))["percent"] == 50
    not_met = await _error(client.post(f"/wps/member/bonuses/{grant['id']}/claim"))
    assert not_met.code == "bonus-not-met"
    await wager(member_id, "15.00")
    await bonus.catch_up_wagering(utcnow())
    after = await client.get("/wps/member/bonuses")
    assert (after["locked"], after["grants"][0]["status"]) == ("0.00", "CONVERTED")

    guest = await _error(
        make_client().post("/wps/relay/MCSFE_signUpPromotionJoin", {"promotionId": reward})
    )
    assert guest.status == 401


async def test_activity_application_over_the_api_with_review(make_client: MakeClient) -> None:
    br1 = await _brand("BR1")
    activity = await offers.define(
        br1, _spec(PromotionKind.ACTIVITY, ends_at=utcnow() + timedelta(days=2))
    )
    client, _ = await _player(make_client)
    join = await _error(
        client.post("/wps/relay/MCSFE_signUpPromotionJoin", {"promotionId": activity})
    )
    assert join.code == "promo-needs-application"

    for comment, images, code in (
        ("x" * 141, [], "application-comment-too-long"),
        ("ok", [picture()] * 4, "too-many-images"),
        ("ok", [b"GIF89a not allowed"], "image-type"),
        # Decompression bombs and cut files (issue 32): a translated refusal, never a 500.
        *(("ok", [image], code) for image, code in HOSTILE_IMAGES),
    ):
        response = await _apply(client, activity, comment, images)
        body = response.json()
        assert (response.status_code, body["code"]) == (422, code)
        assert body["message"] and body["message"] != code
    oversize = await _apply(client, activity, "ok", [b"\x89PNG\r\n\x1a\n" + b"\0" * (5 << 20)])
    assert (oversize.status_code, oversize.json()["code"]) == (413, "image-too-large")

    sent = await _apply(client, activity, "proof attached", [picture(), picture("JPEG")])
    assert sent.status_code == 200, sent.text
    assert sent.json()["value"]["status"] == "applying"

    operator = await _operator(make_client)
    waiting = await operator.get("/wps/operator/promotions/applications")
    [mine] = [a for a in waiting if a["promotionId"] == activity]
    assert len(mine["images"]) == 2 and mine["comment"] == "proof attached"
    base = f"/wps/operator/promotions/applications/{mine['entryId']}"
    assert (await operator.post(base, {"decision": "process"}))["status"] == "PROCESS"
    assert (await client.get(f"/wps/promotions/{activity}"))["status"] == "process"
    other_brand = await _operator(make_client, "BR2")
    assert (await _error(other_brand.post(base, {"decision": "approve"}))).status == 404
    player_review = await _error(client.post(base, {"decision": "approve"}))
    assert player_review.code == "operator-only"
    assert (await operator.post(base, {"decision": "approve", "note": "ok"}))["status"] == "ISSUED"
    assert (await client.get(f"/wps/promotions/{activity}"))["status"] == "issued"
    paid = await client.post("/wps/relay/MCSFE_signUpRequestReward", {"promotionId": activity})
    assert paid["status"] == "claimed"
    again = await _error(
        client.post("/wps/relay/MCSFE_signUpRequestReward", {"promotionId": activity})
    )
    assert again.code == "promo-already-claimed"
    assert await client.get("/wps/relay/CSP_unreadCount") >= 2


async def test_inbox_unread_count_read_read_all_and_delete(make_client: MakeClient) -> None:
    br1 = await _brand("BR1")
    activity = await offers.define(br1, _spec(PromotionKind.ACTIVITY))
    client, member_id = await _player(make_client)
    other, other_id = await _player(make_client)
    operator = await _operator(make_client)
    for who in (client, other):
        assert (await _apply(who, activity, "", [picture()])).status_code == 200
    for item in await operator.get("/wps/operator/promotions/applications"):
        if item["promotionId"] == activity:
            decision = "approve" if item["username"] != "" else "reject"
            await operator.post(
                f"/wps/operator/promotions/applications/{item['entryId']}",
                {"decision": decision},
            )
    await client.post("/wps/relay/MCSFE_signUpRequestReward", {"promotionId": activity})
    assert await client.get("/wps/relay/CSP_unreadCount") == 2
    page = await client.get("/wps/member/messageV2")
    assert (page["total"], page["unread"]) == (2, 2)
    newest, oldest = page["items"]
    assert (newest["kind"], oldest["kind"]) == ("PROMOTION_REWARD", "APPLICATION_APPROVED")
    assert "Recompensa" in newest["title"]
    others = (await other.get("/wps/member/messageV2"))["items"]
    # Another member's ids change nothing.
    assert await client.post("/wps/member/messages/read", {"ids": [others[0]["id"]]}) == 0
    assert await client.post("/wps/member/messages/delete", {"ids": [others[0]["id"]]}) == 0
    assert (await other.get("/wps/member/messageV2"))["unread"] == 1
    assert await client.post("/wps/member/messages/read", {"ids": [oldest["id"]]}) == 1
    assert await client.get("/wps/relay/CSP_unreadCount") == 1
    assert await client.post("/wps/member/messages/read", {"all": True}) == 1
    assert await client.get("/wps/relay/CSP_unreadCount") == 0
    assert await client.post("/wps/member/messages/delete", {"ids": [newest["id"]]}) == 1
    assert [m["id"] for m in (await client.get("/wps/member/messageV2"))["items"]] == [oldest["id"]]
    bad = await _error(client.post("/wps/member/messages/read", {"ids": [0]}))
    assert (bad.status, bad.code) == (422, "inbox-invalid")
    assert member_id != other_id


async def test_list_announcements_three_queries(make_client: MakeClient) -> None:
    from app.services.content import announcements
    from app.services.content.announcements import AnnouncementSpec

    br2 = await _brand("BR2")
    now = utcnow()
    tag = uuid4().hex[:8]
    published = (("PU", "A"), ("PU", "B"), ("PU", "F"), ("PL", "A"), ("PL", "G"), ("B", "B"))
    for kind, execution in published:
        await announcements.publish(
            br2,
            AnnouncementSpec(
                promotion_type=kind,
                execution=execution,
                title=f"{tag}-{kind}-{execution}",
                content="<p>x<script>bad()</script></p>",
                starts_at=now - timedelta(minutes=5),
                ends_at=now + timedelta(hours=1),
            ),
        )
    path = "/wps/relay/MCSFE_getListAnnouncements"

    def mine(value: dict[str, Any]) -> set[str]:
        return {
            item["title"].removeprefix(f"{tag}-")
            for part in ("banners", "player", "popup", "promotion")
            for item in value[part]
            if item["title"].startswith(tag)
        }

    visitor = make_client(merchant="BR2")
    home = await visitor.get(path, {"types": "B,PL,PU,PR", "platform": "W", "execution": "B"})
    assert mine(home) == {"PU-B", "B-B"} and home["pageSize"] == 6
    assert all("script" not in item["content"] for item in home["popup"])
    popup = await visitor.get(path, {"types": "B,PL,PU,PR,H", "platform": "W"})
    assert mine(popup) == {"PU-B", "B-B"}
    sneaky = await visitor.get(path, {"types": "PU", "execution": "A,F"})
    assert mine(sneaky) == set()
    member = make_client(merchant="BR2")
    await register(member)
    assert mine(await member.get(path, {"types": "B,PL,PU,PR,H"})) == {"PU-A", "PL-A"}
    first = await member.get(path, {"types": "PU", "firstLogin": "true"})
    assert mine(first) == {"PU-A", "PU-F"}
    notice = await member.get(path, {"types": "PL", "execution": "A"})
    assert mine(notice) == {"PL-A"}
    # Agents' notices: for an agent only, never for a member or visitor who asks for them.
    for outsider in (member, visitor):
        assert mine(await outsider.get(path, {"types": "PL", "execution": "A,G"})) <= {"PL-A"}
    agent = make_client(merchant="BR2")
    agent.token = await sessions.open_session(
        await make_member("BR2", account_type=1), "198.51.100.7", "", "WEB"
    )
    assert mine(await agent.get(path, {"types": "PL", "execution": "A,G"})) == {"PL-A", "PL-G"}


async def test_feedback_tickets_with_replies_and_visitor_limit(make_client: MakeClient) -> None:
    client, _ = await _player(make_client, bet=False)
    ticket = await client.put(
        "/wps/feedback", {"questionType": "withdraw", "content": "My PIX has not arrived yet."}
    )
    [mine] = await client.get("/wps/member/feedback")
    assert (mine["id"], mine["status"], mine["replies"]) == (ticket, "OPEN", [])
    operator = await _operator(make_client)
    other_brand = await _operator(make_client, "BR2")
    path = f"/wps/operator/feedback/{ticket}/reply"
    assert (await _error(other_brand.post(path, {"body": "no"}))).status == 404
    assert (await _error(client.post(path, {"body": "me"}))).code == "operator-only"
    await operator.post(path, {"body": "It was paid at 10:02, please check again."})
    [answered] = await client.get("/wps/member/feedback")
    assert answered["status"] == "ANSWERED"
    assert answered["replies"][0]["body"].startswith("It was paid")
    assert (await client.get("/wps/member/messageV2"))["items"][0]["kind"] == "NEW_MAIL"
    again = await client.post(
        f"/wps/member/feedback/{ticket}/reply", {"body": "Checked: nothing arrived."}
    )
    assert again["status"] == "OPEN" and [r["fromMember"] for r in again["replies"]] == [
        False,
        True,
    ]
    stranger, _ = await _player(make_client, bet=False)
    refused = await _error(stranger.post(f"/wps/member/feedback/{ticket}/reply", {"body": "hi"}))
    assert (refused.status, refused.code) == (404, "feedback-not-found")

    visitor = make_client(ip=f"198.51.100.{secrets.randbelow(200) + 1}")
    for n in range(5):
        await visitor.put("/wps/feedback", {"questionType": "other", "content": f"idea number {n}"})
    limited = await _error(
        visitor.put("/wps/feedback", {"questionType": "other", "content": "one more idea"})
    )
    assert limited.status == 429


async def test_raffle_over_the_api_join_draw_verify_and_claim_once(make_client: MakeClient) -> None:
    br1 = await _brand("BR1")
    promotion = await offers.define(br1, _raffle(winners=1, budget=D("50.00")))
    client, member_id = await _player(make_client)
    await wager(member_id, "25.00")
    joined = await client.post("/wps/relay/MCSFE_signUpPromotionJoin", {"promotionId": promotion})
    assert joined["status"] == "joined" and joined["tickets"] == 2
    assert joined["seedHash"] and joined["serverSeed"] is None
    assert joined["authorisation"] == "SPA/MF 123/2026"
    early = await _error(
        client.post("/wps/relay/MCS2_claimRafflePromotion", {"promotionId": promotion})
    )
    assert early.status == 409 and early.code == "promo-raffle-not-drawn"
    before = await client.get(f"/wps/promotions/{promotion}/draw")
    assert before["serverSeed"] is None and before["ranges"] == []
    await raffles.draw_due(utcnow() + timedelta(days=2))
    # The draw is public and verifiable; holders are not named.
    draw = await make_client().get(f"/wps/promotions/{promotion}/draw")
    assert draw["seedHash"] == joined["seedHash"] and draw["serverSeed"]
    ranges = [raffles.TicketRange(n, r["first"], r["count"]) for n, r in enumerate(draw["ranges"])]
    assert raffles.verify_draw(
        draw["serverSeed"], draw["seedHash"], promotion, ranges, 1, draw["winningTickets"]
    )
    assert "memberId" not in draw["ranges"][0]
    # The only holder wins; the prize is claimed once.
    claimed = await client.post("/wps/relay/MCS2_claimRafflePromotion", {"promotionId": promotion})
    assert claimed["status"] == "claimed" and claimed["winningTicket"] in (1, 2)
    again = await _error(
        client.post("/wps/relay/MCS2_claimRafflePromotion", {"promotionId": promotion})
    )
    assert again.code == "promo-already-claimed"
    visitor = await _error(
        make_client().post("/wps/relay/MCS2_claimRafflePromotion", {"promotionId": promotion})
    )
    assert visitor.status == 401
