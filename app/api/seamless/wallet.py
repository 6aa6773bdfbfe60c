"""The seamless-wallet API vendors call: `/vendor/<vendorCode>/wallet/<operation>`.

Every request is a JSON POST signed with the vendor's secret: headers `X-Timestamp` (Unix
seconds) and `X-Signature` (hex HMAC-SHA256 of the timestamp followed by the raw body). Money
answers carry a status (OK, INSUFFICIENT_FUNDS, REFUSED) and the player's balance.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from decimal import Decimal
from typing import Any

from fastapi import APIRouter, Request
from pydantic import Field, ValidationError
from starlette.responses import Response
from starlette.routing import Route

from app.api.deps import door_gates
from app.api.envelope import Envelope, ok
from app.api.schemas import ApiModel
from app.core.errors import AppError
from app.services import amounts
from app.services.seamless import port, signing, wallet
from app.services.seamless.vendors import vendor_secret

router = APIRouter(prefix="/vendor/{vendorCode}/wallet", tags=["vendor wallet"])


class AuthenticateRequest(ApiModel):
    launchToken: str = Field(max_length=128)


class SessionRequest(ApiModel):
    sessionToken: str = Field(max_length=128)


class MoneyRequest(SessionRequest):
    transactionId: str = Field(min_length=1, max_length=wallet.MAX_ID_LENGTH)
    roundId: str = Field(min_length=1, max_length=wallet.MAX_ID_LENGTH)
    gameCode: str = Field(min_length=1, max_length=wallet.MAX_ID_LENGTH)
    amount: str = Field(default="0", max_length=32, description="decimal string, e.g. 12.50")


class RollbackRequest(MoneyRequest):
    rollbackOf: str = Field(min_length=1, max_length=wallet.MAX_ID_LENGTH)


class BetWinRequest(MoneyRequest):
    winTransactionId: str = Field(min_length=1, max_length=wallet.MAX_ID_LENGTH)
    winAmount: str = Field(max_length=32, description="decimal string; 0 settles a lost round")


class SessionValue(ApiModel):
    sessionToken: str
    memberId: int
    merchantId: int
    currency: str
    gameCode: str
    balance: Decimal


class AnswerValue(ApiModel):
    status: str
    balance: Decimal
    currency: str
    transactionId: str
    replay: bool


async def signed_body(
    request: Request, vendor_code: str, model: type[Any], invalid: str = "seamless-invalid-call"
) -> Any:
    """The request's JSON body as `model`, once its signature is checked (else `invalid`)."""
    body = await request.body()
    signing.verify(
        await vendor_secret(vendor_code),
        request.headers.get(signing.TIMESTAMP_HEADER),
        request.headers.get(signing.SIGNATURE_HEADER),
        body,
    )
    try:
        return model.model_validate(json.loads(body))
    except (ValueError, RecursionError, ValidationError) as exc:
        raise AppError(invalid, 422) from exc


def _amount(text: str) -> Decimal:
    """A debit's zero is refused by the wallet; a credit of zero settles a lost round."""
    return amounts.parse_amount(
        text, "seamless-invalid-amount", allow_zero=True, maximum=wallet.MAX_AMOUNT
    )


def _call(body: MoneyRequest, rollback_of: str | None = None) -> port.WalletCall:
    return port.WalletCall(
        transaction_id=body.transactionId,
        round_id=body.roundId,
        game_code=body.gameCode,
        amount=_amount(body.amount),
        rollback_of=rollback_of,
    )


def _value(answer: port.WalletAnswer) -> Envelope[AnswerValue]:
    return ok(
        AnswerValue(
            status=answer.status,
            balance=answer.balance,
            currency=answer.currency,
            transactionId=answer.transaction_id,
            replay=answer.replay,
        )
    )


@router.post("/authenticate", response_model=Envelope[SessionValue])
async def authenticate(vendorCode: str, request: Request) -> Envelope[SessionValue]:
    body = await signed_body(request, vendorCode, AuthenticateRequest)
    player = await wallet.authenticate(vendorCode, body.launchToken)
    return ok(
        SessionValue(
            sessionToken=player.session_token,
            memberId=player.member_id,
            merchantId=player.merchant_id,
            currency=player.currency,
            gameCode=player.game_code,
            balance=player.balance,
        )
    )


@router.post("/balance", response_model=Envelope[AnswerValue])
async def balance(vendorCode: str, request: Request) -> Envelope[AnswerValue]:
    body = await signed_body(request, vendorCode, SessionRequest)
    return _value(await wallet.balance(vendorCode, body.sessionToken))


@router.post("/debit", response_model=Envelope[AnswerValue])
async def debit(vendorCode: str, request: Request) -> Envelope[AnswerValue]:
    body = await signed_body(request, vendorCode, MoneyRequest)
    return _value(await wallet.debit(vendorCode, body.sessionToken, _call(body)))


@router.post("/credit", response_model=Envelope[AnswerValue])
async def credit(vendorCode: str, request: Request) -> Envelope[AnswerValue]:
    body = await signed_body(request, vendorCode, MoneyRequest)
    return _value(await wallet.credit(vendorCode, body.sessionToken, _call(body)))


@router.post("/betwin", response_model=Envelope[AnswerValue])
async def bet_win(vendorCode: str, request: Request) -> Envelope[AnswerValue]:
    """A one-step round: the debit of `amount`, then (if OK) the credit of `winAmount` under
    `winTransactionId`, both in one transaction; the answer is the credit's, or the refusal."""
    body = await signed_body(request, vendorCode, BetWinRequest)
    win = port.WalletCall(
        transaction_id=body.winTransactionId,
        round_id=body.roundId,
        game_code=body.gameCode,
        amount=_amount(body.winAmount),
    )
    return _value(await wallet.bet_win(vendorCode, body.sessionToken, _call(body), win))


@router.post("/rollback", response_model=Envelope[AnswerValue])
async def rollback(vendorCode: str, request: Request) -> Envelope[AnswerValue]:
    body = await signed_body(request, vendorCode, RollbackRequest)
    return _value(
        await wallet.rollback(vendorCode, body.sessionToken, _call(body, body.rollbackOf))
    )


# Matched before every other router: the money calls players and vendors make most.
MONEY_ROUTERS = (router,)


def _direct(operation: str, endpoint: Callable[[str, Request], Awaitable[Envelope[Any]]]) -> Route:
    """A money call's route as a plain Starlette one: the same gates (`door_gates`, by the
    route's template), body, rules and answer, without FastAPI's route matching through its
    included routers, its dependency solving and its validation of the answer it has just
    built (a fifth of a bet-and-win's CPU, bench_simulator). Errors answer through the app's
    handlers as before."""

    async def direct(request: Request) -> Response:
        request.scope["route"] = route  # the gates' table names the route by its template
        await door_gates(request)
        envelope = await endpoint(request.path_params["vendorCode"], request)
        return Response(envelope.model_dump_json(by_alias=True), media_type="application/json")

    route = Route(f"{router.prefix}/{operation}", direct, methods=["POST"])
    return route


# The money calls answered ahead of every route (app/api/main.py); the router above still
# declares them (OpenAPI) and is what a method or path they do not match falls through to.
DIRECT_ROUTES = tuple(
    _direct(operation, endpoint)
    for operation, endpoint in (
        ("betwin", bet_win),
        ("debit", debit),
        ("credit", credit),
        ("rollback", rollback),
        ("balance", balance),
    )
)
