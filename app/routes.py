"""Every page path of the site, defined once.

The constants are what pages, states, components and services link with; `ROUTES` is the
registry: each page's path, the key of its builder (app/app.py's `PAGES`), its title and
whether it needs a logged-in member. app/app.py registers exactly these pages, the navigation
links only to them (or to `NOT_BUILT`), and tests/unit/test_routes.py checks both.
"""

from __future__ import annotations

from dataclasses import dataclass

HOME = "/"
HOME_ALIASES = ("/home",)
HOME_REDIRECTS = ("/index", "/index.html")  # served as HTTP redirects to HOME
LOGIN = "/login"
REGISTER = "/register"
DOWNLOAD = "/down"
HELP = "/help"
HELP_MC = "/helpmc"
PROMOTIONS = "/promotions"
TERMS = "/terms"
PRIVACY = "/privacy"
SPONSOR = "/sponsor"
SEAMLESS = "/seamless"  # spec 2: the providers of the seamless wallet (a game page)
DESCRIPTION = "/description"
RESPONSIBLE = "/help#responsible"
AGENT_HOME = "/agentHome"
REGISTER_CENTER = "/registerCenter"
DOWNLINES = "/downlineManagmentView"  # the spec's spelling
AGENT_DAILY_WAGES = "/agentDailyWages"
AGENT_ANNOUNCEMENT = "/agentAnnouncement"
AGENT_TEAM_OVERVIEW = "/agentTeamOverview"
AGENT_STATEMENTS = "/palStatementsAgentCopy"
AGENT_REVENUE_REPORT = "/agentRevenueReport"
AGENT_TRANSACTIONS = "/agentDownlineTransactionDetailsCopy"
AGENT_DIVIDEND_RECORD = "/agentDividendRecord"
AGENT_HOUR_SALARY = "/agentHourSalary"
AGENT_REALTIME_SALARY = "/agentRealtimeSalary"
REFERRAL = "/referral"
AFFILIATE_APPLY = "/affiliateApply"  # the spec names the form, not its path
TRANSFER_UPLINE = "/transferUpline"
SECURITY_CENTER = "/securityCenter"
PROFILE = f"{SECURITY_CENTER}#profile"  # the member's own data, a section of the centre
RESET_PASSWORD = "/resetPassword"  # noqa: S105 (a path)
DEPOSIT = "/depositv2"
SANDBOX_PAY = "/sandbox/pay/[order]"
TRANSACTION_HISTORY = "/transactionHistory"
BETTING_RECORD = "/personalHistoryCopy"
PROFIT_AND_LOSS = "/personalProfit"
WITHDRAW = "/withdraw"
PLAY = "/play/[studio_game]"  # the studio's game page; `studio_game` is the game code
PLAY_VERIFY = "/play/verify"
TRANSFER_FUND = "/transferFund"
BONUS_DETAILS = "/bonusDetails"
MESSAGES = "/messageV2"  # platform messages (spec 2)
REWARD_CENTER = "/rewardCenter"
MISSION_LEADERBOARD = "/missionLeaderboard"
CHAT = "/chat"  # the customer-service live chat window (csType LIVECHAT)
FEEDBACK = "/feedback"  # feedback and complaints (a label of spec 2; visitors may send too)
FAVORITES = "/favorites"  # member centre label "favourites"; the spec shows no path
MY_GAMES = "/myGames"  # member centre label "my games" (recent games)
# Player protection (issue 19): own limits, a break, the activity statement.
RESPONSIBLE_GAMING = "/responsibleGaming"
# Loyalty (issue 17): the VIP page and "my income" (rebate), member centre labels.
VIP = "/vip"
MY_INCOME = "/myIncome"
RESPONSIBLE_GAMBLING = "/responsible-gambling"  # the public page (no login)
VERIFY_IDENTITY = "/verify-identity"
NOT_FOUND = "404"  # Reflex's name for the page it serves at unknown paths

# The back office (operator console): staff pages, gated by a staff login (state/console.py),
# never by a member's.
ADMIN = "/admin"
ADMIN_LOGIN = "/admin/login"
ADMIN_ENROL = "/admin/enrol"  # reached from a staff invitation's link
ADMIN_ACCOUNT = "/admin/account"  # the logged-in staff member's own password and TOTP
# The console pages a browser without a staff login may open.
CONSOLE_PUBLIC = frozenset({ADMIN_LOGIN, ADMIN_ENROL})
ADMIN_PLAYERS = "/admin/players"
ADMIN_PAYMENTS = "/admin/payments"
ADMIN_PLATFORM = "/admin/platform"
ADMIN_STAFF = "/admin/staff"
ADMIN_AUDIT = "/admin/audit"
ADMIN_REPORTS = "/admin/reports"
ADMIN_POINTS = "/admin/points"
ADMIN_KYC = "/admin/kyc"
ADMIN_CONTENT = "/admin/content"
ADMIN_LOTTERY = "/admin/lottery"
ADMIN_CHANNELS = "/admin/channels"
ADMIN_AGENTS = "/admin/agents"
ADMIN_INVESTIGATIONS = "/admin/investigations"
ADMIN_TRANSFER_REVIEWS = "/admin/transfer-reviews"
ADMIN_SUPPORT = "/admin/support"
ADMIN_APPLICATIONS = "/admin/applications"
ADMIN_CHAT = "/admin/chat"
ADMIN_PROMOTIONS = "/admin/promotions"
ADMIN_VIP = "/admin/vip"
ADMIN_GAMES = "/admin/games"

# Spec 2: the game list pages and the game type each lists.
CATEGORY_LISTS: dict[str, str] = {
    f"/{game_type.lower()}": game_type
    for game_type in (
        "SPORTS",
        "ESPORTS",
        "LIVE",
        "LOTT",
        "ELOTT",
        "FISH",
        "PVP",
        "RNG",
        "COCKFIGHT",
    )
}
IN_HOUSE = "/inHouse"
HOT = "/hot"
LOTTERY = "/lottery"
VN_LOTTERY = "/vnLottery"
SEA_LOTTERY = "/seaLottery"
LOTTERY_LISTS = (LOTTERY, VN_LOTTERY, SEA_LOTTERY)  # spec 2: for logged-in members only
# Spec 2 counts the lower-case forms as lottery pages too; each path shows one area's games
# (the catalogue vendor whose lottery it is), and `?gameCode=` one game's betting page.
LOTTERY_AREAS: dict[str, str] = {
    LOTTERY: "LOTT",
    VN_LOTTERY: "TCG_LOTTO_VN",
    VN_LOTTERY.lower(): "TCG_LOTTO_VN",
    SEA_LOTTERY: "TCG_SEA",
    SEA_LOTTERY.lower(): "TCG_SEA",
}
LOTTERY_VERIFY = "/lottery/verify"  # public: anyone can recompute a drawn issue
GAME_LISTS: dict[str, str] = {
    **CATEGORY_LISTS,
    IN_HOUSE: "INHOUSE",
    HOT: "HOT",
}

# Paths of the spec the navigation links to whose pages are not built yet: the not-found
# page answers them. A page built for one of them moves it to ROUTES.
NOT_BUILT: tuple[str, ...] = ()
POINT_MALL = "/pointMall"  # only logged-in real accounts open it (spec 6)
# The named route vendor cards link to (spec 2): one vendor's games of one type.
GAME_LIST_CENTER = "/gameListCenter/[vassalage]/[gameType]"
U9W_ENTRY = "/u9w"  # spec 1: starts the sports vendor U9W directly


@dataclass(frozen=True)
class Route:
    path: str
    page: str  # the key of the page's builder and loaders in app/app.py's PAGES
    title: str
    login: bool = False  # guests go to /login, trial users get the register-first dialog
    indexed: bool = True  # listed in /sitemap.xml (when public and not parametrised)
    console: bool = False  # a back-office page: no member loaders; staff login required


ROUTES: tuple[Route, ...] = (
    Route(HOME, "home", "Home"),
    *(Route(alias, "home", "Home", indexed=False) for alias in HOME_ALIASES),
    *(Route(path, "game_list", "Games") for path in GAME_LISTS),
    *(Route(path, "lottery", "Lottery", login=True) for path in LOTTERY_AREAS),
    Route(LOTTERY_VERIFY, "lottery_verify", "Verify a lottery draw", indexed=False),
    Route(GAME_LIST_CENTER, "game_list_center", "Games", indexed=False),
    Route(U9W_ENTRY, "u9w", "Sports"),
    Route(SEAMLESS, "seamless", "Game providers"),
    Route(LOGIN, "login", "Login"),
    Route(REGISTER, "register", "Register"),
    Route(HELP, "help", "Help"),
    Route(HELP_MC, "help", "Help", indexed=False),
    Route(TERMS, "legal", "Terms and conditions"),
    Route(PRIVACY, "legal", "Privacy policy"),
    Route(SPONSOR, "legal", "Sponsorships"),
    Route(DESCRIPTION, "legal", "About the brand"),
    Route(DOWNLOAD, "download", "Download"),
    Route(PROMOTIONS, "promotions", "Promotions"),
    Route(SECURITY_CENTER, "security_center", "Security", login=True),
    Route(RESET_PASSWORD, "reset_password", "Reset password", indexed=False),
    Route(AGENT_HOME, "agent_home", "Agent"),
    Route(REGISTER_CENTER, "register_center", "Register a downline", login=True),
    Route(DOWNLINES, "downlines", "Downline management", login=True),
    Route(AGENT_DAILY_WAGES, "daily_wages", "Daily wages", login=True),
    Route(AGENT_ANNOUNCEMENT, "agent_announcement", "Agent announcements", login=True),
    Route(AGENT_TEAM_OVERVIEW, "agent_team_overview", "Team overview", login=True),
    Route(AGENT_STATEMENTS, "agent_statements", "Team profit and loss", login=True),
    Route(AGENT_REVENUE_REPORT, "agent_revenue", "Revenue report", login=True),
    Route(AGENT_TRANSACTIONS, "agent_transactions", "Team transactions", login=True),
    Route(AGENT_DIVIDEND_RECORD, "agent_dividends", "Dividend record", login=True),
    Route(AGENT_HOUR_SALARY, "agent_hour_salary", "Hourly salary", login=True),
    Route(AGENT_REALTIME_SALARY, "agent_realtime_salary", "Real-time salary", login=True),
    Route(REFERRAL, "referral", "Invite friends", login=True),
    Route(AFFILIATE_APPLY, "affiliate_apply", "Become an affiliate", login=True),
    Route(TRANSFER_UPLINE, "transfer_upline", "Transfer to upline", login=True),
    Route(DEPOSIT, "deposit", "Deposit", login=True),
    Route(SANDBOX_PAY, "sandbox_pay", "Sandbox payment", indexed=False),
    Route(TRANSACTION_HISTORY, "records", "Account record", login=True),
    Route(BETTING_RECORD, "betting", "Betting record", login=True),
    Route(PROFIT_AND_LOSS, "profit", "Profit and loss", login=True),
    Route(WITHDRAW, "withdraw", "Withdraw", login=True),
    Route(PLAY_VERIFY, "verify", "Verify a round"),
    Route(PLAY, "play", "Play"),
    Route(TRANSFER_FUND, "transfer", "Wallet", login=True),
    Route(BONUS_DETAILS, "bonus", "Bonus details", login=True),
    Route(FAVORITES, "favorites", "Favourites", indexed=False),
    Route(MY_GAMES, "my_games", "My games", indexed=False),
    Route(RESPONSIBLE_GAMING, "protection", "Responsible gaming", login=True),
    Route(RESPONSIBLE_GAMBLING, "responsible", "Responsible gambling"),
    Route(VERIFY_IDENTITY, "identity", "Verify your identity", login=True),
    Route(MESSAGES, "messages", "Messages", login=True),
    Route(REWARD_CENTER, "reward_center", "Reward center", login=True),
    Route(VIP, "vip", "VIP", login=True),
    Route(MY_INCOME, "my_income", "My income", login=True),
    Route(POINT_MALL, "point_mall", "Points mall", login=True),
    Route(MISSION_LEADERBOARD, "missions", "Missions and leaderboard", login=True),
    Route(FEEDBACK, "feedback", "Feedback"),
    Route(CHAT, "chat", "Live chat"),
    Route(ADMIN_LOGIN, "admin_login", "Back office login", console=True),
    Route(ADMIN_ENROL, "admin_enrol", "Back office enrolment", console=True),
    Route(ADMIN_ACCOUNT, "admin_account", "My account", console=True),
    Route(ADMIN, "admin_dashboard", "Back office", console=True),
    Route(ADMIN_PLAYERS, "admin_players", "Players", console=True),
    Route(ADMIN_PAYMENTS, "admin_payments", "Payments", console=True),
    Route(ADMIN_PLATFORM, "admin_platform", "Platform", console=True),
    Route(ADMIN_STAFF, "admin_staff", "Staff and roles", console=True),
    Route(ADMIN_AUDIT, "admin_audit", "Audit log", console=True),
    Route(ADMIN_REPORTS, "admin_reports", "Reports", console=True),
    Route(ADMIN_POINTS, "admin_points", "Points mall review", console=True),
    Route(ADMIN_KYC, "admin_kyc", "Identity verification", console=True),
    Route(ADMIN_CONTENT, "admin_content", "Content", console=True),
    Route(ADMIN_LOTTERY, "admin_lottery", "Lottery issues", console=True),
    Route(ADMIN_CHANNELS, "admin_channels", "Payment channels", console=True),
    Route(ADMIN_AGENTS, "admin_agents", "Agents", console=True),
    Route(ADMIN_INVESTIGATIONS, "admin_investigations", "Investigations", console=True),
    Route(ADMIN_TRANSFER_REVIEWS, "admin_transfer_reviews", "Transfer reviews", console=True),
    Route(ADMIN_SUPPORT, "admin_support", "Support desk", console=True),
    Route(ADMIN_APPLICATIONS, "admin_applications", "Activity applications", console=True),
    Route(ADMIN_CHAT, "admin_chat", "Live chat", console=True),
    Route(ADMIN_PROMOTIONS, "admin_promotions", "Promotions", console=True),
    Route(ADMIN_VIP, "admin_vip", "VIP ladder", console=True),
    Route(ADMIN_GAMES, "admin_games", "Game catalogue", console=True),
    Route(NOT_FOUND, "not_found", "Not found", indexed=False),
)


def sitemap_paths() -> list[str]:
    """The pages a search engine may list: public, not parametrised, one path per page."""
    return [
        route.path
        for route in ROUTES
        if route.indexed and not route.login and not route.console and "[" not in route.path
    ]


def lottery_game(area: str, game_code: str) -> str:
    """The betting page of a lottery game, on its area's page (spec 2's navigation rule)."""
    path = next((p for p, a in LOTTERY_AREAS.items() if a == area), LOTTERY)
    return f"{path}?gameCode={game_code}"


def lottery_verify(game_code: str, issue_no: str) -> str:
    return f"{LOTTERY_VERIFY}?gameCode={game_code}&issue={issue_no}"


def sandbox_pay(order_no: str) -> str:
    """The sandbox provider's checkout page of one deposit order."""
    return SANDBOX_PAY.replace("[order]", order_no)
