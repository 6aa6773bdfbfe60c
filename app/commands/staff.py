"""Commands a staff member runs under their own login: invitations, approvals, lottery results,
agent contracts, activity reviews, affiliates, bonus forfeits."""

from __future__ import annotations

import argparse
import getpass
import json
import os
import sys
from collections.abc import Awaitable, Callable

from app.core.cache import close_redis
from app.core.db import dispose_engine
from app.core.errors import AppError
from app.core.i18n import translate
from app.services import browser_logins
from app.services.agents.terms import form_terms
from app.services.backoffice import agents as backoffice_agents
from app.services.backoffice import approvals
from app.services.backoffice import lottery as backoffice_lottery
from app.services.backoffice import staff as staff_service
from app.services.backoffice.staff import Staff
from app.services.brands import brands
from app.services.lottery import issues as lottery_issues
from models.base import saved_id, utcnow


async def invitation_command(issue: Awaitable[staff_service.Invitation]) -> int:
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


def staff_login(username: str) -> tuple[str, str, str]:
    """A staff member's user name, password (STAFF_PASSWORD or asked) and authenticator code
    (STAFF_CODE or asked)."""
    password = os.environ.get("STAFF_PASSWORD") or getpass.getpass("password: ")
    code = os.environ.get("STAFF_CODE") or input("authenticator code: ")
    return username, password, code


async def as_staff(login: tuple[str, str, str], decision: Callable[[Staff], Awaitable[str]]) -> int:
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


async def lottery_result_command(
    staff: Staff, game_code: str, issue_no: str, numbers: str, reason: str
) -> str:
    issue = await lottery_issues.find(game_code, issue_no)
    request = await backoffice_lottery.enter_result(
        staff, saved_id(issue.id), numbers, reason, utcnow()
    )
    return f"request #{request}: waits for a second staff member (approvals approve {request})"


async def contract_offer_command(staff: Staff, args: argparse.Namespace) -> str:
    try:
        terms = json.loads(args.terms) if args.terms else form_terms(args.kind.upper(), vars(args))
    except json.JSONDecodeError:
        raise AppError("agent-contract-invalid-terms", 422) from None
    offered = await backoffice_agents.offer_house_contract(
        staff,
        args.merchant.upper(),
        args.agent,
        args.kind.upper(),
        args.period,
        terms,
        browser_logins.new_browser_secret(),  # each run is an offer of its own
        utcnow(),
        args.reason,
    )
    if offered.contract is None:
        request = offered.request_id
        return f"request #{request}: waits for a second staff member (approvals approve {request})"
    made = offered.contract
    return f"contract #{made.id} offered to {made.downline}: {made.kind.value} v{made.version}"


async def approval_command(staff: Staff, action: str, request_id: int, reason: str) -> str:
    if action == "approve":
        done = await approvals.approve(staff, request_id, utcnow())
    else:
        done = await approvals.reject(staff, request_id, reason, utcnow())
    if done.status == approvals.FAILED:
        code = str(done.result.get("error", ""))
        raise AppError(code or "approval-unknown", status=409)
    return f"request #{done.id} ({done.kind}): {done.status}"


async def pending_command(staff: Staff) -> str:
    lines = [
        f"#{a.id}\t{a.kind}\t{a.amount}\t{a.summary}\tby staff {a.requested_by}"
        for a in await approvals.pending(staff, utcnow())
    ]
    return "\n".join([*lines, f"{len(lines)} waiting"])


async def affiliates_command(action: str, application_id: int | None) -> int:
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


async def applications_command(merchant: str) -> int:
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


async def review_command(entry_id: int, decision: str, note: str, operator: str) -> int:
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


async def bonus_forfeit_command(member_id: int, reason: str) -> int:
    from app.services.promotions import bonus

    try:
        count = await bonus.forfeit(member_id, reason, utcnow())
    finally:
        await dispose_engine()
        await close_redis()
    print(f"member {member_id}: {count} bonuses forfeited ({reason})")
    return 0
