"""Operators' reports and settings files: protection records, payout times, VIP configuration,
rebate rates, the barred list."""

from __future__ import annotations

import json
import sys
from datetime import datetime, timedelta

from app.core.db import dispose_engine
from app.core.errors import AppError
from app.core.i18n import translate
from app.services import rebate_rates
from app.services.brands import brands
from app.services.catalogue.lobby import invalidate_catalogue
from app.services.identity import barred
from app.services.loyalty import rebate, vip
from app.services.protection import payouts
from app.services.protection import records as protection_records
from models.base import utcnow


async def protection_export_command(brand_code: str, since: datetime, until: datetime) -> None:
    try:
        brand = await brands.by_code(brand_code)
        print(await protection_records.export_csv(brand.id, since, until), end="")
    finally:
        await dispose_engine()


async def payout_times_command(brand_code: str, hours: int) -> int:
    now = utcnow()
    try:
        brand = await brands.by_code(brand_code)
        found = await payouts.payout_times(brand.id, now - timedelta(hours=hours), now, now)
    finally:
        await dispose_engine()
    print("order_no,member_id,requested_at_utc,paid_at_utc,minutes,over_limit")
    for row in found:
        paid = row.paid_at.isoformat() if row.paid_at else ""
        print(
            f"{row.order_no},{row.member_id},{row.requested_at.isoformat()},{paid},"
            f"{row.minutes},{'yes' if row.over_limit else 'no'}"
        )
    over = sum(row.over_limit for row in found)
    print(f"# {len(found)} withdrawals, {over} over {payouts.PAYOUT_LIMIT_MINUTES} minutes")
    return 1 if over else 0


async def vip_config_command(brand_code: str, text: str | None) -> int:
    """Print the brand's VIP ladder, settings and rebate rates; with a file, apply it first."""
    try:
        brand = await brands.by_code(brand_code)
        if text is not None:
            await vip.import_config(brand.id, json.loads(text))
        config = await vip.export_config(brand.id)
        rates = await rebate_rates.displayed_rates(brand.id)
    except (AppError, json.JSONDecodeError) as exc:
        code = exc.code if isinstance(exc, AppError) else "vip-invalid-config"
        params = exc.params if isinstance(exc, AppError) else {"field": "file"}
        print(translate(code, "en", **params), file=sys.stderr)
        return 2
    finally:
        await dispose_engine()
    config["rebate_rates"] = {k: None if v is None else str(v) for k, v in rates.items()}
    print(json.dumps(config, indent=2))
    return 0


async def rebate_rates_command(brand_code: str, pairs: list[str]) -> int:
    """Replace the brand's rebate base rates: CATEGORY=PERCENT, or CATEGORY=- for none."""
    try:
        brand = await brands.by_code(brand_code)
        # The rate's text goes to the one number parser (vip.checked_rate), unconverted.
        rates: dict[str, str | None] = {}
        for pair in pairs:
            category, _, value = pair.partition("=")
            rates[category] = None if value.strip() == "-" else value
        await rebate.configure_rates(brand.id, rates)
        await invalidate_catalogue()  # the lobby shows the rates
    except AppError as exc:
        print(translate(exc.code, "en", **exc.params), file=sys.stderr)
        return 2
    finally:
        await dispose_engine()
    print(f"{brand.code}: {len(rates)} rebate rates set")
    return 0


async def barred_import_command(name: str, text: str) -> int:
    try:
        result = await barred.import_csv(text, name, utcnow())
    except AppError as exc:
        print(translate(exc.code, "en", **exc.params), file=sys.stderr)
        return 2
    finally:
        await dispose_engine()
    for name, count in sorted(result.lists.items()):
        print(f"{name}: {count}")
    return 0
