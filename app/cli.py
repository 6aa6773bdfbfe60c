"""Operator commands: `python -m app.cli <command>`.

migrate                       upgrade the database to the newest schema
seed                          load the demo data (idempotent)
setup                         migrate, then seed
status show|normal|maintenance|block|unblock   switch a brand's full-page state
rotate-key                    publish a new payload key (the old one stays valid a while)
audit                         prove ledger balances equal their entries and game rounds their
                              movements (exit 1 on any difference)
vendor-secret BGS             rotate a game vendor's wallet signing secret (printed once)
jobs withdrawal-timeouts      run a scheduled job's current period now (not twice if done)
worker                        run the scheduled jobs in this process (for JOBS_IN_APP=false)
lottery-verify GAME ISSUE     recompute a drawn lottery issue from its revealed seed (exit 1 if
                              it differs, 2 if there is no such drawn issue)
serve [--port P] [--host H]   one more process of a scaled site, on the frontend already built
                              by `reflex run --env prod` (no compile, no build); GRANIAN_WORKERS
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from datetime import datetime
from pathlib import Path

from alembic.config import Config

from alembic import command
from app import jobs as scheduled_jobs
from app.core.cache import close_redis
from app.core.config import PROJECT_ROOT
from app.core.db import dispose_engine, session_scope
from app.core.errors import AppError
from app.core.i18n import translate
from app.demo.seed import seed_demo_data
from app.jobs.scheduler import run_engine
from app.services import site_status
from app.services.job_runs import run_current
from app.services.ledger import audit
from app.services.lottery import issues as lottery_issues
from app.services.payload_keys import payload_keys
from app.services.seamless.vendors import rotate_vendor_secret
from models.base import utcnow


def migrate() -> None:
    config = Config(str(PROJECT_ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(Path(PROJECT_ROOT) / "alembic"))
    command.upgrade(config, "head")


async def _seed() -> None:
    created = await seed_demo_data()
    print(f"demo data: created {', '.join(created) if created else 'nothing (already there)'}")
    await dispose_engine()


async def _status(args: argparse.Namespace, until: datetime | None) -> int:
    now = utcnow()
    try:
        if args.action == "normal":
            found = await site_status.back_to_normal(args.merchant, now=now)
        elif args.action == "maintenance":
            found = await site_status.start_maintenance(
                args.merchant, until=until, message=args.message, now=now
            )
        elif args.action == "block":
            found = await site_status.block(
                args.merchant, networks=args.network, countries=args.country, now=now
            )
        elif args.action == "unblock":
            found = await site_status.unblock(
                args.merchant, networks=args.network, countries=args.country, now=now
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


async def _rotate() -> None:
    kid = await payload_keys.rotate()
    print(f"new payload key {kid}")
    await dispose_engine()


async def _vendor_secret(vendor: str) -> None:
    secret = await rotate_vendor_secret(vendor.upper())
    await dispose_engine()
    print(f"new signing secret of {vendor.upper()} (shown once): {secret}")


async def _audit() -> int:
    async with session_scope() as session:
        report = await audit(session)
    await dispose_engine()
    for difference in report.differences:
        print(f"{difference.check} #{difference.subject_id}: {difference.detail}")
    print(
        f"ledger audit: {report.accounts_checked} accounts checked, "
        f"{report.transactions_checked} transactions checked, "
        f"{report.rounds_checked} game rounds checked, "
        f"{len(report.differences)} differences"
    )
    return 0 if report.clean else 1


async def _lottery_verify(game_code: str, issue_no: str) -> int:
    try:
        issue = await lottery_issues.find(game_code, issue_no)
        check = lottery_issues.verify(issue)
    except AppError as refused:
        print(f"{game_code} {issue_no}: {refused.code}", file=sys.stderr)
        return 2
    finally:
        await dispose_engine()
    print(f"issue:       {check.game_code} {check.issue_no}")
    print(f"seed hash:   {check.seed_hash} (published before the issue opened)")
    print(f"server seed: {check.server_seed}")
    print(f"beacon:      {check.beacon or '-'}")
    print(f"hash check:  {'ok' if check.hash_matches else 'DIFFERENT'}")
    print(f"stored:      {' '.join(map(str, check.stored))}")
    print(f"recomputed:  {' '.join(map(str, check.recomputed))}")
    print(f"matches: {'yes' if check.matches else 'NO'}")
    return 0 if check.matches else 1


async def _job(name: str) -> None:
    try:
        run = await run_current(scheduled_jobs.by_name(name))
    finally:
        await dispose_engine()
        await close_redis()
    period = f"{run.period:%Y-%m-%dT%H:%M:%SZ}"
    if run.ran:
        print(f"{run.job}: {run.changed} changed (period {period})")
    else:
        print(f"{run.job}: period {period} already done, nothing changed")


async def _worker() -> None:
    try:
        await run_engine(scheduled_jobs.JOBS, signal_handlers=True)
    finally:
        await dispose_engine()
        await close_redis()


def serve(host: str, port: int) -> None:
    """Reflex's production server (granian, GRANIAN_WORKERS workers, the built frontend
    mounted) without the compile and build steps of `reflex run`: further processes of a
    scaled deployment share the one build in `.web`. With no build there, it serves the
    API and the websocket only."""
    from reflex.utils import exec as reflex_exec
    from reflex_base import constants
    from reflex_base.environment import environment

    built = (PROJECT_ROOT / ".web" / "build" / "client" / "index.html").exists()
    if not built:
        print("no built frontend in .web (`reflex run --env prod` builds it): API only")
    environment.REFLEX_ENV_MODE.set(constants.Env.PROD)
    environment.REFLEX_SKIP_COMPILE.set(True)
    reflex_exec.run_backend_prod(host, port, mount_frontend_compiled_app=built)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.cli")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("migrate")
    sub.add_parser("seed")
    sub.add_parser("setup")
    sub.add_parser("rotate-key")
    sub.add_parser("audit")
    vendor_secret = sub.add_parser("vendor-secret", help="rotate a game vendor's wallet secret")
    vendor_secret.add_argument("vendor", help="vendor code, e.g. BGS")
    verify = sub.add_parser("lottery-verify", help="recompute a drawn lottery issue")
    verify.add_argument("game", help="game code, e.g. ssc-1m")
    verify.add_argument("issue", help="issue number, e.g. 20261123-0001")
    jobs = sub.add_parser("jobs")
    jobs.add_argument("job", choices=sorted(job.name for job in scheduled_jobs.JOBS))
    sub.add_parser("worker")
    served = sub.add_parser("serve")
    served.add_argument("--host", default="0.0.0.0")  # noqa: S104 (behind the reverse proxy)
    served.add_argument("--port", type=int, default=3000)
    status = sub.add_parser("status")
    status.add_argument("action", choices=["show", "normal", "maintenance", "block", "unblock"])
    status.add_argument("--merchant", default="BR1")
    status.add_argument("--until", help="ISO time with offset, e.g. 2026-12-01T03:00+00:00")
    status.add_argument("--message")
    status.add_argument("--network", action="append", default=[], help="CIDR, repeatable")
    status.add_argument("--country", action="append", default=[], help="ISO code, repeatable")
    args = parser.parse_args(argv)

    if args.command == "migrate":
        migrate()
    elif args.command == "seed":
        asyncio.run(_seed())
    elif args.command == "setup":
        migrate()
        asyncio.run(_seed())
    elif args.command == "rotate-key":
        asyncio.run(_rotate())
    elif args.command == "audit":
        return asyncio.run(_audit())
    elif args.command == "vendor-secret":
        asyncio.run(_vendor_secret(args.vendor))
    elif args.command == "lottery-verify":
        return asyncio.run(_lottery_verify(args.game, args.issue))
    elif args.command == "jobs":
        asyncio.run(_job(args.job))
    elif args.command == "worker":
        asyncio.run(_worker())
    elif args.command == "serve":
        serve(args.host, args.port)
    elif args.command == "status":
        try:
            until = datetime.fromisoformat(args.until) if args.until else None
        except ValueError:
            parser.error(translate("site-status-until-invalid", "en", until=args.until))
        return asyncio.run(_status(args, until))
    return 0


if __name__ == "__main__":
    sys.exit(main())
