"""The double-entry ledger: every money movement of the platform is posted here.

Writes happen inside the caller's write transaction (`app.core.db.write_transaction()`);
callers without one use `post_in_new_transaction`. Entries and transactions are append-only:
nothing here updates or deletes them, and balances are provable from the entries (`audit`).
The ledger knows no capability: a game's rounds, a lottery's bets are their owners' records.

Modules: `posting` (one transaction), `batching` (posts made at the same time, each in a
transaction of its own, written together), `batch` (many movements at once), `accounts` (the
account factory), `transfers` (money between named accounts, the prologue written once),
`reads` (a member's money) and `audit`. Other packages use only the names exported here.
"""

from app.services.ledger.accounts import (
    GameAccounts,
    account,
    cash_and_clearing,
    clearing_shards,
    member_accounts,
    with_game_accounts,
)
from app.services.ledger.audit import AuditDifference, AuditReport, audit
from app.services.ledger.basics import (
    CENT,
    MAX_LEG_AMOUNT,
    MERCHANT_ACCOUNT_SHARDS,
    ZERO,
    Leg,
    Posted,
    shard_sub_key,
)
from app.services.ledger.batch import Move, post_moves
from app.services.ledger.posting import (
    POST_IN_ONE_STATEMENT,
    move,
    post,
    post_in_new_transaction,
    reverse,
)
from app.services.ledger.reads import (
    MemberWallet,
    Movement,
    MovementChange,
    MovementPage,
    member_movements,
    member_vendor_wallets,
    member_wallet,
)
from app.services.ledger.transfers import (
    AccountRef,
    Transferred,
    of_member,
    of_merchant,
    resolve,
    transfer,
)

__all__ = [
    "CENT",
    "MAX_LEG_AMOUNT",
    "MERCHANT_ACCOUNT_SHARDS",
    "POST_IN_ONE_STATEMENT",
    "ZERO",
    "AccountRef",
    "AuditDifference",
    "AuditReport",
    "GameAccounts",
    "Leg",
    "MemberWallet",
    "Move",
    "Movement",
    "MovementChange",
    "MovementPage",
    "Posted",
    "Transferred",
    "account",
    "audit",
    "cash_and_clearing",
    "clearing_shards",
    "member_accounts",
    "member_movements",
    "member_vendor_wallets",
    "member_wallet",
    "move",
    "of_member",
    "of_merchant",
    "post",
    "post_in_new_transaction",
    "post_moves",
    "resolve",
    "reverse",
    "shard_sub_key",
    "transfer",
    "with_game_accounts",
]
