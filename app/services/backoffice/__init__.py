"""The back office (operator console): staff, roles and the permission check, the audit log,
four-eyes approvals, and one module of use cases per console area. An approval kind's executor
is declared by its area's module (`APPROVAL_EXECUTORS`) and read when a request is decided:
importing the package alone loads none of them."""

# The modules other capabilities and the adapters may import; the rest are this package's own
# (tests/platform/test_architecture.py).
PUBLIC_MODULES = (
    "agents",
    "applications",
    "approvals",
    "audit",
    "campaigns",
    "channels",
    "chat_desk",
    "content",
    "dashboard",
    "games",
    "investigations",
    "kyc",
    "logbook",
    "lottery",
    "payments",
    "permissions",
    "platform",
    "player360",
    "players",
    "points_review",
    "promotions",
    "reports",
    "staff",
    "support_desk",
    "transfer_reviews",
    "vip",
)
