"""A brand's settings from the command line: registration fields (shown, required, lengths,
pattern, accepted pattern, hint), white-label modules listed, banners (list, add, remove),
missions and races (create, schedule, stop). Same services as the console; each change is in
the audit log as "cli"."""

from __future__ import annotations

import argparse
import sys
from dataclasses import asdict, replace
from typing import Any

from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import dispose_engine
from app.core.errors import AppError
from app.core.i18n import translate
from app.services import register_settings
from app.services.backoffice import audit as audit_log
from app.services.brands import brands
from app.services.content import banners
from app.services.loyalty import campaigns
from models.base import utcnow

CLI = audit_log.Actor(None, "cli")


def _refused(exc: AppError) -> int:
    print(translate(exc.code, "en", **exc.params), file=sys.stderr)
    return 2


def _optional_int(value: str | None, current: int | None) -> int | None:
    """A number option: absent keeps the stored value, "-" clears it."""
    if value is None:
        return current
    if value == "-":
        return None
    try:
        return int(value)
    except ValueError:
        raise AppError(
            "register-field-length", 422, {"max": register_settings.MAX_LENGTH}
        ) from None


def _show_field(found: register_settings.FieldSetting) -> str:
    return (
        f"{found.name}: {'shown' if found.enabled else 'hidden'}, "
        f"{'required' if found.required else 'optional'}, "
        f"length {found.min_length if found.min_length is not None else '-'}"
        f"..{found.max_length if found.max_length is not None else '-'}, "
        f"pattern {found.pattern_id if found.pattern_id is not None else '-'}, "
        f"accepted {found.accepted_pattern or '-'}, "
        f"hint {found.hint or '-'}"
    )


async def register_field_command(args: argparse.Namespace) -> int:
    """`register-field BR1` lists the fields; with a field name, changes what is given."""
    now = utcnow()
    try:
        stored = {f.name: f for f in await register_settings.fields(args.merchant)}
        if not args.field:
            for found in stored.values():
                print(_show_field(found))
            return 0
        current = stored.get(args.field) or register_settings.FieldSetting(
            args.field, False, False, None, None, None, None
        )
        accepted = args.accepted if args.accepted is not None else current.accepted_pattern
        hint = args.hint if args.hint is not None else current.hint
        setting = replace(
            current,
            enabled=current.enabled if args.shown is None else args.shown,
            required=current.required if args.required is None else args.required,
            min_length=_optional_int(args.min, current.min_length),
            max_length=_optional_int(args.max, current.max_length),
            pattern_id=_optional_int(args.pattern_id, current.pattern_id),
            accepted_pattern=None if accepted == "-" else accepted,
            hint=None if hint == "-" else hint,
        )

        async def record(
            session: AsyncSession,
            before: register_settings.FieldSetting | None,
            after: register_settings.FieldSetting,
        ) -> None:
            await audit_log.append(
                session, CLI, "settings.register_field", now=now,
                merchant_id=(await brands.by_code(args.merchant)).id, target=args.merchant.upper(),
                detail={"before": before and asdict(before), "after": asdict(after)},
            )  # fmt: skip

        print(
            _show_field(
                await register_settings.set_field(args.merchant, setting, now=now, record=record)
            )
        )
    except AppError as exc:
        return _refused(exc)
    finally:
        await dispose_engine()
    return 0


async def banner_command(args: argparse.Namespace) -> int:
    """`banner BR1` lists the brand's banners; `add GROUP ...` adds one, `remove ID` removes
    one (audited)."""
    now = utcnow()

    async def record(session: AsyncSession, merchant: str, shown: banners.ShownBanner) -> None:
        await audit_log.append(
            session, CLI, f"settings.banner_{args.action}", now=now,
            merchant_id=(await brands.by_code(merchant)).id, target=f"banner:{shown.id}",
            detail={"banner": asdict(shown)},
        )  # fmt: skip

    try:
        if args.action == "add":
            spec = banners.BannerSpec(
                group=args.group or "",
                image=args.image or "",
                title=args.title or "",
                link=args.link or "",
                language=args.language or "",
                promotion=args.promotion or "",
                sort=args.sort,
            )
            print(banners.describe(await banners.add(args.merchant, spec, record=record)))
        elif args.action == "remove":
            if not (args.group or "").isdigit():
                raise AppError("banner-unknown", 404, {"id": (args.group or "")[:32]})
            removed = await banners.remove(args.merchant, int(args.group), record=record)
            print(f"removed {banners.describe(removed)}")
        else:
            for found in await banners.listing(args.merchant):
                print(banners.describe(found))
    except AppError as exc:
        return _refused(exc)
    finally:
        await dispose_engine()
    return 0


async def modules_command(merchant: str) -> int:
    """A brand's modules: id, switch, whether on (a parent off keeps it off), parent, name."""
    try:
        for found in await register_settings.modules(merchant):
            state = "on" if found.on else ("off" if not found.enabled else "off (parent off)")
            print(f"{found.mod_id}\t{state}\t{found.parent or '-'}\t{found.name}")
    except AppError as exc:
        return _refused(exc)
    finally:
        await dispose_engine()
    return 0


def _show_campaign(found: campaigns.Campaign) -> str:
    starts = found.starts_at.isoformat(timespec="minutes") if found.starts_at else "-"
    ends = found.ends_at.isoformat(timespec="minutes") if found.ends_at else "-"
    return (
        f"{found.kind}\t{found.code}\t{found.state}\t{found.period}\t{found.measure}\t"
        f"{found.reward_kind} {found.reward}\t{starts} .. {ends}\t{found.title_in('EN')}"
    )


def _draft(args: argparse.Namespace) -> campaigns.Draft:
    return campaigns.Draft(
        kind=args.kind,
        code=args.code,
        title_en=args.title_en or "",
        title_pt=args.title_pt or "",
        period=args.period or "",
        measure=args.measure or "",
        reward_kind=args.reward_kind,
        target=args.target or "",
        reward=args.reward or "",
        category=args.category or "",
        game_code=args.game or "",
        min_multiplier=args.multiplier or "",
        min_bet=args.min_bet or "",
        prizes=tuple(args.prize),
        starts=args.starts or "",
        ends=args.ends or "",
    )


async def missions_command(args: argparse.Namespace) -> int:
    """`missions BR1 list|create|schedule|stop`: the brand's missions and races."""
    now = utcnow()
    try:
        brand_id = (await brands.by_code(args.merchant)).id

        async def record(
            session: AsyncSession, action: str, code: str, detail: dict[str, Any]
        ) -> None:
            await audit_log.append(
                session, CLI, action, now=now, merchant_id=brand_id, target=code, detail=detail
            )

        if args.action == "list":
            for found in await campaigns.listing(brand_id, now):
                print(_show_campaign(found))
            return 0
        if args.action == "create":
            found = await campaigns.create(brand_id, _draft(args), now, record)
        elif args.action == "schedule":
            found = await campaigns.schedule(
                brand_id, args.kind, args.code, args.starts or "", args.ends or "", now, record
            )
        else:
            found = await campaigns.stop(brand_id, args.kind, args.code, now, record)
        print(_show_campaign(found))
    except AppError as exc:
        return _refused(exc)
    finally:
        await dispose_engine()
    return 0
