"""Page state of accounts: logging in, registering, the member's own account and its security."""
