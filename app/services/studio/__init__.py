"""The studio (vendor BGS): the in-house provably fair games (`games`), their seeds,
sessions and rounds through the seamless wallet, autobet, and Crash's shared round (`crash`)."""

# The modules other capabilities and the adapters may import; the rest are this package's own
# (tests/platform/test_architecture.py).
PUBLIC_MODULES = (
    "autobet",
    "crash",
    "games",
    "rounds",
    "seeds",
    "sessions",
)
