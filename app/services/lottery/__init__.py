"""The in-house lottery engine (vendors LOTT, TCG_LOTTO_VN and TCG_SEA of the catalogue).

Pure modules, no database: `rng` (draw derivation), `families` (what a draw is), `plays`
(the play catalogue, paytables per prize mode, bet counting, exact RTP), `games` (games and
schedules), `vietnam` (typed bet codes). With the database: `issues` (issue lifecycle and
official results), `bets` (bets, cancels, chase plans), `settlement`, `facts` (wager facts).
"""

# The modules other capabilities and the adapters may import; the rest are this package's own
# (tests/platform/test_architecture.py).
PUBLIC_MODULES = (
    "bets",
    "entries",
    "games",
    "issues",
    "member_play",
    "page_views",
    "plays",
    "settlement",
    "views",
)
