"""Seamless wallet for game vendors: sessions, signed wallet calls, launch, round records."""

# The modules other capabilities and the adapters may import; the rest are this package's own
# (tests/platform/test_architecture.py).
PUBLIC_MODULES = (
    "betting",
    "launch",
    "losses",
    "port",
    "reconcile",
    "round_audit",
    "signing",
    "studio_port",
    "vendors",
    "wallet",
)
