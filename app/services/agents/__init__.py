"""Agents and affiliates: the agent tree, contracts, pay, the team's figures and transfers."""

# The modules other capabilities and the adapters may import; the rest are this package's own
# (tests/platform/test_architecture.py).
PUBLIC_MODULES = (
    "affiliates",
    "contracts",
    "payouts",
    "periods",
    "reports",
    "team",
    "terms",
    "tree",
)
