"""Pages of identity: the member's identity verification and the console's KYC review."""
