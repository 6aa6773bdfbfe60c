"""Every console use case is refused to a staff member without its permission and to another
brand's staff, on the server; a new use case fails this test until it is listed here."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from datetime import timedelta
from decimal import Decimal
from types import ModuleType
from typing import Any
from uuid import uuid4

import pytest
from sqlmodel import select

from app.core.db import session_scope
from app.core.errors import AppError
from app.services import browser_logins, register_settings
from app.services.agents import affiliates
from app.services.backoffice import (
    agents,
    applications,
    approvals,
    channels,
    chat_desk,
    content,
    dashboard,
    games,
    investigations,
    kyc,
    logbook,
    lottery,
    payments,
    platform,
    player360,
    players,
    promotions,
    reports,
    support_desk,
    transfer_reviews,
    vip,
)
from app.services.backoffice import (
    staff as staff_service,
)
from app.services.backoffice.permissions import ALL
from app.services.backoffice.staff import Staff
from app.services.brands import brands
from app.services.content.announcements import AnnouncementSpec
from app.services.content.banners import BannerSpec
from app.services.loyalty.vip import Level, Settings
from app.services.promotions import applications as promotion_applications
from app.services.promotions import offers
from app.services.promotions.offers import PromotionSpec
from app.services.support import live_chat, tickets
from models import Game
from models.base import utcnow
from models.cashier import PaymentChannel
from models.promotions import PromotionKind, RewardKind
from tests.helpers.accounts import make_member
from tests.helpers.backoffice import (
    make_staff,
    make_staff_account,
    merchant_id,
    new_name,
    pending_withdrawal,
    role_with,
)

MODULES: tuple[ModuleType, ...] = (
    dashboard,
    staff_service, approvals, players, payments, platform, logbook, reports, content, lottery,
    channels, agents, investigations, kyc, promotions, vip, support_desk, applications,
    chat_desk, games, transfer_reviews, player360,
)  # fmt: skip
# Public functions that take a staff member but are building blocks a use case calls after
# its own check, or the check itself.
NOT_USE_CASES = {"staff.require", "staff.allowed", "approvals.submit", "approvals.decide"}
# A staff member's own credentials: no permission, only their own account (tests/backoffice/
# test_staff_enrolment.py).
OWN_ACCOUNT = {"staff.change_own_password", "staff.begin_own_totp", "staff.change_own_totp"}


@dataclass
class World:
    member_id: int
    staff_id: int
    order_no: str
    approval_id: int
    brand_id: int
    announcement_id: int
    channel_id: int
    application_id: int
    promotion_id: int
    ticket_id: int
    activity_entry_id: int
    chat_id: int
    game_id: int


Call = Callable[[Staff, World], Awaitable[Any]]


def _now() -> Any:
    return utcnow()


def _spec(title: str = "Matrix notice") -> AnnouncementSpec:
    now = utcnow()
    return AnnouncementSpec("PL", "A", title, "<p>hello</p>", now, now + timedelta(days=1))


def _promotion() -> PromotionSpec:
    now = utcnow()
    return PromotionSpec(
        code=f"M{uuid4().hex[:10].upper()}",
        kind=PromotionKind.REWARD,
        content={"en": {"title": "Matrix offer", "summary": "", "terms": ""}},
        starts_at=now,
        ends_at=now + timedelta(days=1),
        reward_kind=RewardKind.CASH,
        reward_amount=Decimal("1.00"),
        budget=Decimal("10.00"),
        min_turnover=Decimal("1.00"),
    )


def _amendment() -> offers.Amendment:
    content = {"en": {"title": "Matrix offer, amended", "summary": "", "terms": ""}}
    return offers.Amendment(content, utcnow() + timedelta(days=2), Decimal("20.00"))


def _vip_level() -> Level:
    """A level number past any ladder: refused by the rules once the permission passes."""
    zero = Decimal("0")
    return Level(99, "Matrix", zero, zero, zero, zero, zero, 0)


# name: (permission, targets a BR1 object (another brand's staff is refused) , call)
MATRIX: dict[str, tuple[str, bool, Call]] = {
    "kyc.queue": ("kyc.view", False, lambda s, w: kyc.queue(s, _now())),
    "kyc.barred_list": ("kyc.view", False, lambda s, w: kyc.barred_list(s, "", _now())),
    "kyc.document": (
        "kyc.view",
        True,
        lambda s, w: kyc.document(s, w.member_id, 0, _now()),
    ),
    "kyc.decide": (
        "kyc.decide",
        True,
        lambda s, w: kyc.decide(s, w.member_id, False, "matrix", "", _now()),
    ),
    "kyc.reverify": (
        "kyc.decide",
        True,
        lambda s, w: kyc.reverify(s, w.member_id, "matrix", _now()),
    ),
    "dashboard.summary": ("dashboard.view", False, lambda s, w: dashboard.summary(s, _now())),
    "dashboard.period": (
        "dashboard.view",
        False,
        lambda s, w: dashboard.period(s, "7d", "", "", _now()),
    ),
    "dashboard.period_csv": (
        "reports.export",
        False,
        lambda s, w: dashboard.period_csv(s, "7d", "", "", _now()),
    ),
    "staff.create_role": (
        "roles.manage",
        False,
        lambda s, w: staff_service.create_role(s, new_name("r"), ["players.view"], _now()),
    ),
    "staff.create_staff": (
        "staff.manage",
        True,
        lambda s, w: staff_service.create_staff(s, new_name(), "support", "BR1", _now()),
    ),
    "staff.reinvite": (
        "staff.manage",
        True,
        lambda s, w: staff_service.reinvite(s, w.staff_id, _now()),
    ),
    "staff.staff_list": ("staff.view", False, lambda s, w: staff_service.staff_list(s, _now())),
    "staff.set_locked": (
        "staff.manage",
        True,
        lambda s, w: staff_service.set_locked(s, w.staff_id, False, _now()),
    ),
    "approvals.set_threshold": (
        "platform.thresholds",
        True,
        lambda s, w: approvals.set_threshold(
            s, w.brand_id, "balance.adjust", Decimal("100000"), _now()
        ),
    ),
    "approvals.approve": (
        "approvals.decide",
        True,
        lambda s, w: approvals.approve(s, w.approval_id, _now()),
    ),
    "approvals.reject": (
        "approvals.decide",
        True,
        lambda s, w: approvals.reject(s, w.approval_id, "no", _now()),
    ),
    "approvals.pending": ("approvals.view", False, lambda s, w: approvals.pending(s, _now())),
    "approvals.explained": ("approvals.view", False, lambda s, w: approvals.explained(s, _now())),
    "player360.details": (
        "players.view",
        True,
        lambda s, w: player360.details(s, w.member_id, _now()),
    ),
    "player360.reveal_cpf": (
        "players.identity",
        True,
        lambda s, w: player360.reveal_cpf(s, w.member_id, _now()),
    ),
    "player360.documents": (
        "players.identity",
        True,
        lambda s, w: player360.documents(s, w.member_id, _now()),
    ),
    "payments.payout_review": (
        "payments.pay",
        True,
        lambda s, w: payments.payout_review(s, w.order_no, _now()),
    ),
    "players.search": ("players.view", False, lambda s, w: players.search(s, "a", 1, _now())),
    "players.export": ("reports.export", False, lambda s, w: players.export(s, "a", _now())),
    "players.profile": ("players.view", True, lambda s, w: players.profile(s, w.member_id, _now())),
    "players.set_locked": (
        "players.lock",
        True,
        lambda s, w: players.set_locked(s, w.member_id, False, "check", _now()),
    ),
    "players.force_logout": (
        "players.logout",
        True,
        lambda s, w: players.force_logout(s, w.member_id, _now()),
    ),
    "players.reset_2fa": (
        "players.reset_2fa",
        True,
        lambda s, w: players.reset_2fa(s, w.member_id, "lost", _now()),
    ),
    "players.add_note": (
        "players.note",
        True,
        lambda s, w: players.add_note(s, w.member_id, "called", _now()),
    ),
    "players.adjust": (
        "players.adjust",
        True,
        lambda s, w: players.adjust(s, w.member_id, "credit", "1.00", "test", uuid4().hex, _now()),
    ),
    "payments.queue": ("payments.view", False, lambda s, w: payments.queue(s, 1, _now())),
    "payments.deposits": ("payments.view", False, lambda s, w: payments.deposits(s, 1, _now())),
    "payments.pay": (
        "payments.pay",
        True,
        lambda s, w: payments.pay(s, w.order_no, "1.00", _now()),
    ),
    "payments.reject": (
        "payments.reject",
        True,
        lambda s, w: payments.reject(s, w.order_no, "no", _now()),
    ),
    "platform.switches": ("platform.view", True, lambda s, w: platform.switches(s, "BR1", _now())),
    "platform.start_maintenance": (
        "platform.site_status",
        True,
        lambda s, w: platform.start_maintenance(s, "BR1", None, None, _now()),
    ),
    "platform.back_to_normal": (
        "platform.site_status",
        True,
        lambda s, w: platform.back_to_normal(s, "BR1", _now()),
    ),
    "platform.block": (
        "platform.site_status",
        True,
        lambda s, w: platform.block(s, "BR1", ["198.51.100.0/24"], [], _now()),
    ),
    "platform.unblock": (
        "platform.site_status",
        True,
        lambda s, w: platform.unblock(s, "BR1", ["198.51.100.0/24"], [], _now()),
    ),
    "platform.modules": ("platform.view", True, lambda s, w: platform.modules(s, "BR1", _now())),
    "platform.set_module": (
        "platform.site_status",
        True,
        lambda s, w: platform.set_module(s, "BR1", "AGENT3", True, _now()),
    ),
    "platform.register_fields": (
        "platform.view",
        True,
        lambda s, w: platform.register_fields(s, "BR1", _now()),
    ),
    "platform.set_register_field": (
        "platform.site_status",
        True,
        lambda s, w: platform.set_register_field(
            s,
            "BR1",
            register_settings.FieldSetting("zalo", False, False, None, None, None, None),
            _now(),
        ),
    ),
    "platform.job_history": (
        "jobs.view",
        False,
        lambda s, w: platform.job_history(s, ["withdrawal-timeouts"], _now()),
    ),
    "logbook.entries": ("audit.view", False, lambda s, w: logbook.entries(s, "", 1, _now())),
    "logbook.verify": ("audit.view", False, lambda s, w: logbook.verify(s, _now())),
    "logbook.export_csv": ("audit.export", False, lambda s, w: logbook.export_csv(s, _now())),
    "reports.daily": ("reports.view", False, lambda s, w: reports.daily(s, None, 7, _now())),
    "reports.scope": (
        "reports.view",
        False,
        lambda s, w: reports.scope(s, None, "reports.view", _now()),
    ),
    "reports.daily_csv": (
        "reports.export",
        False,
        lambda s, w: reports.daily_csv(s, None, 7, _now()),
    ),
    "reports.breakdown": (
        "reports.view",
        False,
        lambda s, w: reports.breakdown(s, None, 7, "vendor", _now()),
    ),
    "reports.breakdown_csv": (
        "reports.export",
        False,
        lambda s, w: reports.breakdown_csv(s, None, 7, "category", _now()),
    ),
    "content.announcement_list": (
        "content.view",
        True,
        lambda s, w: content.announcement_list(s, "BR1", _now()),
    ),
    "content.create_announcement": (
        "content.edit",
        True,
        lambda s, w: content.create_announcement(s, "BR1", _spec(), _now()),
    ),
    "content.update_announcement": (
        "content.edit",
        True,
        lambda s, w: content.update_announcement(s, w.announcement_id, _spec("Edited"), _now()),
    ),
    "content.unpublish_announcement": (
        "content.publish",
        True,
        lambda s, w: content.unpublish_announcement(s, w.announcement_id, _now()),
    ),
    "content.legal_list": ("content.view", True, lambda s, w: content.legal_list(s, "BR1", _now())),
    "content.publish_legal": (
        "content.publish",
        True,
        lambda s, w: content.publish_legal(s, "BR1", "terms", "PT", "T", "<p>x</p>", _now()),
    ),
    "content.banner_list": (
        "content.view",
        True,
        lambda s, w: content.banner_list(s, "BR1", "pt", _now()),
    ),
    "content.add_banner": (
        "content.publish",
        True,
        lambda s, w: content.add_banner(
            s, "BR1", BannerSpec("w_forget", "/promo-art/deposit.svg", "PIX", language="EN"), _now()
        ),
    ),
    "content.remove_banner": (
        "content.publish",
        True,
        lambda s, w: content.remove_banner(s, "BR1", 999_999_999, _now()),
    ),
    "channels.channel_list": (
        "channels.view",
        True,
        lambda s, w: channels.channel_list(s, "BR1", _now()),
    ),
    "channels.update_channel": (
        "channels.manage",
        True,
        lambda s, w: channels.update_channel(
            s, w.channel_id, channels.ChannelChange("nope", "1", "0", "0", 0), _now()
        ),
    ),
    "channels.set_enabled": (
        "channels.manage",
        True,
        lambda s, w: channels.set_enabled(s, w.channel_id, True, _now()),
    ),
    "agents.agent_list": ("agents.view", True, lambda s, w: agents.agent_list(s, "BR1", _now())),
    "agents.payout_list": ("agents.view", True, lambda s, w: agents.payout_list(s, "BR1", _now())),
    "agents.payout_csv": ("reports.export", True, lambda s, w: agents.payout_csv(s, "BR1", _now())),
    "agents.applications": (
        "agents.view",
        True,
        lambda s, w: agents.applications(s, "BR1", _now()),
    ),
    "agents.decide_application": (
        "agents.manage",
        True,
        lambda s, w: agents.decide_application(s, w.application_id, False, _now()),
    ),
    "agents.offer_house_contract": (
        "agents.contract",
        True,
        lambda s, w: agents.offer_house_contract(
            s,
            "BR1",
            w.member_id,
            "DAILY_SALARY",
            "D",
            {"tiers": [{"minActive": 0, "minValidBet": "0", "minNetLoss": None, "rate": "0.001"}]},
            uuid4().hex,
            _now(),
        ),
    ),
    "applications.application_queue": (
        "promotions.view",
        True,
        lambda s, w: applications.application_queue(s, "BR1", _now()),
    ),
    "applications.application_image": (
        "promotions.view",
        True,
        lambda s, w: applications.application_image(s, w.activity_entry_id, 0, _now()),
    ),
    "applications.start_review": (
        "promotions.manage",
        True,
        lambda s, w: applications.start_review(s, w.activity_entry_id, _now()),
    ),
    "applications.decide": (
        "promotions.manage",
        True,
        lambda s, w: applications.decide(s, w.activity_entry_id, False, "no proof", _now()),
    ),
    "chat_desk.conversations": (
        "support.view",
        True,
        lambda s, w: chat_desk.conversations(s, "BR1", _now()),
    ),
    "chat_desk.conversation": (
        "support.view",
        True,
        lambda s, w: chat_desk.conversation(s, "BR1", w.chat_id, _now()),
    ),
    "chat_desk.answer": (
        "support.reply",
        True,
        lambda s, w: chat_desk.answer(s, "BR1", w.chat_id, "How can I help?", _now()),
    ),
    "chat_desk.close": (
        "support.reply",
        True,
        lambda s, w: chat_desk.close(s, "BR1", w.chat_id, _now()),
    ),
    "support_desk.tickets": (
        "support.view",
        True,
        lambda s, w: support_desk.tickets(s, "BR1", support_desk.TicketFilter(), _now()),
    ),
    "support_desk.ticket": (
        "support.view",
        True,
        lambda s, w: support_desk.ticket(s, w.ticket_id, _now()),
    ),
    "support_desk.ticket_image": (
        "support.view",
        True,
        lambda s, w: support_desk.ticket_image(s, w.ticket_id, 0, _now()),
    ),
    "support_desk.answer": (
        "support.reply",
        True,
        lambda s, w: support_desk.answer(s, w.ticket_id, "We are on it.", _now()),
    ),
    "support_desk.close": (
        "support.reply",
        True,
        lambda s, w: support_desk.close(s, w.ticket_id, _now()),
    ),
    "investigations.queue": (
        "payments.investigate",
        False,
        lambda s, w: investigations.queue(s, _now()),
    ),
    "investigations.proof": (
        "payments.investigate",
        True,
        lambda s, w: investigations.proof(s, w.order_no, 1, _now()),
    ),
    "investigations.close": (
        "payments.investigate",
        True,
        lambda s, w: investigations.close(s, w.order_no, "RECEIVED", "checked", _now()),
    ),
    "transfer_reviews.queue": (
        "transfers.view",
        False,
        lambda s, w: transfer_reviews.queue(s, _now()),
    ),
    "transfer_reviews.decide": (
        "transfers.review",
        False,
        lambda s, w: transfer_reviews.decide(s, 0, "RETURN", "checked", _now()),
    ),
    "promotions.promotion_list": (
        "promotions.view",
        True,
        lambda s, w: promotions.promotion_list(s, "BR1", _now()),
    ),
    "promotions.create_promotion": (
        "promotions.manage",
        True,
        lambda s, w: promotions.create_promotion(s, "BR1", _promotion(), _now()),
    ),
    "promotions.promotion_form": (
        "promotions.manage",
        True,
        lambda s, w: promotions.promotion_form(s, w.promotion_id, _now()),
    ),
    "promotions.amend_promotion": (
        "promotions.manage",
        True,
        lambda s, w: promotions.amend_promotion(s, w.promotion_id, _amendment(), _now()),
    ),
    "promotions.end_promotion": (
        "promotions.manage",
        True,
        lambda s, w: promotions.end_promotion(s, w.promotion_id, _now()),
    ),
    "vip.ladder": ("vip.view", True, lambda s, w: vip.ladder(s, "BR1", _now())),
    "vip.save_level": (
        "vip.manage",
        True,
        lambda s, w: vip.save_level(s, "BR1", _vip_level(), _now()),
    ),
    "vip.remove_top_level": (
        "vip.manage",
        True,
        lambda s, w: vip.remove_top_level(s, "BR1", _now()),
    ),
    "vip.save_settings": (
        "vip.manage",
        True,
        lambda s, w: vip.save_settings(s, "BR1", Settings(), _now()),
    ),
    # Lottery issues serve every brand: only all-brand staff reach them.
    "lottery.issue_list": (
        "lottery.view",
        True,
        lambda s, w: lottery.issue_list(s, "k3-1m", "", _now()),
    ),
    "lottery.void": ("lottery.void", True, lambda s, w: lottery.void(s, 2_000_000, "x", _now())),
    "lottery.enter_result": (
        "lottery.result",
        True,
        lambda s, w: lottery.enter_result(s, 2_000_000, "1 2 3", "feed down", _now()),
    ),
    # The game catalogue serves every brand: any brand's staff may read it, only all-brand
    # staff change it.
    "games.vendors": ("games.view", False, lambda s, w: games.vendors(s, _now())),
    "games.games": ("games.view", False, lambda s, w: games.games(s, "PG", "", 1, _now())),
    "games.set_vendor_maintenance": (
        "games.edit",
        True,
        lambda s, w: games.set_vendor_maintenance(s, "PG", False, _now()),
    ),
    "games.update_game": (
        "games.edit",
        True,
        lambda s, w: games.update_game(
            s, w.game_id, maintenance=False, hot=False, popularity=-1, now=_now()
        ),
    ),
    "games.import_vendor_games": (
        "games.edit",
        True,
        lambda s, w: games.import_vendor_games(s, "NO-SUCH-VENDOR", _now()),
    ),
}


def _use_cases() -> set[str]:
    found = set()
    for module in MODULES:
        short = module.__name__.rsplit(".", 1)[-1]
        for name, function in inspect.getmembers(module, inspect.iscoroutinefunction):
            if name.startswith("_") or function.__module__ != module.__name__:
                continue
            parameters = list(inspect.signature(function).parameters)
            if parameters[:1] == ["staff"] and f"{short}.{name}" not in NOT_USE_CASES | OWN_ACCOUNT:
                found.add(f"{short}.{name}")
    return found


def test_every_console_use_case_is_in_the_matrix() -> None:
    assert _use_cases() == set(MATRIX)
    assert {permission for permission, _, _ in MATRIX.values()} <= ALL


async def _br1_channel() -> int:
    async with session_scope() as session:
        found = (
            await session.exec(
                select(PaymentChannel.id).where(
                    PaymentChannel.merchant_id == await merchant_id("BR1")
                )
            )
        ).first()
    assert found is not None
    return found


async def _a_game() -> int:
    async with session_scope() as session:
        found = (await session.exec(select(Game.id).where(Game.vassalage == "PG"))).first()
    assert found is not None
    return found


async def _activity_entry() -> int:
    """An application to a BR1 activity promotion, waiting for review."""
    brand_id = await merchant_id("BR1")
    promotion_id = await offers.define(
        brand_id, replace(_promotion(), kind=PromotionKind.ACTIVITY, min_turnover=Decimal("0"))
    )
    member = await make_member("BR1")
    view = await promotion_applications.apply(
        brand_id, member.id or 0, promotion_id, "my proof", [], utcnow()
    )
    assert view.entry_id is not None
    return view.entry_id


@pytest.fixture(scope="module")
async def world() -> World:
    member = await make_member("BR1")
    requester = await make_staff("finance")
    _, _ = await make_staff_account("support", "BR1")
    assert member.id is not None
    waiting = await approvals.submit(
        requester,
        approvals.Action(
            "balance.adjust", await merchant_id("BR1"), Decimal("5000.00"),
            f"member:{member.id}", uuid4().hex,
            {"member": member.id, "direction": "credit", "reason": "matrix"}, "matrix",
        ),
        utcnow(),
    )  # fmt: skip
    target = await make_staff("support")
    return World(
        member_id=member.id,
        staff_id=target.id,
        order_no=await pending_withdrawal("5.00"),
        approval_id=waiting.id,
        brand_id=await merchant_id("BR1"),
        channel_id=await _br1_channel(),
        application_id=(
            await affiliates.apply(
                await make_member("BR1"), "blog", "", utcnow(), accepted_terms=True
            )
        ).id,
        promotion_id=await offers.define(await merchant_id("BR1"), _promotion()),
        activity_entry_id=await _activity_entry(),
        chat_id=(
            await live_chat.send(
                live_chat.member_customer(await merchant_id("BR1"), member.id),
                "hello there",
                "10.9.9.8",
                utcnow(),
            )
        ).conversation_id,
        ticket_id=await tickets.submit_feedback(
            await brands.by_code("BR1"), member.id, "deposit", "my deposit is late", "10.9.9.9"
        ),
        game_id=await _a_game(),
        announcement_id=(
            await content.create_announcement(
                await make_staff(await role_with(ALL), "BR1"), "BR1", _spec(), utcnow()
            )
        ).id,
    )


async def _refused(call: Call, staff: Staff, world: World) -> str:
    with pytest.raises(AppError) as refused:
        await call(staff, world)
    return refused.value.code


@pytest.mark.parametrize("name", sorted(MATRIX))
async def test_without_the_permission_it_is_refused(name: str, world: World) -> None:
    permission, _, call = MATRIX[name]
    staff = await make_staff(await role_with(ALL - {permission}), "BR1")
    assert await _refused(call, staff, world) == "staff-forbidden"


@pytest.mark.parametrize("name", sorted(n for n, (_, targeted, _) in MATRIX.items() if targeted))
async def test_another_brands_staff_is_refused(name: str, world: World) -> None:
    _, _, call = MATRIX[name]
    staff = await make_staff(await role_with(ALL), "BR2")
    assert await _refused(call, staff, world) == "staff-forbidden"


async def test_lists_show_only_the_staff_members_brand(world: World) -> None:
    other = await make_staff(await role_with(ALL), "BR2")
    br2 = await merchant_id("BR2")
    found = await players.search(other, "", 1, utcnow())
    assert all(row.merchant_id == br2 for row in found.rows)
    assert world.member_id not in {
        row.id for row in (await players.search(other, str(world.member_id), 1, utcnow())).rows
    }
    assert all(row.merchant_id == br2 for row in await payments.queue(other, 1, utcnow()))
    assert all(a.merchant_id == br2 for a in await approvals.pending(other, utcnow()))
    entries, _ = await logbook.entries(other, "", 1, utcnow())
    assert all(e.merchant_id == br2 for e in entries)


async def test_with_the_permission_and_brand_it_is_not_refused(world: World) -> None:
    """The positive control: the same calls by staff of BR1 holding every permission."""
    staff = await make_staff(await role_with(ALL), "BR1")
    everywhere = await make_staff(await role_with(ALL), None)
    skipped = {"platform.start_maintenance", "platform.block", "approvals.approve",
               "platform.set_module", "platform.set_register_field",
               "approvals.reject", "players.set_locked", "content.publish_legal",
               "content.add_banner", "agents.decide_application", "vip.remove_top_level",
               "vip.save_settings"}  # fmt: skip
    for name, (_, _, call) in MATRIX.items():
        if name in skipped:
            continue
        try:
            await call(everywhere if name.startswith(("lottery.", "games.")) else staff, world)
        except AppError as error:
            assert error.code != "staff-forbidden", name


async def test_no_staff_without_a_staff_login() -> None:
    """A browser with no console login (a player's, or one that skipped the TOTP step) has
    no staff identity: every console state handler starts from this."""
    with pytest.raises(AppError) as refused:
        await staff_service.authenticate(browser_logins.new_browser_secret(), utcnow())
    assert refused.value.code == "staff-not-logged-in"
