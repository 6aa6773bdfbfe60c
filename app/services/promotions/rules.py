"""What a brand's promotions may do, read from the brand's jurisdiction profile
(app/services/jurisdiction.py).

Brazil (Lei 14.790 art. 29 I): no bonus of any kind before the player has bet, so no welcome,
no-deposit or deposit-match offers. A Brazilian brand therefore has `bonus_before_first_bet` off:
sign-up and deposit-triggered promotions cannot be created for it, and any bonus or cash reward
is refused to a member without a settled bet. Red envelopes are switchable per brand; a raffle
there needs the SPA's prior authorisation, whose number the raffle must carry (NT 338/2025).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from app.services.jurisdiction import profile_of
from models import Merchant
from models.promotions import PromotionKind

# Kinds that give a reward before (or without) any bet: refused where pre-bet bonuses are.
PRE_BET_KINDS = frozenset({PromotionKind.SIGN_UP, PromotionKind.DEPOSIT})


@dataclass(frozen=True)
class PromotionRules:
    bonus_before_first_bet: bool
    raffles: bool
    red_envelopes: bool
    raffle_needs_authorisation: bool = False

    def allows(self, kind: PromotionKind) -> bool:
        if kind in PRE_BET_KINDS and not self.bonus_before_first_bet:
            return False
        if kind is PromotionKind.RAFFLE:
            return self.raffles
        if kind is PromotionKind.RED_ENVELOPE:
            return self.red_envelopes
        return True

    def allows_raffle(self, authorisation: str) -> bool:
        """A raffle may run: raffles on, and authorised where the market asks for it."""
        return self.raffles and (not self.raffle_needs_authorisation or bool(authorisation))


BRAZIL = PromotionRules(
    bonus_before_first_bet=False, raffles=True, red_envelopes=True, raffle_needs_authorisation=True
)
DEFAULT = PromotionRules(bonus_before_first_bet=True, raffles=True, red_envelopes=True)


def rules_for(merchant: Merchant) -> PromotionRules:
    """The brand's rules, from its jurisdiction profile (app/services/jurisdiction.py): a
    profile without bonuses before the first bet (Brazil) runs Brazil's rules."""
    profile = profile_of(merchant)
    base = DEFAULT if profile.pre_bet_bonus else BRAZIL
    return replace(base, raffle_needs_authorisation=profile.raffle_needs_authorisation)
