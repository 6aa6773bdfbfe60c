"""Round reports of transfer-wallet vendors: `POST /vendor/<vendorCode>/reports/rounds`.

Signed as the seamless wallet calls are (headers `X-Timestamp`, `X-Signature`). The body lists
up to 100 settled or voided rounds; the answer counts the rounds written and the rounds
already known as reported (a repeat). One bad round refuses the whole report.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Literal

from fastapi import APIRouter, Request
from pydantic import Field

from app.api.envelope import Envelope, ok
from app.api.schemas import ApiModel
from app.api.seamless.wallet import signed_body
from app.services import amounts
from app.services.cashier import vendor_rounds

router = APIRouter(prefix="/vendor/{vendorCode}/reports", tags=["vendor reports"])


class RoundReport(ApiModel):
    roundId: str = Field(min_length=1, max_length=64)
    memberId: int = Field(ge=1, le=2**31 - 1)
    gameCode: str = Field(min_length=1, max_length=64)
    bet: str = Field(max_length=32, description="decimal string, e.g. 12.50; more than 0")
    win: str = Field(default="0", max_length=32, description="decimal string; 0 for a loss")
    status: Literal["SETTLED", "VOIDED"] = "SETTLED"


class RoundsReport(ApiModel):
    rounds: list[RoundReport] = Field(min_length=1, max_length=vendor_rounds.MAX_ROUNDS)


class ReportValue(ApiModel):
    recorded: int
    replayed: int


def _amount(text: str) -> Decimal:
    """The one amount parser (no exponent, no other script's digits); the service checks the
    rest (a bet above zero)."""
    return amounts.parse_amount(
        text, "vendor-round-invalid-amount", allow_zero=True, maximum=vendor_rounds.MAX_AMOUNT
    )


@router.post("/rounds", response_model=Envelope[ReportValue])
async def report_rounds(vendorCode: str, request: Request) -> Envelope[ReportValue]:
    """Settled (or voided) rounds of a transfer-wallet vendor: money, betting record and
    wager facts, all or nothing; idempotent by round id."""
    body = await signed_body(request, vendorCode, RoundsReport, "vendor-report-invalid")
    result = await vendor_rounds.report_rounds(
        vendorCode,
        [
            vendor_rounds.ReportedRound(
                round_id=item.roundId,
                member_id=item.memberId,
                game_code=item.gameCode,
                bet=_amount(item.bet),
                win=_amount(item.win),
                status=vendor_rounds.ReportStatus(item.status),
            )
            for item in body.rounds
        ],
    )
    return ok(ReportValue(recorded=result.recorded, replayed=result.replayed))


ROUTERS = (router,)
