"""Player protection (issue 19): members' own limits, cooling-off and self-exclusion, the play
clock and reality check, and the retention log of protection messages. Switched on per brand
by its jurisdiction profile (app/services/jurisdiction.py).

Other capabilities read `limits.check_bet` / `limits.check_deposit` (before money moves) and
`exclusion.marketing_allowed` (before any marketing message)."""

# The modules other capabilities and the adapters may import; the rest are this package's own
# (tests/platform/test_architecture.py).
PUBLIC_MODULES = (
    "activity",
    "limits",
    "payouts",
    "reality",
    "records",
)
