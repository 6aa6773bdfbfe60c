"""Game providers: how an outside vendor's games are launched, listed and reconciled."""

# The modules other capabilities and the adapters may import; the rest are this package's own
# (tests/platform/test_architecture.py).
PUBLIC_MODULES = (
    "adapter",
    "live",
    "registry",
)
