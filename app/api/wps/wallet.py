"""Wallet and cashier calls: balance, deposit channels and orders, provider webhooks, inbox."""

from __future__ import annotations

from decimal import Decimal

from fastapi import APIRouter, Request
from pydantic import Field

from app.api.deps import Context, RealMember
from app.api.envelope import Envelope, ok
from app.api.schemas import ApiModel
from app.core.db import session_scope
from app.services import inbox, ledger
from app.services.cashier import deposits
from app.services.cashier.providers import SIGNATURE_HEADER
from app.services.qr import qr_svg_data_uri_off_loop
from models.cashier import DepositOrder

router = APIRouter(tags=["wallet"])


class WalletLine(ApiModel):
    wallet: str
    balance: Decimal


class BalanceValue(ApiModel):
    sumBalance: Decimal = Field(description="cash + bonus (what can be played)")
    currency: str
    wallets: list[WalletLine]


class ChannelValue(ApiModel):
    code: str
    minAmount: Decimal
    maxAmount: Decimal
    feePercent: Decimal
    feeFixed: Decimal


class DepositRequest(ApiModel):
    channel: str = Field(max_length=32)
    amount: str = Field(max_length=24, description="e.g. 100.00 or 1.234,56")


class DepositValue(ApiModel):
    orderNo: str
    channel: str
    amount: Decimal
    fee: Decimal
    creditedAmount: Decimal
    currency: str
    status: str
    pixCode: str | None
    qr: str | None
    checkoutUrl: str


async def deposit_value(order: DepositOrder) -> DepositValue:
    return DepositValue(
        orderNo=order.order_no,
        channel=order.channel_code,
        amount=order.amount,
        fee=order.fee,
        creditedAmount=order.credited_amount,
        currency=order.currency,
        status=order.status,
        pixCode=order.pix_code,
        qr=await qr_svg_data_uri_off_loop(order.pix_code) if order.pix_code else None,
        checkoutUrl=f"/sandbox/pay/{order.order_no}",
    )


@router.get("/wps/v2/wallets/balance", response_model=Envelope[BalanceValue])
async def balance(ctx: Context, auth: RealMember) -> Envelope[BalanceValue]:
    assert auth.member.id is not None
    async with session_scope() as session:
        wallet = await ledger.member_wallet(
            session,
            merchant_id=ctx.brand.id,
            member_id=auth.member.id,
            currency=ctx.brand.currency,
        )
    return ok(
        BalanceValue(
            sumBalance=wallet.cash + wallet.bonus,
            currency=ctx.brand.currency,
            wallets=[
                WalletLine(wallet="MAIN", balance=wallet.cash),
                WalletLine(wallet="BONUS", balance=wallet.bonus),
                WalletLine(wallet="LOCKED", balance=wallet.locked),
            ],
        )
    )


@router.get("/wps/payment/channels", response_model=Envelope[list[ChannelValue]])
async def payment_channels(ctx: Context, auth: RealMember) -> Envelope[list[ChannelValue]]:
    return ok(
        [
            ChannelValue(
                code=c.code,
                minAmount=c.min_amount,
                maxAmount=c.max_amount,
                feePercent=c.fee_percent,
                feeFixed=c.fee_fixed,
            )
            for c in await deposits.channels(ctx.brand)
        ]
    )


@router.post("/wps/payment/deposit", response_model=Envelope[DepositValue])
async def create_deposit(
    ctx: Context, auth: RealMember, body: DepositRequest
) -> Envelope[DepositValue]:
    order = await deposits.create_deposit(ctx.brand, auth.member, body.channel, body.amount)
    return ok(await deposit_value(order))


@router.get("/wps/payment/deposit/{order_no}", response_model=Envelope[DepositValue])
async def get_deposit(auth: RealMember, order_no: str) -> Envelope[DepositValue]:
    return ok(await deposit_value(await deposits.member_order(auth.member, order_no)))


@router.post("/wps/payment/webhook/{provider}", response_model=Envelope[str])
async def payment_webhook(request: Request, ctx: Context, provider: str) -> Envelope[str]:
    """Called by payment providers; the body is signed (HMAC-SHA256 in X-Signature)."""
    outcome = await deposits.handle_webhook(
        provider, await request.body(), request.headers.get(SIGNATURE_HEADER, ""), ctx.ip
    )
    return ok(outcome)


@router.get("/wps/relay/CSP_unreadCount", response_model=Envelope[int])
async def unread_count(auth: RealMember) -> Envelope[int]:
    assert auth.member.id is not None
    return ok(await inbox.unread_count(auth.member.id))


@router.get("/wps/member/messages", response_model=Envelope[list[dict]])
async def member_messages(ctx: Context, auth: RealMember) -> Envelope[list[dict]]:
    assert auth.member.id is not None
    return ok(await inbox.messages(auth.member.id, ctx.language))
