"""The game catalogue: vendors and games, the navigation built from them, favourites, recent
games and the winners board.

Pure rules live in `rules` and `navigation`; `lobby` serves the catalogue (cached per brand and
language), `members` keeps favourites and recent games, `demo` seeds the demo catalogue.
"""
