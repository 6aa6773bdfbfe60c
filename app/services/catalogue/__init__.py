"""The game catalogue: vendors and games, the navigation built from them, favourites, recent
games and the winners board.

`rules` and `navigation` are pure rules (spec 2, 4, 9); `lobby` serves the menus and the vendor
list (cached per brand and language); `index` keeps the game lists in process memory; `games`
answers list, hot, popular, vendor-type and room calls; `members` keeps favourites and recent
games; `winners` serves the winner board; `demo` seeds the demo catalogue.
"""

# The modules other capabilities and the adapters may import; the rest are this package's own
# (tests/platform/test_architecture.py).
PUBLIC_MODULES = (
    "artwork",
    "covers",
    "games",
    "home",
    "index",
    "lobby",
    "members",
    "navigation",
    "rules",
    "winners",
)
