"""All tables, imported here so that Alembic and the app see one metadata."""

from models.brand import (
    Banner,
    CustomerService,
    DomainRoute,
    HelpArticle,
    Merchant,
    RegisterField,
    SiteResource,
    WhitelabelModule,
)
from models.browser import BrowserLogin
from models.cashier import (
    DepositOrder,
    MemberMessage,
    PaymentChannel,
    PayoutAccount,
    WebhookLog,
    WithdrawalOrder,
    WithdrawalPayout,
    WithdrawalRule,
)
from models.catalogue import FavoriteGame, Game, GameVendor, RecentGame, Winner
from models.crypto import RsaKey
from models.facts import WagerFact, WagerFactConsumer
from models.games import GameRound, GameSession, PendingRollback, VendorCredential, WalletCall
from models.jobs import JobRun, JobState
from models.ledger import LedgerAccount, LedgerEntry, LedgerTransaction
from models.lottery import (
    LotteryAudit,
    LotteryBet,
    LotteryChase,
    LotteryExposure,
    LotteryIssue,
    LotteryResultEntry,
)
from models.member import (
    AffiliateCode,
    Feedback,
    KnownIp,
    Member,
    MemberSession,
    OutboundMessage,
    RecoveryCode,
)
from models.studio import StudioRound, StudioSeedPair

__all__ = [
    "AffiliateCode",
    "Banner",
    "BrowserLogin",
    "CustomerService",
    "DepositOrder",
    "DomainRoute",
    "FavoriteGame",
    "Feedback",
    "Game",
    "GameRound",
    "GameSession",
    "GameVendor",
    "HelpArticle",
    "JobRun",
    "JobState",
    "KnownIp",
    "LedgerAccount",
    "LedgerEntry",
    "LedgerTransaction",
    "LotteryAudit",
    "LotteryBet",
    "LotteryChase",
    "LotteryExposure",
    "LotteryIssue",
    "LotteryResultEntry",
    "Member",
    "MemberMessage",
    "MemberSession",
    "Merchant",
    "OutboundMessage",
    "PaymentChannel",
    "PayoutAccount",
    "PendingRollback",
    "RecentGame",
    "RecoveryCode",
    "RegisterField",
    "RsaKey",
    "SiteResource",
    "StudioRound",
    "StudioSeedPair",
    "VendorCredential",
    "WagerFact",
    "WagerFactConsumer",
    "WalletCall",
    "WebhookLog",
    "WhitelabelModule",
    "Winner",
    "WithdrawalOrder",
    "WithdrawalPayout",
    "WithdrawalRule",
]
