"""Crash: the studio's shared multiplayer game (one round per brand at a time).

- `fairness`: the hash chain, the crash point from HMAC(seed, salt) and the curve (pure);
- `chains`: a brand's chain made in advance, its salt and house edge (the operator, by CLI);
- `rounds`: the rounds' driver, settlement, what players see, verification;
- `bets`: a member's bets and cash-outs.
"""
