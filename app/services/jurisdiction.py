"""Jurisdiction profiles: which market rules a brand follows, as one small immutable value.

A brand names its market in `Merchant.jurisdiction` ("BR", or "" for none); every capability
that a market's rules change reads the brand's profile and nothing else::

    from app.services.jurisdiction import profile_of
    rules = profile_of(brand)          # brand: app.services.brands.Brand
    if rules.player_limits: ...        # members' own limits are checked before deposits/bets
    if not rules.pre_bet_bonus: ...    # promotions: no bonus before the first bet (BR)
    if not rules.animal_fights: ...    # catalogue, launch, wallets: no cockfight (BR)

Brazil (Lei 14.790/2023, Portarias SPA/MF 1.231/2024, 1.207/2024, 2.579/2025) switches every
check on; a brand without a jurisdiction runs with all of them off. The profile is data, not
code paths: a new market is one more entry in PROFILES.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal
from typing import Protocol

BRAZIL = "BR"


class HasJurisdiction(Protocol):
    @property
    def jurisdiction(self) -> str: ...


@dataclass(frozen=True)
class Profile:
    """The market rules of one brand. Read it; never branch on the jurisdiction code."""

    code: str
    # Members' own limits (deposit, loss, wagering, bets, time; per day, week, month) checked
    # before every deposit order and every bet debit; cooling-off and self-exclusion offered.
    player_limits: bool = False
    # A raise or removal of a limit waits this long, then needs the member's confirmation
    # within `limit_confirm_window` (else it lapses).
    limit_cooldown: timedelta = timedelta(hours=24)
    limit_confirm_window: timedelta = timedelta(hours=168)
    # Cooling-off and self-exclusion lengths (a self-exclusion may also be indefinite).
    cooling_off_min: timedelta = timedelta(hours=24)
    cooling_off_max: timedelta = timedelta(weeks=6)
    self_exclusion_min: timedelta = timedelta(days=183)
    # The regulator's central self-exclusion platform, linked from the exclusion page.
    central_exclusion_url: str = ""
    # A reality check after this much continuous play (0: none), and the idle gap after which
    # play and a login session (site and API) end (0: the platform's setting alone).
    reality_check_minutes: int = 0
    idle_minutes: int = 0
    # Promotions: may a bonus be granted before the member's first bet? (BR: no, art. 29 I.)
    pre_bet_bonus: bool = True
    # Raffles (free-prize draws) only with the regulator's prior authorisation, whose number
    # the promotion carries (BR: SPA authorisation, NT 338/2025).
    raffle_needs_authorisation: bool = False
    # Marketing to an excluded member stops (read `protection.marketing_allowed`).
    suppress_marketing_when_excluded: bool = True
    # Identity (app/services/identity): a CPF at registration (one account per CPF), no
    # deposit, bet or withdrawal until the identity check passed (18+ from the verified birth
    # date), the barred list consulted, money only from and to the member's own CPF.
    identity_verification: bool = False
    # Own limits offered on the register form (Portaria 2.579/2025 art. 3).
    limits_at_registration: bool = False
    # Transfers between members (an agent's team transfers, to a downline or the upline).
    # Brazil: off, money comes in from and goes out to the member's own CPF only (Portaria
    # 615/2024); elsewhere the money received carries the sender's wagering still owed.
    member_transfers: bool = True
    # The lowest return to player a game may be set to (BR: 85 %, Portaria 1.207/2024).
    min_rtp: Decimal = Decimal(0)
    # Bets on animal fights (cockfight). BR: none, a crime there (Lei 9.605/1998 art. 32).
    animal_fights: bool = True


PROFILES: dict[str, Profile] = {
    "": Profile(code=""),
    BRAZIL: Profile(
        code=BRAZIL,
        player_limits=True,
        central_exclusion_url="https://www.gov.br/fazenda/pt-br/composicao/orgaos/secretaria-de-premios-e-apostas",
        reality_check_minutes=60,
        idle_minutes=30,
        pre_bet_bonus=False,
        identity_verification=True,
        limits_at_registration=True,
        raffle_needs_authorisation=True,
        member_transfers=False,
        min_rtp=Decimal("0.85"),
        animal_fights=False,
    ),
}


def profile_of(brand: HasJurisdiction) -> Profile:
    """The brand's profile; an unknown code runs as no jurisdiction (all checks off)."""
    return PROFILES.get(brand.jurisdiction.strip().upper(), PROFILES[""])
