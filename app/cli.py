"""Operator commands: `python -m app.cli <command>`.

migrate                       upgrade the database to the newest schema and bring the
                              back office's built-in roles to this release's permissions
seed                          load the demo data (idempotent)
setup                         migrate, then seed
status show|normal|maintenance|block|unblock   switch a brand's full-page state
module BR1 NEGCARRY3 on|off   turn one of a brand's white-label modules on or off
modules BR1                   list a brand's modules: switch, on or off, parent, name
register-field BR1 [FIELD] [--shown|--hidden] [--required|--optional] [--min N] [--max N]
                              [--pattern-id N] [--accepted REGEX] [--hint TEXT]   list a brand's
                              registration fields, or change one (a new one is added; "-" clears
                              a value; the hint shows under the field, plain text);
                              audited, every process sees it at its next request
banner BR1 [list | add GROUP [--image REF --title T] [--link L] [--language PT]
            [--promotion CODE] [--sort N] | remove ID]
                              a brand's banners: the home carousel's (w_home; one tied to a
                              promotion shows its art and words while it is open) and the
                              popups' (w_login, w_register, w_forget); audited
missions BR1 list|create|schedule|stop [mission|race CODE] [--starts ISO] [--ends ISO] ...
                              a brand's missions and races: create one (--title-en --title-pt
                              --period DAILY|WEEKLY --measure KIND; a mission's --target and
                              --reward, a race's --prize per place), set its start and end,
                              or stop it now (audited)
operator-identity BR1 --name N --cnpj C --licence L [--domain D]   the operator's legal
                              name, CNPJ, licence and licensed domain (Brazil: .bet.br) shown
                              in the footer (audited)
rotate-key                    publish a new payload key (the old one stays valid a while)
audit                         prove ledger balances equal their entries and game rounds their
                              movements (exit 1 on any difference)
create-admin NAME             the first back-office admin (all brands): prints a one-time
                              invitation link (48 h) where they choose their own password and
                              authenticator
staff-invite NAME             a new invitation for a staff member (e.g. an expired first one):
                              their password and authenticator stop working until they enrol
lottery-result GAME ISSUE "1 2 3 4 5 6 7" --reason R --staff NAME
                              type an official issue's result (its provider failed) and where
                              it comes from; it counts once a second staff member approves it
                              (four-eyes)
agent-contract-offer BR1 AGENT KIND --rate 0.5 [--period D] [--min-active N]
                              [--min-valid-bet X] [--loss-rate R --min-single-bet X]
                              [--reason R] --staff NAME
                              the house offers a top agent (no upline) a contract: KIND
                              DIVIDEND, DAILY_SALARY, HOURLY_SALARY or REALTIME_SALARY, rates in
                              percent (or --terms JSON); above the brand's threshold it waits
                              for a second staff member (approvals approve ID), with the
                              reason it needs
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
worker [--ops-port P]         run the scheduled jobs in this process (for JOBS_IN_APP=false); with
                              a port, /health/live, /health/ready and /metrics on it
lottery-verify GAME ISSUE     recompute a drawn lottery issue from its revealed seed (exit 1 if
                              it differs, 2 if there is no such drawn issue)
crash-chain BRAND [--length N] [--edge PERCENT]   make a brand's Crash hash chain in advance
                              (default 1,000,000 rounds, 1.00 % edge; refused under the brand's
                              return floor) and print its terminal hash to publish
crash-salt BRAND SALT         fix the chain's public salt (e.g. a future beacon round's value),
                              once, before its first round: rounds start only then
crash-verify crash-ID         recompute a crashed round from its revealed seed, the chain's
                              terminal hash and salt (exit 1 if it differs, 2 if unknown)
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
backup --to FILE              an encrypted backup of the database while the app runs (BACKUP_KEY;
                              SQLite online backup API, or pg_dump)
backup-verify FILE            check that a backup decrypts whole under BACKUP_KEY (restores nothing)
restore --from FILE           restore a backup into the configured database, which must be empty,
                              then run the ledger audit and the audit-log verification on it
serve [--port P] [--host H]   one more process of a scaled site, on the frontend already built
                              by `reflex run --env prod` (no compile, no build), with
                              GRANIAN_WORKERS workers
crash-live [--port P] [--host H] [--workers N]
                              Crash's live socket (/_crash/live) in a process of its own (N
                              event loops, 1 by default), for the proxy to send it to (scaled
                              mode: REDIS_URL)
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import sys
from collections.abc import Callable, Coroutine, Iterator, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from app.core import logs
from app.core.config import get_settings
from app.core.i18n import translate


class _Module:
    """The module `name`, imported when one of its names is first used: a command imports
    its own work only (importing every command's took most of a command's start)."""

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attribute: str) -> Any:
        return getattr(importlib.import_module(self._name), attribute)


if TYPE_CHECKING:
    from app import jobs as scheduled_jobs
    from app.commands import audits, games, processes, reports, settings, setup, staff
    from app.services.backoffice import staff as staff_service
    from app.services.content import legal
    from models import base as model_base
else:
    audits, games, processes, reports, settings, setup, staff = (
        _Module(f"app.commands.{name}")
        for name in ("audits", "games", "processes", "reports", "settings", "setup", "staff")
    )
    scheduled_jobs = _Module("app.jobs")
    staff_service = _Module("app.services.backoffice.staff")
    legal = _Module("app.services.content.legal")
    model_base = _Module("models.base")


class _Later:
    """A command's choices, read only when a value is checked against them (given a metavar,
    argparse does not list them before): the jobs' names import every job's module."""

    def __init__(self, read: Callable[[], Sequence[str]]) -> None:
        self._read = read

    def __contains__(self, choice: object) -> bool:
        return choice in self._read()

    def __iter__(self) -> Iterator[str]:
        return iter(self._read())


def command_parser() -> argparse.ArgumentParser:
    """Every command with its arguments (each one's work is in COMMANDS)."""
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
    crash_chain = sub.add_parser("crash-chain", help="make a brand's Crash hash chain")
    crash_chain.add_argument("brand", help="brand code, e.g. BR1")
    crash_chain.add_argument("--length", type=int, default=1_000_000)
    crash_chain.add_argument("--edge", default="1.00", help="house edge in percent")
    crash_salt = sub.add_parser("crash-salt", help="fix the Crash chain's public salt")
    crash_salt.add_argument("brand")
    crash_salt.add_argument("salt")
    crash_verify = sub.add_parser("crash-verify", help="recompute a crashed Crash round")
    crash_verify.add_argument("round", help="the round's id, e.g. crash-42")
    legal_text = sub.add_parser("legal", help="publish a brand's terms or privacy policy")
    legal_text.add_argument("merchant", help="brand code, e.g. BR1")
    legal_text.add_argument("doc", metavar="DOC", choices=_Later(lambda: legal.DOCUMENTS))
    legal_text.add_argument("lang", help="one of the brand's languages, e.g. PT")
    legal_text.add_argument("--title", required=True)
    legal_text.add_argument("--file", required=True, help="the text, as HTML")
    jobs = sub.add_parser("jobs")
    jobs.add_argument(
        "job",
        metavar="NAME",
        choices=_Later(lambda: sorted(job.name for job in scheduled_jobs.all_jobs())),
    )
    worker = sub.add_parser("worker")
    worker.add_argument("--ops-port", type=int, help="serve /health/* and /metrics on this port")
    worker.add_argument("--ops-host", default="127.0.0.1")
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
    backup = sub.add_parser("backup", help="an encrypted backup of the database")
    backup.add_argument("--to", type=Path, required=True, dest="target")
    backup_verify = sub.add_parser("backup-verify", help="check a backup under BACKUP_KEY")
    backup_verify.add_argument("file", type=Path)
    restore = sub.add_parser("restore", help="restore a backup into an empty database")
    restore.add_argument("--from", type=Path, required=True, dest="source")
    served = sub.add_parser("serve")
    served.add_argument("--host", default="0.0.0.0")  # noqa: S104 (behind the reverse proxy)
    served.add_argument("--port", type=int, default=3000)
    live = sub.add_parser("crash-live", help="Crash's live socket in a process of its own")
    live.add_argument("--host", default="0.0.0.0")  # noqa: S104 (behind the reverse proxy)
    live.add_argument("--port", type=int, default=3010)
    live.add_argument("--workers", type=int, default=1, choices=range(1, 17), metavar="N")
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
    result.add_argument("--reason", required=True, help="where the numbers come from")
    result.add_argument("--staff", required=True, help="your staff user name")
    decide = sub.add_parser("approvals", help="four-eyes requests: list, approve, reject")
    decide.add_argument("action", choices=("list", "approve", "reject"))
    decide.add_argument("id", type=int, nargs="?")
    decide.add_argument("--reason", default="")
    decide.add_argument("--staff", required=True, help="your staff user name")
    house = sub.add_parser("agent-contract-offer", help="the house's contract to a top agent")
    house.add_argument("merchant")
    house.add_argument("agent", help="the top agent's user name")
    house.add_argument("kind", help="DIVIDEND, DAILY_SALARY, HOURLY_SALARY or REALTIME_SALARY")
    house.add_argument("--period", default="", help="dividends: D, W, H or M")
    house.add_argument("--rate", default="", help="percent (real-time: the profit salary rate)")
    house.add_argument("--min-active", dest="min_active", default="0")
    house.add_argument("--min-valid-bet", dest="min_valid_bet", default="0")
    house.add_argument("--loss-rate", dest="loss_rate", default="", help="real-time, percent")
    house.add_argument("--min-single-bet", dest="min_single_bet", default="0")
    house.add_argument("--terms", default="", help="the whole terms as JSON instead")
    house.add_argument("--reason", default="", help="why: needed above the threshold")
    house.add_argument("--staff", required=True, help="your staff user name")
    module = sub.add_parser("module")
    module.add_argument("merchant")
    module.add_argument("mod_id")
    module.add_argument("switch", choices=["on", "off"])
    sub.add_parser("modules", help="list a brand's modules").add_argument("merchant")
    field = sub.add_parser("register-field", help="a brand's registration fields")
    field.add_argument("merchant")
    field.add_argument("field", nargs="?", help="e.g. zalo; none: list the fields")
    field.add_argument("--shown", dest="shown", action="store_true", default=None)
    field.add_argument("--hidden", dest="shown", action="store_false")
    field.add_argument("--required", dest="required", action="store_true", default=None)
    field.add_argument("--optional", dest="required", action="store_false")
    field.add_argument("--min", help="shortest length, or - for none")
    field.add_argument("--max", help="longest length, or - for none")
    field.add_argument("--pattern-id", dest="pattern_id", help="0-23 (spec 5), or -")
    field.add_argument("--accepted", help="accepted pattern (a regex, * for any), or -")
    field.add_argument("--hint", help="the words shown under the field (plain text), or -")
    banner = sub.add_parser("banner", help="a brand's banners: list, add, remove")
    banner.add_argument("merchant")
    banner.add_argument("action", nargs="?", default="list", choices=("list", "add", "remove"))
    banner.add_argument("group", nargs="?", help="add: w_home, w_login, ...; remove: the id")
    banner.add_argument("--image", help="a file the site ships (/promo-art/...) or https://")
    banner.add_argument("--title", help="what the image says, for screen readers")
    banner.add_argument("--link", help="where it leads: a site path or a web address")
    banner.add_argument("--language", help="one of the brand's languages (none: all)")
    banner.add_argument("--promotion", help="a promotion code of the brand (w_home)")
    banner.add_argument("--sort", type=int, default=0, help="its place in the group")
    campaign = sub.add_parser("missions", help="a brand's missions and races")
    campaign.add_argument("merchant")
    campaign.add_argument("action", choices=("list", "create", "schedule", "stop"))
    campaign.add_argument("kind", nargs="?", choices=("mission", "race"))
    campaign.add_argument("code", nargs="?")
    campaign.add_argument("--title-en", dest="title_en")
    campaign.add_argument("--title-pt", dest="title_pt")
    campaign.add_argument("--period", help="DAILY or WEEKLY")
    campaign.add_argument("--measure", help="BET_COUNT, DEPOSIT_COUNT, MULTIPLIER; TURNOVER")
    campaign.add_argument("--target", help="missions: how many")
    campaign.add_argument("--reward", help="missions: the reward amount")
    campaign.add_argument("--reward-kind", dest="reward_kind", default="CASH", help="or POINTS")
    campaign.add_argument("--category", help="e.g. RNG; none: every category")
    campaign.add_argument("--game", help="missions: one game's code")
    campaign.add_argument("--multiplier", help="MULTIPLIER missions: the least win / bet")
    campaign.add_argument("--min-bet", dest="min_bet", help="races: the least bet counted")
    campaign.add_argument("--prize", action="append", default=[], help="races: by place")
    campaign.add_argument("--starts", help="ISO time with offset; none: now")
    campaign.add_argument("--ends", help="ISO time with offset; none: no end")
    operator = sub.add_parser(
        "operator-identity", help="the operator's legal name, CNPJ and licence in the footer"
    )
    operator.add_argument("merchant")
    operator.add_argument("--name", required=True, help="the operator's legal name")
    operator.add_argument("--cnpj", required=True, help="14 digits, punctuation allowed")
    operator.add_argument("--licence", required=True, help="e.g. SPA/MF ordinance number")
    operator.add_argument(
        "--domain", help="the licensed site's domain (Brazil: under .bet.br); none: kept"
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = command_parser()
    args = parser.parse_args(argv)
    try:
        get_settings()  # every command (serve and worker start the app) stops on bad settings
    except ValidationError as refused:
        print(refused, file=sys.stderr)  # names each demo part a production start refuses
        return 2
    logs.configure()
    return COMMANDS[args.command](args, parser) or 0


Command = Callable[[argparse.Namespace, argparse.ArgumentParser], int | None]


def _done(work: Coroutine[Any, Any, object]) -> None:
    """Run a command whose work says nothing back (exit status 0)."""
    asyncio.run(work)


def _code(work: Coroutine[Any, Any, int | None]) -> int | None:
    """Run a command that gives its own exit status."""
    return asyncio.run(work)


def _migrate(_: argparse.Namespace, __: argparse.ArgumentParser) -> None:
    setup.migrate()
    _done(setup.sync_roles())


def _setup(args: argparse.Namespace, parser: argparse.ArgumentParser) -> None:
    _migrate(args, parser)
    _done(setup.seed_command())


def _restore(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if not args.source.is_file():
        parser.error(f"no such backup file: {args.source}")
    return audits.restore_command(args.source)


def _approvals(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int | None:
    if args.action != "list" and args.id is None:
        parser.error("an approval request id is needed")
    return _code(
        staff.as_staff(
            staff.staff_login(args.staff),
            lambda signed_in: (
                staff.pending_command(signed_in)
                if args.action == "list"
                else staff.approval_command(signed_in, args.action, args.id, args.reason)
            ),
        )
    )


def _missions(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int | None:
    if args.action != "list" and not (args.kind and args.code):
        parser.error("mission or race, and its code, are needed")
    return _code(settings.missions_command(args))


def _status(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int | None:
    try:
        until = datetime.fromisoformat(args.until) if args.until else None
    except ValueError:
        parser.error(translate("site-status-until-invalid", "en", until=args.until))
    return _code(setup.status_command(args, until))


def _file_text(path: str | Path | None, encoding: str = "utf-8") -> str | None:
    return Path(path).read_text(encoding=encoding) if path else None


# Each command's work, by the name it is called with.
COMMANDS: dict[str, Command] = {
    "migrate": _migrate,
    "seed": lambda args, _: _done(setup.seed_command()),
    "setup": _setup,
    "rotate-key": lambda args, _: _done(setup.rotate_command()),
    "audit": lambda args, _: _code(audits.audit_command()),
    "create-admin": lambda args, _: _code(
        staff.invitation_command(
            staff_service.create_first_admin(args.username, model_base.utcnow())
        )
    ),
    "staff-invite": lambda args, _: _code(
        staff.invitation_command(staff_service.reinvite_by_name(args.username, model_base.utcnow()))
    ),
    "audit-log-verify": lambda args, _: _code(audits.audit_log_verify_command(args.checkpoints)),
    "audit-log-checkpoint": lambda args, _: _code(audits.audit_log_checkpoint_command()),
    "vendor-secret": lambda args, _: _done(setup.vendor_secret_command(args.vendor)),
    "lottery-verify": lambda args, _: _code(games.lottery_verify_command(args.game, args.issue)),
    "crash-chain": lambda args, _: _code(
        games.crash_chain_command(args.brand, args.length, args.edge)
    ),
    "crash-salt": lambda args, _: _code(games.crash_salt_command(args.brand, args.salt)),
    "crash-verify": lambda args, _: _code(games.crash_verify_command(args.round)),
    "legal": lambda args, _: _code(setup.legal_command(args, _file_text(args.file) or "")),
    "jobs": lambda args, _: _done(processes.job_command(args.job)),
    "affiliates": lambda args, _: _code(staff.affiliates_command(args.action, args.id)),
    "worker": lambda args, _: _done(processes.worker_command(args.ops_host, args.ops_port)),
    "applications": lambda args, _: _code(staff.applications_command(args.merchant)),
    "review": lambda args, _: _code(
        staff.review_command(args.entry, args.decision, args.note, args.operator)
    ),
    "announce": lambda args, _: _code(setup.announce_command(args)),
    "bonus-forfeit": lambda args, _: _code(staff.bonus_forfeit_command(args.member, args.reason)),
    "backup": lambda args, _: audits.backup_command(args.target),
    "backup-verify": lambda args, _: audits.backup_verify_command(args.file),
    "restore": _restore,
    "serve": lambda args, _: processes.serve(args.host, args.port),
    "crash-live": lambda args, _: processes.crash_live(args.host, args.port, args.workers),
    "protection-export": lambda args, _: _done(
        reports.protection_export_command(args.brand, args.since, args.until)
    ),
    "barred-import": lambda args, _: _code(
        reports.barred_import_command(args.file.name, _file_text(args.file, "utf-8-sig") or "")
    ),
    "payout-times": lambda args, _: _code(reports.payout_times_command(args.brand, args.hours)),
    "vip-config": lambda args, _: _code(
        reports.vip_config_command(args.brand, _file_text(args.file))
    ),
    "rebate-rates": lambda args, _: _code(reports.rebate_rates_command(args.brand, args.rates)),
    "lottery-result": lambda args, _: _code(
        staff.as_staff(
            staff.staff_login(args.staff),
            lambda signed_in: staff.lottery_result_command(
                signed_in, args.game, args.issue, args.numbers, args.reason
            ),
        )
    ),
    "approvals": _approvals,
    "agent-contract-offer": lambda args, _: _code(
        staff.as_staff(
            staff.staff_login(args.staff),
            lambda signed_in: staff.contract_offer_command(signed_in, args),
        )
    ),
    "module": lambda args, _: _code(
        setup.module_command(args.merchant, args.mod_id, args.switch == "on")
    ),
    "modules": lambda args, _: _code(settings.modules_command(args.merchant)),
    "register-field": lambda args, _: _code(settings.register_field_command(args)),
    "banner": lambda args, _: _code(settings.banner_command(args)),
    "missions": _missions,
    "operator-identity": lambda args, _: _code(setup.operator_identity_command(args)),
    "status": _status,
}

if __name__ == "__main__":
    sys.exit(main())
