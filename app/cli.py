"""Operator commands: `python -m app.cli <command>`.

migrate                       upgrade the database to the newest schema and bring the
                              back office's built-in roles to this release's permissions
seed                          load the demo data (idempotent)
setup                         migrate, then seed
status show|normal|maintenance|block|unblock   switch a brand's full-page state
module BR1 NEGCARRY3 on|off   turn one of a brand's white-label modules on or off
rotate-key                    publish a new payload key (the old one stays valid a while)
audit                         prove ledger balances equal their entries and game rounds their
                              movements (exit 1 on any difference)
create-admin NAME             the first back-office admin (all brands): prints a one-time
                              invitation link (48 h) where they choose their own password and
                              authenticator
staff-invite NAME             a new invitation for a staff member (e.g. an expired first one):
                              their password and authenticator stop working until they enrol
lottery-result GAME ISSUE "1 2 3 4 5 6 7" --staff NAME
                              type an official issue's result (its provider failed); it counts
                              once a second staff member approves it (four-eyes)
approvals list|approve ID|reject ID --reason R --staff NAME
                              the four-eyes requests: list them, approve or reject one (never
                              your own, nor one of an account you made or changed)
                              Both log in as the staff member: password (STAFF_PASSWORD or asked)
                              and authenticator code (STAFF_CODE or asked).
audit-log-verify [--checkpoints FILE ...]   check the back office's keyed audit chain and hold
                              it against its checkpoints (AUDIT_CHECKPOINT_PATH and the copies
                              kept elsewhere): exit 1 where it breaks, naming the entry
audit-log-checkpoint          verify, then print the chain head's checkpoint line (to keep in an
                              external log; exit 1 instead if the log is broken)
vendor-secret BGS             rotate a game vendor's wallet signing secret (printed once)
jobs NAME                     run a scheduled job's current period now (not twice if done):
                              withdrawal-timeouts, lottery-issues, lottery-draws, lottery-results,
                              barred-sweep, … (app/jobs/__init__.py lists them all)
worker                        run the scheduled jobs in this process (for JOBS_IN_APP=false)
lottery-verify GAME ISSUE     recompute a drawn lottery issue from its revealed seed (exit 1 if
                              it differs, 2 if there is no such drawn issue)
legal BR1 terms PT --title T --file F   publish a brand's terms or privacy policy (HTML, sanitised;
                              a changed text is a new version)
protection-export BRAND SINCE UNTIL   the player-protection retention log of [SINCE, UNTIL) as CSV
barred-import FILE.csv        load the people barred from betting (header cpf,list; lists
                              SELF_EXCLUDED, BENEFIT, RELATED): each list in the file replaced,
                              all or nothing (exit 2 naming the bad lines)
payout-times BRAND [--hours H]        withdrawals of the last H hours (24): minutes to payout
                              against the 120-minute rule (exit 1 if any is over)
applications [--merchant BR1]  list activity applications waiting for review
review ENTRY process|approve|reject [--note TEXT] [--operator NAME]
                              review an activity application (the member's inbox is told)
announce TYPE EXECUTION TITLE HTML [--merchant BR1] [--language PT] [--hours 24]
                              publish an announcement (TYPE B|PL|PU|PR|H, EXECUTION A|B|F);
                              its HTML is sanitised (nh3)
vip-config BRAND [--file F]   print a brand's VIP ladder, settings and rebate rates as JSON; with
                              a file in that shape, check it whole and apply it first
rebate-rates BRAND RNG=1.2 PVP=- ...   replace a brand's rebate base rates (percent, 0-10)
bonus-forfeit MEMBER_ID       forfeit a member's open bonuses (--reason self-exclusion|
                              account-closure|operator), with a record on each grant
serve [--port P] [--host H]   one more process of a scaled site, on the frontend already built
                              by `reflex run --env prod` (no compile, no build); GRANIAN_WORKERS
"""

from __future__ import annotations

import argparse
import asyncio
import getpass
import json
import os
import sys
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from pathlib import Path

from alembic.config import Config
from pydantic import ValidationError
from sqlmodel.ext.asyncio.session import AsyncSession

from alembic import command
from app import jobs as scheduled_jobs
from app.core.cache import close_redis
from app.core.config import PROJECT_ROOT, get_settings
from app.core.db import dispose_engine, session_scope
from app.core.errors import AppError
from app.core.i18n import translate
from app.demo.seed import seed_demo_data
from app.jobs.scheduler import run_engine
from app.services import browser_logins, legal, operator_identity, rebate_rates, site_status
from app.services.backoffice import approvals
from app.services.backoffice import audit as audit_log
from app.services.backoffice import lottery as backoffice_lottery
from app.services.backoffice import staff as staff_service
from app.services.backoffice.staff import Staff
from app.services.brands import brands
from app.services.catalogue.lobby import invalidate_catalogue
from app.services.identity import barred
from app.services.job_runs import run_current
from app.services.ledger import audit
from app.services.lottery import issues as lottery_issues
from app.services.loyalty import rebate, vip
from app.services.payload_keys import payload_keys
from app.services.protection import payouts
from app.services.protection import records as protection_records
from app.services.seamless.vendors import rotate_vendor_secret
from app.services.site_status import Record, SiteSwitches
from models.base import saved_id, utcnow


def migrate() -> None:
    config = Config(str(PROJECT_ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(Path(PROJECT_ROOT) / "alembic"))
    command.upgrade(config, "head")


async def _sync_roles() -> None:
    await staff_service.sync_builtin_roles()
    await dispose_engine()


async def _seed() -> None:
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


async def _module(merchant: str, mod_id: str, enabled: bool) -> int:
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


async def _operator_identity(args: argparse.Namespace) -> int:
    now = utcnow()

    async def record(
        session: AsyncSession, merchant: str, shown: operator_identity.OperatorIdentity
    ) -> None:
        detail = {"name": shown.name, "cnpj": shown.cnpj, "licence": shown.licence}
        await audit_log.append(
            session, audit_log.Actor(None, "cli"), "settings.operator_identity",
            now=now, target=merchant, detail=detail,
        )  # fmt: skip

    try:
        shown = await operator_identity.set_identity(
            args.merchant, name=args.name, cnpj=args.cnpj, licence=args.licence, now=now,
            record=record,
        )  # fmt: skip
    except AppError as exc:
        print(translate(exc.code, "en", **exc.params), file=sys.stderr)
        return 2
    finally:
        await dispose_engine()
    print(f"{args.merchant.upper()}: {shown.name} · CNPJ {shown.cnpj} · {shown.licence}")
    return 0


async def _status(args: argparse.Namespace, until: datetime | None) -> int:
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


async def _invitation(issue: Awaitable[staff_service.Invitation]) -> int:
    """Print a staff invitation's one-time link: its holder chooses the password and the
    authenticator on the console's enrolment page; this command never sees either."""
    try:
        invitation = await issue
    except AppError as refused:
        print(translate(refused.code, "en", **refused.params), file=sys.stderr)
        return 2
    finally:
        await dispose_engine()
    print(f"invitation for {invitation.username}, valid once until {invitation.expires_at}:")
    print(f"  {invitation.link}")
    print("Open it to choose the password and add the authenticator, then log in at /admin/login.")
    return 0


_CHAIN_PROBLEMS = {
    "changed": "its MAC does not match it (edited, or the chain recomputed without the key)",
    "missing": "it is missing from the middle of the chain",
    "inserted": "it does not follow the entry before it (inserted or moved)",
    "head": "the head row names another end of the chain",
    "truncated": "a checkpoint names it or a later entry, which the log no longer has",
    "rewritten": "it differs from its checkpoint: the chain up to it was rewritten since "
    "(with the key, or turned unkeyed)",
    "unanchored": "no checkpoint names any keyed entry, so a removed tail could not be seen "
    "(pass the copies kept elsewhere with --checkpoints)",
}


async def _audit_log_verify(copies: list[Path]) -> int:
    absent = [str(path) for path in copies if not path.is_file()]
    if absent:
        print(f"no such checkpoint file: {', '.join(absent)}", file=sys.stderr)
        return 2
    try:
        result = await audit_log.verify(copies)
    finally:
        await dispose_engine()
    if result.ok:
        unkeyed = f", {result.unkeyed} of them from before the key" if result.unkeyed else ""
        print(
            f"audit log: intact, {result.checked} entries checked{unkeyed}; "
            f"{result.checkpoints} checkpoints match"
        )
        return 0
    where, before = "", "checked"
    if result.broken_at is not None:
        where, before = f"at entry {result.broken_at} ", "before it are intact"
    print(
        f"audit log: BROKEN {where}({result.problem}): {_CHAIN_PROBLEMS[result.problem]}; "
        f"{result.checked} entries {before}"
    )
    return 1


async def _audit_log_checkpoint() -> int:
    try:
        if not (await audit_log.verify()).ok:
            print("audit log: broken, no checkpoint given (see audit-log-verify)", file=sys.stderr)
            return 1
        line = await audit_log.head_checkpoint()
    finally:
        await dispose_engine()
    print(line or "audit log: empty, nothing to checkpoint")
    return 0


async def _rotate() -> None:
    kid = await payload_keys.rotate()
    print(f"new payload key {kid}")
    await dispose_engine()


async def _legal(args: argparse.Namespace, html: str) -> int:
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


def _staff_login(username: str) -> tuple[str, str, str]:
    """A staff member's user name, password (STAFF_PASSWORD or asked) and authenticator code
    (STAFF_CODE or asked)."""
    password = os.environ.get("STAFF_PASSWORD") or getpass.getpass("password: ")
    code = os.environ.get("STAFF_CODE") or input("authenticator code: ")
    return username, password, code


async def _as_staff(
    login: tuple[str, str, str], decision: Callable[[Staff], Awaitable[str]]
) -> int:
    """A back-office decision from the command line, as a staff member logged in the way the
    console logs in (password and code); the run is a browser of its own, logged out at the
    end."""
    username, password, code = login
    browser = browser_logins.new_browser_secret()
    try:
        logged = await staff_service.login(username, password, code, browser, "cli", utcnow())
        browser = logged.browser_secret  # a login binds a fresh secret: the run's browser
        print(await decision(logged.staff))
    except AppError as refused:
        print(translate(refused.code, "en", **refused.params), file=sys.stderr)
        return 1
    finally:
        await staff_service.logout(browser, utcnow())
        await dispose_engine()
        await close_redis()
    return 0


async def _lottery_result(staff: Staff, game_code: str, issue_no: str, numbers: str) -> str:
    issue = await lottery_issues.find(game_code, issue_no)
    request = await backoffice_lottery.enter_result(staff, saved_id(issue.id), numbers, utcnow())
    return f"request #{request}: waits for a second staff member (approvals approve {request})"


async def _approval(staff: Staff, action: str, request_id: int, reason: str) -> str:
    if action == "approve":
        done = await approvals.approve(staff, request_id, utcnow())
    else:
        done = await approvals.reject(staff, request_id, reason, utcnow())
    if done.status == approvals.FAILED:
        code = str(done.result.get("error", ""))
        raise AppError(code or "approval-unknown", status=409)
    return f"request #{done.id} ({done.kind}): {done.status}"


async def _pending(staff: Staff) -> str:
    lines = [
        f"#{a.id}\t{a.kind}\t{a.amount}\t{a.summary}\tby staff {a.requested_by}"
        for a in await approvals.pending(staff, utcnow())
    ]
    return "\n".join([*lines, f"{len(lines)} waiting"])


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


async def _affiliates(action: str, application_id: int | None) -> int:
    """List pending affiliate applications, or approve / reject one."""
    from app.core.clock import now
    from app.services.agents import affiliates

    if action == "list":
        for found in await affiliates.pending():
            print(f"{found.id}\t{found.username}\t{found.channel}\t{found.created_at:%Y-%m-%d}")
        return 0
    if application_id is None:
        print("an application id is needed")
        return 2
    decided = await affiliates.decide(application_id, action == "approve", "cli", now())
    print(f"{decided.id}\t{decided.username}\t{decided.status}")
    return 0


async def _applications(merchant: str) -> int:
    from app.services.brands import brands
    from app.services.promotions import applications

    try:
        brand = await brands.by_code(merchant)
        waiting = await applications.waiting(brand.id)
    finally:
        await dispose_engine()
    for item in waiting:
        print(
            f"#{item.entry_id} {item.status.value:8} {item.promotion_code} {item.username} "
            f"images={len(item.images)} comment={item.comment!r}"
        )
    print(f"{len(waiting)} waiting")
    return 0


async def _review(entry_id: int, decision: str, note: str, operator: str) -> int:
    from app.services.promotions import applications

    try:
        if decision == "process":
            view = await applications.start_review(entry_id, operator, utcnow())
        else:
            view = await applications.review(
                entry_id, operator, decision == "approve", note, utcnow()
            )
    except AppError as refused:
        print(f"#{entry_id}: {translate(refused.code, 'en', **refused.params)}", file=sys.stderr)
        return 1
    finally:
        await dispose_engine()
        await close_redis()
    print(f"#{view.entry_id}: {view.status.value}")
    return 0


async def _announce(args: argparse.Namespace) -> int:
    from datetime import timedelta

    from app.services import announcements
    from app.services.brands import brands

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


async def _bonus_forfeit(member_id: int, reason: str) -> int:
    from app.services.promotions import bonus

    try:
        count = await bonus.forfeit(member_id, reason, utcnow())
    finally:
        await dispose_engine()
        await close_redis()
    print(f"member {member_id}: {count} bonuses forfeited ({reason})")
    return 0


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


async def _protection_export(brand_code: str, since: datetime, until: datetime) -> None:
    try:
        brand = await brands.by_code(brand_code)
        print(await protection_records.export_csv(brand.id, since, until), end="")
    finally:
        await dispose_engine()


async def _payout_times(brand_code: str, hours: int) -> int:
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


async def _vip_config(brand_code: str, text: str | None) -> int:
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


async def _rebate_rates(brand_code: str, pairs: list[str]) -> int:
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


async def _barred_import(name: str, text: str) -> int:
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.cli")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("migrate")
    sub.add_parser("seed")
    sub.add_parser("setup")
    sub.add_parser("rotate-key")
    sub.add_parser("audit")
    admin = sub.add_parser("create-admin", help="the first back-office admin, by invitation")
    admin.add_argument("username")
    invite = sub.add_parser("staff-invite", help="a staff member's new invitation")
    invite.add_argument("username")
    log_verify = sub.add_parser("audit-log-verify", help="check the back office's audit log")
    log_verify.add_argument(
        "--checkpoints", type=Path, action="append", default=[], help="a copy kept elsewhere"
    )
    sub.add_parser("audit-log-checkpoint", help="print the audit chain head's checkpoint")
    vendor_secret = sub.add_parser("vendor-secret", help="rotate a game vendor's wallet secret")
    vendor_secret.add_argument("vendor", help="vendor code, e.g. BGS")
    verify = sub.add_parser("lottery-verify", help="recompute a drawn lottery issue")
    verify.add_argument("game", help="game code, e.g. ssc-1m")
    verify.add_argument("issue", help="issue number, e.g. 20261123-0001")
    legal_text = sub.add_parser("legal", help="publish a brand's terms or privacy policy")
    legal_text.add_argument("merchant", help="brand code, e.g. BR1")
    legal_text.add_argument("doc", choices=legal.DOCUMENTS)
    legal_text.add_argument("lang", help="one of the brand's languages, e.g. PT")
    legal_text.add_argument("--title", required=True)
    legal_text.add_argument("--file", required=True, help="the text, as HTML")
    jobs = sub.add_parser("jobs")
    jobs.add_argument("job", choices=sorted(job.name for job in scheduled_jobs.JOBS))
    sub.add_parser("worker")
    affiliate = sub.add_parser("affiliates", help="affiliate applications: list, approve, reject")
    affiliate.add_argument("action", choices=("list", "approve", "reject"))
    affiliate.add_argument("id", type=int, nargs="?")
    waiting = sub.add_parser("applications")
    waiting.add_argument("--merchant", default="BR1")
    review = sub.add_parser("review")
    review.add_argument("entry", type=int)
    review.add_argument("decision", choices=["process", "approve", "reject"])
    review.add_argument("--note", default="")
    review.add_argument("--operator", default="cli")
    announce = sub.add_parser("announce")
    announce.add_argument("type", choices=["B", "PL", "PU", "PR", "H"])
    announce.add_argument("execution", choices=["A", "B", "F"])
    announce.add_argument("title")
    announce.add_argument("html")
    announce.add_argument("--merchant", default="BR1")
    announce.add_argument("--language", choices=["PT", "EN"])
    announce.add_argument("--hours", type=int, default=24)
    forfeit = sub.add_parser("bonus-forfeit")
    forfeit.add_argument("member", type=int)
    forfeit.add_argument(
        "--reason", default="operator", choices=["self-exclusion", "account-closure", "operator"]
    )
    served = sub.add_parser("serve")
    served.add_argument("--host", default="0.0.0.0")  # noqa: S104 (behind the reverse proxy)
    served.add_argument("--port", type=int, default=3000)
    export = sub.add_parser("protection-export", help="the protection retention log as CSV")
    export.add_argument("brand")
    export.add_argument("since", type=datetime.fromisoformat, help="ISO time with offset")
    export.add_argument("until", type=datetime.fromisoformat, help="ISO time with offset")
    barred_file = sub.add_parser("barred-import", help="load the barred-from-betting list")
    barred_file.add_argument("file", type=Path)
    payout = sub.add_parser("payout-times", help="withdrawals' minutes to payout")
    payout.add_argument("brand")
    payout.add_argument("--hours", type=int, default=24)
    vip_config = sub.add_parser("vip-config", help="show (or apply) a brand's VIP ladder")
    vip_config.add_argument("brand")
    vip_config.add_argument("--file", help="a JSON file in the shape this command prints")
    rebate_rates = sub.add_parser("rebate-rates", help="set a brand's rebate base rates")
    rebate_rates.add_argument("brand")
    rebate_rates.add_argument("rates", nargs="+", help="CATEGORY=PERCENT or CATEGORY=-")
    status = sub.add_parser("status")
    status.add_argument("action", choices=["show", "normal", "maintenance", "block", "unblock"])
    status.add_argument("--merchant", default="BR1")
    status.add_argument("--until", help="ISO time with offset, e.g. 2026-12-01T03:00+00:00")
    status.add_argument("--message")
    status.add_argument("--network", action="append", default=[], help="CIDR, repeatable")
    status.add_argument("--country", action="append", default=[], help="ISO code, repeatable")
    result = sub.add_parser("lottery-result", help="type an official issue's result (four-eyes)")
    result.add_argument("game", help="game code, e.g. marksix")
    result.add_argument("issue", help="issue number")
    result.add_argument("numbers", help='the official numbers, e.g. "1 2 3 4 5 6 7"')
    result.add_argument("--staff", required=True, help="your staff user name")
    decide = sub.add_parser("approvals", help="four-eyes requests: list, approve, reject")
    decide.add_argument("action", choices=("list", "approve", "reject"))
    decide.add_argument("id", type=int, nargs="?")
    decide.add_argument("--reason", default="")
    decide.add_argument("--staff", required=True, help="your staff user name")
    module = sub.add_parser("module")
    module.add_argument("merchant")
    module.add_argument("mod_id")
    module.add_argument("switch", choices=["on", "off"])
    operator = sub.add_parser(
        "operator-identity", help="the operator's legal name, CNPJ and licence in the footer"
    )
    operator.add_argument("merchant")
    operator.add_argument("--name", required=True, help="the operator's legal name")
    operator.add_argument("--cnpj", required=True, help="14 digits, punctuation allowed")
    operator.add_argument("--licence", required=True, help="e.g. SPA/MF ordinance number")
    args = parser.parse_args(argv)

    try:
        get_settings()  # every command (serve and worker start the app) stops on bad settings
    except ValidationError as refused:
        print(refused, file=sys.stderr)  # names each demo part a production start refuses
        return 2
    if args.command == "migrate":
        migrate()
        asyncio.run(_sync_roles())
    elif args.command == "seed":
        asyncio.run(_seed())
    elif args.command == "setup":
        migrate()
        asyncio.run(_sync_roles())
        asyncio.run(_seed())
    elif args.command == "rotate-key":
        asyncio.run(_rotate())
    elif args.command == "audit":
        return asyncio.run(_audit())
    elif args.command == "create-admin":
        return asyncio.run(_invitation(staff_service.create_first_admin(args.username, utcnow())))
    elif args.command == "staff-invite":
        return asyncio.run(_invitation(staff_service.reinvite_by_name(args.username, utcnow())))
    elif args.command == "audit-log-verify":
        return asyncio.run(_audit_log_verify(args.checkpoints))
    elif args.command == "audit-log-checkpoint":
        return asyncio.run(_audit_log_checkpoint())
    elif args.command == "vendor-secret":
        asyncio.run(_vendor_secret(args.vendor))
    elif args.command == "lottery-verify":
        return asyncio.run(_lottery_verify(args.game, args.issue))
    elif args.command == "legal":
        return asyncio.run(_legal(args, Path(args.file).read_text(encoding="utf-8")))
    elif args.command == "jobs":
        asyncio.run(_job(args.job))
    elif args.command == "affiliates":
        return asyncio.run(_affiliates(args.action, args.id))
    elif args.command == "worker":
        asyncio.run(_worker())
    elif args.command == "applications":
        return asyncio.run(_applications(args.merchant))
    elif args.command == "review":
        return asyncio.run(_review(args.entry, args.decision, args.note, args.operator))
    elif args.command == "announce":
        return asyncio.run(_announce(args))
    elif args.command == "bonus-forfeit":
        return asyncio.run(_bonus_forfeit(args.member, args.reason))
    elif args.command == "serve":
        serve(args.host, args.port)
    elif args.command == "protection-export":
        asyncio.run(_protection_export(args.brand, args.since, args.until))
    elif args.command == "barred-import":
        text = args.file.read_text(encoding="utf-8-sig")
        return asyncio.run(_barred_import(args.file.name, text))
    elif args.command == "payout-times":
        return asyncio.run(_payout_times(args.brand, args.hours))
    elif args.command == "vip-config":
        text = Path(args.file).read_text(encoding="utf-8") if args.file else None
        return asyncio.run(_vip_config(args.brand, text))
    elif args.command == "rebate-rates":
        return asyncio.run(_rebate_rates(args.brand, args.rates))
    elif args.command == "lottery-result":
        return asyncio.run(
            _as_staff(
                _staff_login(args.staff),
                lambda staff: _lottery_result(staff, args.game, args.issue, args.numbers),
            )
        )
    elif args.command == "approvals":
        if args.action != "list" and args.id is None:
            parser.error("an approval request id is needed")
        return asyncio.run(
            _as_staff(
                _staff_login(args.staff),
                lambda staff: (
                    _pending(staff)
                    if args.action == "list"
                    else _approval(staff, args.action, args.id, args.reason)
                ),
            )
        )
    elif args.command == "module":
        return asyncio.run(_module(args.merchant, args.mod_id, args.switch == "on"))
    elif args.command == "operator-identity":
        return asyncio.run(_operator_identity(args))
    elif args.command == "status":
        try:
            until = datetime.fromisoformat(args.until) if args.until else None
        except ValueError:
            parser.error(translate("site-status-until-invalid", "en", until=args.until))
        return asyncio.run(_status(args, until))
    return 0


if __name__ == "__main__":
    sys.exit(main())
