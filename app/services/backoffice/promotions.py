"""Promotions in the console: the brand's promotions with their budget and take-up, a new
promotion of any kind and reward (raffles and free rounds included), and ending one early.

The rules stay in the promotions capability: `offers.define_in` checks the definition and the
brand's jurisdiction (Brazil refuses pre-bet kinds; a raffle needs its authorisation); this
module reads the operator's form into a `PromotionSpec`, and adds the permission check, the
brand scope and the audit entry in the same transaction. Ending early moves the end to now:
members keep what they were paid and rewards already issued may still be claimed as before;
a raffle still draws at its draw time."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any, TypeVar

from sqlalchemy import case
from sqlmodel import col, func, select

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services.backoffice import audit
from app.services.backoffice.staff import Staff, require
from app.services.brands import brands
from app.services.promotions import offers
from app.services.promotions.offers import PromotionSpec
from models.base import saved_id
from models.brand import Merchant
from models.promotions import EntryStatus, Promotion, PromotionEntry, PromotionKind, RewardKind

LIST_LIMIT = 100
KINDS = tuple(kind.value for kind in PromotionKind)
REWARD_KINDS = tuple(kind.value for kind in RewardKind)
SCHEDULED, LIVE, ENDED = "scheduled", "live", "ended"
LANGUAGES = ("en", "pt")
# What the console's datetime-local fields send: minutes, in UTC.
MINUTES = "%Y-%m-%dT%H:%M"
AMOUNT = re.compile(r"[0-9]{1,12}(\.[0-9]{1,2})?")


@dataclass(frozen=True)
class PromotionRow:
    id: int
    code: str
    kind: str
    reward_kind: str
    reward_amount: Decimal
    budget: Decimal
    spent: Decimal
    starts_at: datetime
    ends_at: datetime
    draw_at: datetime | None
    title: str
    entries: int
    claimed: int
    state: str  # scheduled, live or ended at `now`
    titles: dict[str, str]  # per language, for the reader's own

    def title_in(self, language: str) -> str:
        return self.titles.get(language) or self.title


def _invalid(field: str) -> AppError:
    return AppError("promo-invalid", 422, {"field": field})


def _text(fields: Mapping[str, Any], name: str) -> str:
    value = fields.get(name)
    return value.strip() if isinstance(value, str) else ""


def _decimal(fields: Mapping[str, Any], name: str, default: Decimal | None = None) -> Decimal:
    """A plain amount as typed: digits, a comma or point and at most 2 decimals."""
    text = _text(fields, name).replace(",", ".")
    if not text and default is not None:
        return default
    if not AMOUNT.fullmatch(text):
        raise _invalid(name)
    return Decimal(text)


def _optional_decimal(fields: Mapping[str, Any], name: str) -> Decimal | None:
    return _decimal(fields, name) if _text(fields, name) else None


def _integer(fields: Mapping[str, Any], name: str, default: int = 0) -> int:
    text = _text(fields, name)
    if not text:
        return default
    if not text.isdigit() or len(text) > 9:
        raise _invalid(name)
    return int(text)


def _moment(fields: Mapping[str, Any], name: str) -> datetime:
    try:
        return datetime.strptime(_text(fields, name), MINUTES).replace(tzinfo=UTC)
    except ValueError:
        raise _invalid(name) from None


Choice = TypeVar("Choice", PromotionKind, RewardKind)


def _choice(fields: Mapping[str, Any], name: str, enum: type[Choice]) -> Choice:
    try:
        return enum(_text(fields, name))
    except ValueError:
        raise _invalid(name) from None


def _content(fields: Mapping[str, Any]) -> dict[str, dict[str, str]]:
    """The texts of each language the form gives a title for (one at least)."""
    content = {
        language: {name: _text(fields, f"{name}_{language}") for name in offers.TEXT_FIELDS}
        for language in LANGUAGES
        if _text(fields, f"title_{language}")
    }
    if not content:
        raise _invalid("content")
    return content


def spec_from_form(fields: Mapping[str, Any]) -> PromotionSpec:
    """The promotion an operator's form describes (text fields as typed); bad numbers and
    dates are refused naming the field, the rest is checked by `offers.define_in`."""
    content = _content(fields)
    kind = _choice(fields, "kind", PromotionKind)
    raffle = kind is PromotionKind.RAFFLE
    return PromotionSpec(
        code=_text(fields, "code").upper(),
        kind=kind,
        content=content,
        starts_at=_moment(fields, "starts"),
        ends_at=_moment(fields, "ends"),
        reward_kind=_choice(fields, "reward_kind", RewardKind),
        reward_amount=_decimal(fields, "reward_amount"),
        budget=_decimal(fields, "budget"),
        wagering_multiplier=_integer(fields, "wagering_multiplier"),
        min_deposit=_decimal(fields, "min_deposit", Decimal("0")),
        min_turnover=_decimal(fields, "min_turnover", Decimal("0")),
        reward_max=_optional_decimal(fields, "reward_max"),
        ticket_turnover=_optional_decimal(fields, "ticket_turnover") if raffle else None,
        winners=_integer(fields, "winners") if raffle else 0,
        draw_at=_moment(fields, "draw_at") if raffle else None,
        authorisation=_text(fields, "authorisation")[:64],
        free_game=_text(fields, "free_game")[:32],
        free_rounds=_integer(fields, "free_rounds"),
        image=_text(fields, "image"),
    )


def _state(promotion: Promotion, now: datetime) -> str:
    if now < promotion.starts_at:
        return SCHEDULED
    return LIVE if now < promotion.ends_at else ENDED


def _title(promotion: Promotion) -> str:
    content = promotion.content or {}
    for language in LANGUAGES:
        texts = content.get(language)
        if isinstance(texts, dict) and texts.get("title"):
            return str(texts["title"])
    return promotion.code


def _row(promotion: Promotion, entries: int, claimed: int, now: datetime) -> PromotionRow:
    return PromotionRow(
        id=saved_id(promotion.id),
        code=promotion.code,
        kind=promotion.kind,
        reward_kind=promotion.reward_kind,
        reward_amount=Decimal(promotion.reward_amount),
        budget=Decimal(promotion.budget),
        spent=Decimal(promotion.spent),
        starts_at=promotion.starts_at,
        ends_at=promotion.ends_at,
        draw_at=promotion.draw_at,
        title=_title(promotion),
        titles={
            language: str(texts["title"])
            for language, texts in (promotion.content or {}).items()
            if isinstance(texts, dict) and texts.get("title")
        },
        entries=entries,
        claimed=claimed,
        state=_state(promotion, now),
    )


def _snapshot(promotion: Promotion) -> dict[str, str]:
    return {
        "code": promotion.code,
        "title": _title(promotion),
        "kind": promotion.kind,
        "reward_kind": promotion.reward_kind,
        "reward_amount": str(promotion.reward_amount),
        "budget": str(promotion.budget),
        "starts_at": promotion.starts_at.isoformat(),
        "ends_at": promotion.ends_at.isoformat(),
        "image": promotion.image,
    }


async def promotion_list(staff: Staff, code: str, now: datetime) -> list[PromotionRow]:
    """The brand's promotions, the latest starts first, with their entries and claims."""
    brand_id = (await brands.by_code(code)).id
    await require(staff, "promotions.view", brand_id, now)
    claimed = case((col(PromotionEntry.status) == EntryStatus.CLAIMED.value, 1), else_=0)
    async with session_scope() as session:
        found = (
            await session.exec(
                select(Promotion)
                .where(Promotion.merchant_id == brand_id)
                .order_by(col(Promotion.starts_at).desc(), col(Promotion.id).desc())
                .limit(LIST_LIMIT)
            )
        ).all()
        ids = [saved_id(p.id) for p in found]
        counts = {
            promotion_id: (int(entries), int(paid or 0))
            for promotion_id, entries, paid in (
                await session.exec(
                    select(PromotionEntry.promotion_id, func.count(), func.sum(claimed))
                    .where(col(PromotionEntry.promotion_id).in_(ids))
                    .group_by(col(PromotionEntry.promotion_id))
                )
            ).all()
        }
    return [_row(p, *counts.get(saved_id(p.id), (0, 0)), now) for p in found]


async def create_promotion(
    staff: Staff, code: str, spec: PromotionSpec, now: datetime
) -> PromotionRow:
    brand_id = (await brands.by_code(code)).id
    await require(staff, "promotions.manage", brand_id, now)
    async with write_transaction() as session:
        merchant = await session.get(Merchant, brand_id)
        if merchant is None:
            raise AppError("bo-promotion-unknown", 404)
        promotion = await offers.define_in(session, merchant, spec)
        await audit.append(
            session,
            staff.actor,
            "promotions.create",
            now=now,
            merchant_id=brand_id,
            target=f"promotion:{promotion.id}",
            detail={"after": _snapshot(promotion)},
        )
    return _row(promotion, 0, 0, now)


def amendment_from_form(fields: Mapping[str, Any]) -> offers.Amendment:
    """The edit form: texts, image, end and budget (checked by `offers.amend_in`)."""
    return offers.Amendment(
        _content(fields),
        _moment(fields, "ends"),
        _decimal(fields, "budget"),
        _text(fields, "image"),
    )


def form_values(promotion: Promotion) -> dict[str, str]:
    """The edit form's fields as stored: texts per language, image, end (UTC minutes),
    budget."""
    values = {
        f"{name}_{language}": str((promotion.content or {}).get(language, {}).get(name, ""))
        for language in LANGUAGES
        for name in offers.TEXT_FIELDS
    }
    values["ends"] = promotion.ends_at.astimezone(UTC).strftime(MINUTES)
    values["budget"] = str(promotion.budget)
    values["image"] = promotion.image
    return values


async def _promotion_brand(promotion_id: int) -> int:
    async with session_scope() as session:
        brand_id = (
            await session.exec(select(Promotion.merchant_id).where(Promotion.id == promotion_id))
        ).first()
    if brand_id is None:
        raise AppError("bo-promotion-unknown", 404)
    return brand_id


async def promotion_form(staff: Staff, promotion_id: int, now: datetime) -> dict[str, str]:
    """An open promotion's editable fields, for the edit form."""
    await require(staff, "promotions.manage", await _promotion_brand(promotion_id), now)
    async with session_scope() as session:
        promotion = await session.get(Promotion, promotion_id)
    assert promotion is not None
    if _state(promotion, now) == ENDED:
        raise AppError("bo-promotion-ended", 409)
    return form_values(promotion)


async def _change(
    staff: Staff, promotion_id: int, action: str, now: datetime, apply: Callable[[Promotion], None]
) -> None:
    """One change to one promotion: the permission, the row locked, `apply`, the audit line
    with the promotion before and after."""
    brand_id = await _promotion_brand(promotion_id)
    await require(staff, "promotions.manage", brand_id, now)
    async with write_transaction() as session:
        promotion = (
            await session.exec(
                select(Promotion).where(Promotion.id == promotion_id).with_for_update()
            )
        ).one()
        before = _snapshot(promotion)
        apply(promotion)
        session.add(promotion)
        await audit.append(
            session,
            staff.actor,
            action,
            now=now,
            merchant_id=brand_id,
            target=f"promotion:{promotion_id}",
            detail={"before": before, "after": _snapshot(promotion)},
        )


async def amend_promotion(
    staff: Staff, promotion_id: int, change: offers.Amendment, now: datetime
) -> None:
    """Change an open promotion's texts, image, end or budget (`offers.amend_in`), audited."""
    await _change(
        staff, promotion_id, "promotions.amend", now, lambda p: offers.amend_in(p, change, now)
    )


async def end_promotion(staff: Staff, promotion_id: int, now: datetime) -> None:
    """End the promotion now (a scheduled one never starts); an ended one is refused."""

    def end(promotion: Promotion) -> None:
        if _state(promotion, now) == ENDED:
            raise AppError("bo-promotion-ended", 409)
        promotion.starts_at = min(promotion.starts_at, now)
        promotion.ends_at = now

    await _change(staff, promotion_id, "promotions.end", now, end)
