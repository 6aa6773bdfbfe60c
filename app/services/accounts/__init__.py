"""Who the visitor is: members, sessions, login, registration, passwords, verification."""

# The modules other capabilities and the adapters may import; the rest are this package's own
# (tests/platform/test_architecture.py).
PUBLIC_MODULES = (
    "limits",
    "login",
    "members",
    "passwords",
    "payment_password",
    "profile",
    "reauth",
    "registration",
    "sessions",
    "totp",
    "trial",
    "verification",
)
