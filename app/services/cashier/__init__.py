"""The cashier: deposits (and, next, withdrawals), each money movement posted to the ledger."""
