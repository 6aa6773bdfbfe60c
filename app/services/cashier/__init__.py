"""The cashier: deposits (and, next, withdrawals), each money movement posted to the ledger."""

# The modules other capabilities and the adapters may import; the rest are this package's own
# (tests/platform/test_architecture.py).
PUBLIC_MODULES = (
    "deposits",
    "payout_accounts",
    "providers",
    "sandbox",
    "team_transfers",
    "transfers",
    "vendor_rounds",
    "withdrawals",
)
