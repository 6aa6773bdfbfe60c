"""Every page path, defined once."""

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


def sandbox_pay(order_no: str) -> str:
    """The sandbox provider's checkout page of one deposit order."""
    return SANDBOX_PAY.replace("[order]", order_no)
