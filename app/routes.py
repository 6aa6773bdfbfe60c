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
WITHDRAW = "/withdraw"
FAVORITES = "/favorites"  # member centre label "favourites"; the spec shows no path
MY_GAMES = "/myGames"  # member centre label "my games" (recent games)
