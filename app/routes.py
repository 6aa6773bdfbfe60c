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
TERMS = "/help#terms"
PRIVACY = "/help#privacy"
RESPONSIBLE = "/help#responsible"
AGENT_HOME = "/agentHome"
SECURITY_CENTER = "/securityCenter"
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
FAVORITES = "/favorites"  # member centre label "favourites"; the spec shows no path
MY_GAMES = "/myGames"  # member centre label "my games" (recent games)
NOT_FOUND = "404"  # Reflex's name for the page it serves at unknown paths

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
GAME_LISTS: dict[str, str] = {
    **CATEGORY_LISTS,
    IN_HOUSE: "INHOUSE",
    HOT: "HOT",
    **dict.fromkeys(LOTTERY_LISTS, "LOTT"),
}

# Paths of the spec the navigation links to whose pages are not built yet: the not-found
# page answers them. A page built for one of them moves it to ROUTES.
POINT_MALL = "/pointMall"
GAME_LIST_CENTER = "/gameListCenter/[vassalage]/[gameType]"
NOT_BUILT = (POINT_MALL, GAME_LIST_CENTER)


@dataclass(frozen=True)
class Route:
    path: str
    page: str  # the key of the page's builder and loaders in app/app.py's PAGES
    title: str
    login: bool = False  # guests go to /login, trial users get the register-first dialog


ROUTES: tuple[Route, ...] = (
    Route(HOME, "home", "Home"),
    *(Route(alias, "home", "Home") for alias in HOME_ALIASES),
    *(Route(path, "game_list", "Games", login=path in LOTTERY_LISTS) for path in GAME_LISTS),
    Route(LOGIN, "login", "Login"),
    Route(REGISTER, "register", "Register"),
    Route(HELP, "help", "Help"),
    Route(HELP_MC, "help", "Help"),
    Route(DOWNLOAD, "download", "Download"),
    Route(PROMOTIONS, "promotions", "Promotions"),
    Route(SECURITY_CENTER, "security_center", "Security", login=True),
    Route(RESET_PASSWORD, "reset_password", "Reset password"),
    Route(AGENT_HOME, "agent_home", "Agent"),
    Route(DEPOSIT, "deposit", "Deposit", login=True),
    Route(SANDBOX_PAY, "sandbox_pay", "Sandbox payment"),
    Route(TRANSACTION_HISTORY, "records", "Account record", login=True),
    Route(BETTING_RECORD, "betting", "Betting record", login=True),
    Route(PROFIT_AND_LOSS, "profit", "Profit and loss", login=True),
    Route(WITHDRAW, "withdraw", "Withdraw", login=True),
    Route(PLAY_VERIFY, "verify", "Verify a round"),
    Route(PLAY, "play", "Play"),
    Route(TRANSFER_FUND, "transfer", "Wallet", login=True),
    Route(BONUS_DETAILS, "bonus", "Bonus details", login=True),
    Route(FAVORITES, "favorites", "Favourites"),
    Route(MY_GAMES, "my_games", "My games"),
    Route(NOT_FOUND, "not_found", "Not found"),
)


def sandbox_pay(order_no: str) -> str:
    """The sandbox provider's checkout page of one deposit order."""
    return SANDBOX_PAY.replace("[order]", order_no)
