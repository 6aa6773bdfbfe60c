"""Every page path named by the spec (../shared/SPEC.md section 2), as data.

`SPEC_ROUTES` maps each path to what the spec says it is: the "Routes" table, the category paths,
the named route gameListCenter (its params in Reflex's form), the lower-case lottery forms the spec
counts as game pages, the member centre pages and the agent centre pages. "Other screens" of
section 2 (login with 2FA, forgot and reset password, register, first-login password change,
maintenance and blocked-IP pages) and the screens "named only by labels" have no path in the
spec, so they are not listed; `/rng?vassalage=PG` is a query of `/rng`.

`KNOWN_MISSING` maps the spec paths not yet in the route registry to the open issue that builds
them. tests/platform/test_spec_routes.py fails for a spec path that is neither registered nor listed
here, and for a listed path that is in fact registered: when a page lands, its line goes.
"""

from __future__ import annotations

SPEC_ROUTES: dict[str, str] = {
    # Routes (history mode)
    "/": "home: banners, notice marquee, the day's real wins, winners, hot, recommended, PG list",
    "/index": "home (alias)",
    "/index.html": "home (alias)",
    "/home": "home (alias)",
    "/login": "home with the login popup open",
    "/register": "home with the register popup open",
    "/down": "app download with QR codes for iOS and Android",
    "/help": "help centre",
    "/helpmc": "the configured help-centre URL",
    "/cockfight": "game centre: cockfight",
    "/sports": "game centre: sports",
    "/esports": "game centre: e-sports",
    "/rng": "game list: slots (also ?vassalage=PG for one vendor)",
    "/live": "game list: live casino",
    "/fish": "game list: fishing",
    "/pvp": "game list: table and card games",
    "/inHouse": "game list: in-house games",
    "/hot": "game list: hot games",
    "/lottery": "lottery page (gameCode query, login required)",
    "/seaLottery": "SEA lottery page (gameCode query, login required)",
    "/vnLottery": "Vietnam lottery page (gameCode query, login required)",
    "/promotions": "promotions",
    "/pointMall": "points mall (login required)",
    "/seamless": "seamless game page (counts as a game page)",
    "/sponsor": "sponsor page",
    "/description": "description page",
    "/u9w": "entry that starts the sports vendor U9W",
    "/agentHome": "where an agent lands after login",
    # Category paths map to game types
    "/lott": "game list: LOTT",
    "/elott": "game list: ELOTT",
    # Named route gameListCenter (vassalage and gameType lower-cased)
    "/gameListCenter/[vassalage]/[gameType]": "one vendor's games of one game type",
    # Paths /seamless, /lottery, /vnlottery and /sealottery count as game pages
    "/vnlottery": "Vietnam lottery page, lower-case form",
    "/sealottery": "SEA lottery page, lower-case form",
    # Member centre pages
    "/securityCenter": "member centre: my account (security center)",
    "/transferFund": "member centre: wallet",
    "/depositv2": "member centre: deposit",
    "/withdraw": "member centre: withdraw",
    "/transferUpline": "member centre: transfer to upline",
    "/personalHistoryCopy": "member and agent centre: betting record",
    "/transactionHistory": "member centre: account record",
    "/personalProfit": "member centre: profit and loss",
    "/bonusDetails": "member centre: bonus details",
    "/rewardCenter": "member centre: reward center (count badge)",
    "/referral": "member centre: invite friends",
    "/missionLeaderboard": "member centre: missions and leaderboard (count badge)",
    "/messageV2": "member centre: platform messages (count badge)",
    # Agent centre pages
    "/agentAnnouncement": "agent centre: announcements",
    "/agentTeamOverview": "agent centre: team overview",
    "/registerCenter": "agent centre: register a downline",
    "/downlineManagmentView": "agent centre: downline management (the spec's spelling)",
    "/palStatementsAgentCopy": "agent centre: profit and loss statements",
    "/agentRevenueReport": "agent centre: revenue report",
    "/agentDownlineTransactionDetailsCopy": "agent centre: downline transactions",
    "/agentDividendRecord": "agent centre: dividend record (type enableCt)",
    "/agentDailyWages": "agent centre: daily wages (type salary)",
    "/agentHourSalary": "agent centre: hourly salary (type hourSalary)",
    "/agentRealtimeSalary": "agent centre: real-time salary",
}

# Spec paths no page module declares yet, with the issue that builds each (a page that lands
# is removed from here: the test says so).
KNOWN_MISSING: dict[str, int] = {}

# The open issues that build what the spec asks (see docs/spec-coverage.md).
OPEN_ISSUES = frozenset({14, 15, 16, 17, 18, 19, 20, 21})
