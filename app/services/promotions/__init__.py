"""Promotions and the bonus engine (issue 16).

- `rules`: what a brand's jurisdiction lets its promotions do (the Brazil rule).
- `bonus`: bonus grants in the member's bonus account, wagering progress from wager facts
  (a consumer with a stored position), conversion to cash once, expiry and forfeit.
- `offers`: promotion definitions, joining, reward requests, the statuses members see.
- `applications`: activity applications (comment and images) and their operator review.
- `banners`: the home carousel, whose banners tied to a promotion show its art and words.
"""

# The modules other capabilities and the adapters may import; the rest are this package's own
# (tests/platform/test_architecture.py).
PUBLIC_MODULES = (
    "applications",
    "banners",
    "bonus",
    "free_rounds",
    "offers",
    "raffles",
    "rules",
)
