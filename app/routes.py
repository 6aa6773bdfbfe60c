"""The page paths the site links to, defined once.

The constants are what pages, states, components and services link with. Each page is
declared by its own module of `pages` (pages/registry.py): path, builder, title, loaders and
whether it needs a logged-in member. tests/platform/test_routes.py checks that the navigation links
only to declared pages (or to `NOT_BUILT`).
"""

from __future__ import annotations

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
PLAY_CRASH = "/play/BGS_CRASH"  # Crash, the shared round: its own page on the launch path
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

# The back office (operator console): staff pages, gated by a staff login
# (state/backoffice/console.py), never by a member's.
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
# page answers them. A page built for one of them moves it to its module's PAGES.
NOT_BUILT: tuple[str, ...] = ()
POINT_MALL = "/pointMall"  # only logged-in real accounts open it (spec 6)
# The named route vendor cards link to (spec 2): one vendor's games of one type.
GAME_LIST_CENTER = "/gameListCenter/[vassalage]/[gameType]"
U9W_ENTRY = "/u9w"  # spec 1: starts the sports vendor U9W directly


def lottery_game(area: str, game_code: str) -> str:
    """The betting page of a lottery game, on its area's page (spec 2's navigation rule)."""
    path = next((p for p, a in LOTTERY_AREAS.items() if a == area), LOTTERY)
    return f"{path}?gameCode={game_code}"


def download_qr(kind: str) -> str:
    """The QR code image of the app download page's `kind` (site, ios, android)."""
    return f"/download/qr/{kind}.svg"


def lottery_verify(game_code: str, issue_no: str) -> str:
    return f"{LOTTERY_VERIFY}?gameCode={game_code}&issue={issue_no}"


def sandbox_pay(order_no: str) -> str:
    """The sandbox provider's checkout page of one deposit order."""
    return SANDBOX_PAY.replace("[order]", order_no)


# Where a refused member goes to lift the refusal (issue 35: a pending player's refused
# deposit, bet or withdrawal leads to the verification).
REMEDIES = {"identity-pending": VERIFY_IDENTITY}


def remedy(code: str) -> str:
    """The page that lifts a refusal of this code, "" when none does."""
    return REMEDIES.get(code, "")
