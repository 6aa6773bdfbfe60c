"""Loyalty (issue 17): VIP levels (vip.py), rebate (rebate.py) and the wager-fact consumer
that feeds both (progress.py); points and the points mall (points.py); missions and races
(missions.py, races.py). Everything is computed from wager facts and paid deposits, never from
game tables; every credit is a ledger movement with an idempotency key."""

# The modules other capabilities and the adapters may import; the rest are this package's own
# (tests/platform/test_architecture.py).
PUBLIC_MODULES = (
    "campaigns",
    "missions",
    "points",
    "progress",
    "races",
    "rebate",
    "vip",
)
