"""The catalogue of staff permissions: one per view and per action of the console, and the
roles seeded with them. A console use case names exactly one of these in `staff.require`."""

from __future__ import annotations

from enum import StrEnum


class P(StrEnum):
    """Every permission. View, act and export are separate (IqSoft style)."""

    DASHBOARD_VIEW = "dashboard.view"
    PLAYERS_VIEW = "players.view"
    PLAYERS_LOCK = "players.lock"
    PLAYERS_LOGOUT = "players.logout"
    PLAYERS_RESET_2FA = "players.reset_2fa"
    PLAYERS_NOTE = "players.note"
    PLAYERS_ADJUST = "players.adjust"
    PLAYERS_IDENTITY = "players.identity"  # reveal a CPF, see identity documents (audited)
    PAYMENTS_VIEW = "payments.view"
    PAYMENTS_PAY = "payments.pay"
    PAYMENTS_REJECT = "payments.reject"
    PAYMENTS_INVESTIGATE = "payments.investigate"
    APPROVALS_VIEW = "approvals.view"
    APPROVALS_DECIDE = "approvals.decide"
    PLATFORM_VIEW = "platform.view"
    PLATFORM_SITE_STATUS = "platform.site_status"
    PLATFORM_THRESHOLDS = "platform.thresholds"
    JOBS_VIEW = "jobs.view"
    STAFF_VIEW = "staff.view"
    STAFF_MANAGE = "staff.manage"
    ROLES_MANAGE = "roles.manage"
    AUDIT_VIEW = "audit.view"
    AUDIT_EXPORT = "audit.export"
    REPORTS_VIEW = "reports.view"
    REPORTS_EXPORT = "reports.export"
    POINTS_VIEW = "points.view"  # the points mall's redeems waiting for review
    POINTS_REVIEW = "points.review"  # approve (ship) or reject (points back) a redeem
    KYC_VIEW = "kyc.view"  # the identity queue and the barred list
    KYC_DECIDE = "kyc.decide"  # approve or reject an identity under review
    CONTENT_VIEW = "content.view"
    CONTENT_EDIT = "content.edit"
    CONTENT_PUBLISH = "content.publish"
    LOTTERY_VIEW = "lottery.view"
    LOTTERY_VOID = "lottery.void"
    LOTTERY_RESULT = "lottery.result"  # type an official issue's result (a second confirms)
    CHANNELS_VIEW = "channels.view"
    CHANNELS_MANAGE = "channels.manage"
    AGENTS_VIEW = "agents.view"
    AGENTS_MANAGE = "agents.manage"
    AGENTS_CONTRACT = "agents.contract"  # offer the house's contracts to top agents (four-eyes)
    PROMOTIONS_VIEW = "promotions.view"
    PROMOTIONS_MANAGE = "promotions.manage"  # define promotions and end them early
    VIP_VIEW = "vip.view"
    VIP_MANAGE = "vip.manage"  # the VIP ladder's levels and the loyalty settings
    SUPPORT_VIEW = "support.view"  # the tickets and feedback queue with each thread
    SUPPORT_REPLY = "support.reply"  # answer and close tickets
    GAMES_VIEW = "games.view"  # the shared game catalogue: vendors and games
    GAMES_EDIT = "games.edit"  # maintenance, hot and order, provider imports (all-brand staff)
    TRANSFERS_VIEW = "transfers.view"  # team transfers held for review (fan-out, round trip)
    TRANSFERS_REVIEW = "transfers.review"  # release a held transfer or return it to its sender


ALL: frozenset[str] = frozenset(p.value for p in P)

# The seeded roles. `admin` holds every permission, also those added later.
# Permissions over what every brand shares (the lottery's draws and their stakes, the game
# catalogue): only all-brand staff use them; a brand's staff is not offered them.
ALL_BRANDS_ONLY: frozenset[str] = frozenset(
    {P.LOTTERY_VIEW, P.LOTTERY_VOID, P.LOTTERY_RESULT, P.GAMES_EDIT}
)

ADMIN_ROLE = "admin"
BUILTIN_ROLES: dict[str, frozenset[str]] = {
    "support": frozenset(
        {
            P.DASHBOARD_VIEW,
            P.PLAYERS_VIEW,
            P.PLAYERS_LOCK,
            P.PLAYERS_LOGOUT,
            P.PLAYERS_RESET_2FA,
            P.PLAYERS_NOTE,
            P.PLAYERS_IDENTITY,
            P.SUPPORT_VIEW,
            P.SUPPORT_REPLY,
        }
    ),
    "payments": frozenset(
        {
            P.DASHBOARD_VIEW,
            P.PLAYERS_VIEW,
            P.PLAYERS_IDENTITY,
            P.PAYMENTS_VIEW,
            P.PAYMENTS_PAY,
            P.PAYMENTS_REJECT,
            P.PAYMENTS_INVESTIGATE,
            P.APPROVALS_VIEW,
            P.APPROVALS_DECIDE,
        }
    ),
    "risk": frozenset(
        {
            P.DASHBOARD_VIEW,
            P.PLAYERS_VIEW,
            P.PLAYERS_LOCK,
            P.PLAYERS_LOGOUT,
            P.PLAYERS_NOTE,
            P.PLAYERS_IDENTITY,
            P.PAYMENTS_VIEW,
            P.APPROVALS_VIEW,
            P.AUDIT_VIEW,
            P.REPORTS_VIEW,
            P.KYC_VIEW,
            P.KYC_DECIDE,
            P.LOTTERY_VIEW,
            P.TRANSFERS_VIEW,
            P.TRANSFERS_REVIEW,
        }
    ),
    "marketing": frozenset(
        {
            P.DASHBOARD_VIEW,
            P.PLAYERS_VIEW,
            P.REPORTS_VIEW,
            P.POINTS_VIEW,
            P.POINTS_REVIEW,
            P.CONTENT_VIEW,
            P.CONTENT_EDIT,
            P.CONTENT_PUBLISH,
            P.AGENTS_VIEW,
            P.AGENTS_MANAGE,
            P.AGENTS_CONTRACT,
            P.PROMOTIONS_VIEW,
            P.PROMOTIONS_MANAGE,
            P.VIP_VIEW,
            P.VIP_MANAGE,
            P.GAMES_VIEW,
            P.GAMES_EDIT,
        }
    ),
    "finance": frozenset(
        {
            P.DASHBOARD_VIEW,
            P.PLAYERS_VIEW,
            P.PLAYERS_ADJUST,
            P.PAYMENTS_VIEW,
            P.CHANNELS_VIEW,
            P.CHANNELS_MANAGE,
            P.APPROVALS_VIEW,
            P.APPROVALS_DECIDE,
            P.REPORTS_VIEW,
            P.REPORTS_EXPORT,
            P.AGENTS_VIEW,
            P.AGENTS_CONTRACT,  # the second pair of eyes on the house's agent contracts
        }
    ),
    ADMIN_ROLE: ALL,
}


def effective(role_name: str, stored: list[str]) -> frozenset[str]:
    """What a role allows: the admin role everything, any other its known stored names."""
    if role_name == ADMIN_ROLE:
        return ALL
    return frozenset(stored) & ALL
