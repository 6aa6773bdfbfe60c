"""Setting a deployment up and its brands' switches: migrate, seed, payload keys, vendor secrets,
legal texts, modules, full-page status, announcements."""

from __future__ import annotations

import argparse
import sys
from datetime import datetime, timedelta
from pathlib import Path

from alembic.config import Config
from sqlmodel.ext.asyncio.session import AsyncSession

from alembic import command
from app.core.config import PROJECT_ROOT
from app.core.db import dispose_engine
from app.core.errors import AppError
from app.core.i18n import translate
from app.demo.seed import seed_demo_data
from app.services import operator_identity, site_status
from app.services.backoffice import audit as audit_log
from app.services.backoffice import staff as staff_service
from app.services.brands import brands
from app.services.content import legal
from app.services.payload_keys import payload_keys
from app.services.seamless.vendors import rotate_vendor_secret
from app.services.site_status import Record, SiteSwitches
from models.base import utcnow


def migrate() -> None:
    config = Config(str(PROJECT_ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(Path(PROJECT_ROOT) / "alembic"))
    command.upgrade(config, "head")


async def sync_roles() -> None:
    await staff_service.sync_builtin_roles()
    await dispose_engine()


async def seed_command() -> None:
    created = await seed_demo_data()
    print(f"demo data: created {', '.join(created) if created else 'nothing (already there)'}")
    await dispose_engine()


def _cli_record(action: str, now: datetime, detail: dict[str, object] | None = None) -> Record:
    """An operator's change made from the command line, in the back office's audit log (in
    the change's transaction); without a detail, the switches after the change."""

    async def record(session: AsyncSession, before: SiteSwitches, after: SiteSwitches) -> None:
        await audit_log.append(
            session,
            audit_log.Actor(None, "cli"),
            action,
            now=now,
            target=after.merchant,
            detail=detail
            or {
                "maintenance": after.maintenance,
                "networks": list(after.blocked_networks),
                "countries": list(after.blocked_countries),
            },
        )

    return record


async def module_command(merchant: str, mod_id: str, enabled: bool) -> int:
    now = utcnow()
    try:
        detail: dict[str, object] = {"module": mod_id.upper(), "enabled": enabled}
        await site_status.set_module(
            merchant,
            mod_id,
            enabled=enabled,
            now=now,
            record=_cli_record("settings.module", now, detail),
        )
    except AppError as exc:
        print(translate(exc.code, "en", **exc.params), file=sys.stderr)
        return 2
    finally:
        await dispose_engine()
    print(f"{merchant.upper()} {mod_id.upper()}: {'on' if enabled else 'off'}")
    return 0


async def operator_identity_command(args: argparse.Namespace) -> int:
    now = utcnow()

    async def record(
        session: AsyncSession, merchant: str, shown: operator_identity.OperatorIdentity
    ) -> None:
        detail = {
            "name": shown.name, "cnpj": shown.cnpj, "licence": shown.licence,
            "domain": shown.domain,
        }  # fmt: skip
        await audit_log.append(
            session, audit_log.Actor(None, "cli"), "settings.operator_identity",
            now=now, target=merchant, detail=detail,
        )  # fmt: skip

    try:
        shown = await operator_identity.set_identity(
            args.merchant, name=args.name, cnpj=args.cnpj, licence=args.licence, now=now,
            domain=args.domain, record=record,
        )  # fmt: skip
    except AppError as exc:
        print(translate(exc.code, "en", **exc.params), file=sys.stderr)
        return 2
    finally:
        await dispose_engine()
    print(
        f"{args.merchant.upper()}: {shown.name} · CNPJ {shown.cnpj} · {shown.licence} · "
        f"{shown.domain}"
    )
    return 0


async def status_command(args: argparse.Namespace, until: datetime | None) -> int:
    now = utcnow()
    try:
        record = _cli_record(f"settings.{args.action}", now)
        if args.action == "normal":
            found = await site_status.back_to_normal(args.merchant, now=now, record=record)
        elif args.action == "maintenance":
            found = await site_status.start_maintenance(
                args.merchant, until=until, message=args.message, now=now, record=record
            )
        elif args.action == "block":
            found = await site_status.block(
                args.merchant,
                networks=args.network,
                countries=args.country,
                now=now,
                record=record,
            )
        elif args.action == "unblock":
            found = await site_status.unblock(
                args.merchant,
                networks=args.network,
                countries=args.country,
                now=now,
                record=record,
            )
        else:
            found = await site_status.switches(args.merchant)
    except AppError as exc:
        print(translate(exc.code, "en", **exc.params), file=sys.stderr)
        return 2
    finally:
        await dispose_engine()
    print(
        f"{found.merchant}: maintenance={found.maintenance} "
        f"until={found.maintenance_end_at} networks={list(found.blocked_networks)} "
        f"countries={list(found.blocked_countries)}"
    )
    return 0


async def rotate_command() -> None:
    kid = await payload_keys.rotate()
    print(f"new payload key {kid}")
    await dispose_engine()


async def legal_command(args: argparse.Namespace, html: str) -> int:
    try:
        brand = await brands.by_code(args.merchant)
        published = await legal.publish(brand, args.doc, args.lang, args.title, html, utcnow())
    except AppError as exc:
        print(translate(exc.code, "en", **exc.params), file=sys.stderr)
        return 2
    finally:
        await dispose_engine()
    print(f"{brand.code} {published.slug} {published.language}: version {published.version}")
    return 0


async def vendor_secret_command(vendor: str) -> None:
    secret = await rotate_vendor_secret(vendor.upper())
    await dispose_engine()
    print(f"new signing secret of {vendor.upper()} (shown once): {secret}")


async def announce_command(args: argparse.Namespace) -> int:

    from app.services.brands import brands
    from app.services.content import announcements

    now = utcnow()
    try:
        brand = await brands.by_code(args.merchant)
        made = await announcements.publish(
            brand.id,
            announcements.AnnouncementSpec(
                promotion_type=args.type,
                execution=args.execution,
                title=args.title,
                content=args.html,
                starts_at=now,
                ends_at=now + timedelta(hours=args.hours),
                language=args.language,
            ),
        )
    except AppError as refused:
        print(translate(refused.code, "en", **refused.params), file=sys.stderr)
        return 1
    finally:
        await dispose_engine()
    print(f"announcement #{made} published")
    return 0
