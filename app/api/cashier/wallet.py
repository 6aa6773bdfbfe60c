"""Wallet and cashier calls: balance, deposit channels and orders, provider webhooks, inbox."""

from __future__ import annotations

from dataclasses import asdict
from decimal import Decimal

from fastapi import APIRouter, Query, Request
from pydantic import Field

from app.api.deps import Context, RealMember
from app.api.envelope import Envelope, ok
from app.api.schemas import ApiModel
from app.core.errors import AppError
from app.services import inbox
from app.services.agents import contracts as agent_contracts
from app.services.cashier import deposits, sandbox, transfers
from app.services.cashier.providers import SIGNATURE_HEADER
from app.services.qr import qr_svg_data_uri_off_loop
from models.cashier import DepositOrder

router = APIRouter(tags=["wallet"])


class WalletLine(ApiModel):
    wallet: str = Field(description="MAIN, BONUS, LOCKED, or a transfer vendor's code")
    balance: Decimal
    type: str = Field(default="MEMBER", description="MEMBER, or VENDOR for a transfer wallet")
    name: str | None = Field(default=None, description="the vendor's display name")
    maintenance: bool = False


class BalanceValue(ApiModel):
    sumBalance: Decimal = Field(description="main + bonus + every transfer-vendor wallet")
    currency: str
    wallets: list[WalletLine]


def wallet_lines(found: transfers.Wallets) -> list[WalletLine]:
    return [
        WalletLine(wallet="MAIN", balance=found.cash),
        WalletLine(wallet="BONUS", balance=found.bonus),
        WalletLine(wallet="LOCKED", balance=found.locked),
        *[
            WalletLine(
                wallet=v.vendor,
                balance=v.balance,
                type="VENDOR",
                name=v.name,
                maintenance=v.maintenance,
            )
            for v in found.vendors
        ],
    ]


class TransferRequest(ApiModel):
    vendor: str = Field(max_length=32, description="the transfer-mode vendor's code")
    direction: str = Field(max_length=8, description="IN: main → vendor; OUT: vendor → main")
    amount: str = Field(max_length=24, description="positive, at most two decimals")
    requestId: str = Field(max_length=64, description="idempotency key, 8-64 of [A-Za-z0-9_-]")


class TransferValue(ApiModel):
    transactionId: int
    replay: bool
    vendor: str
    direction: str
    amount: Decimal
    mainBalance: Decimal
    vendorBalance: Decimal


class RecallRequest(ApiModel):
    requestId: str = Field(max_length=64)


class RecallValue(ApiModel):
    moved: dict[str, Decimal]
    skipped: list[str]
    mainBalance: Decimal


class MerchantVendor(ApiModel):
    vendor: str
    name: str
    maintenance: bool


class MerchantWalletValue(ApiModel):
    merchantCode: str
    isSingle: int = Field(description="1: a single wallet (no transfer); 0: transfer wallets")
    transferVendors: list[MerchantVendor]


class ConsolidatedValue(ApiModel):
    currency: str
    mainBalance: Decimal
    bonusBalance: Decimal
    lockedBalance: Decimal
    vendorBalance: Decimal
    vendors: list[WalletLine]
    sumBalance: Decimal = Field(description="what can be played: main + bonus + vendors")
    totalBalance: Decimal = Field(description="everything the member holds, locked included")
    # Spec 3, consolidated or contract info: per contract kind the request waiting for the
    # member ("" none, NEW an offer to answer, TERMINATE a termination to agree to)...
    dailysalreqtype: str = ""
    divtypereq: str = ""
    contracthoursalreq: str = ""
    realtimesalreqtype: str = ""
    # ... and the derived flags: a contract of the kind is in force.
    dailySalary: bool = False
    hourSalary: bool = False
    salary: bool = Field(default=False, description="a real-time salary contract")
    enableCt: bool = Field(default=False, description="a dividend contract")


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
    checkoutUrl: str = Field(
        description="the sandbox payment page, for the session that made the order ('' else)"
    )


async def deposit_value(order: DepositOrder, session_id: int) -> DepositValue:
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
        checkoutUrl=sandbox.checkout_url(order, session_id),
    )


@router.get("/wps/v2/wallets/balance", response_model=Envelope[BalanceValue])
async def balance(ctx: Context, auth: RealMember) -> Envelope[BalanceValue]:
    found = await transfers.wallets(ctx.brand, auth.member)
    return ok(
        BalanceValue(
            sumBalance=found.sum_balance, currency=found.currency, wallets=wallet_lines(found)
        )
    )


@router.post(
    "/wps/relay/GCS_walletTransfer",
    response_model=Envelope[TransferValue],
)
async def wallet_transfer(
    ctx: Context, auth: RealMember, body: TransferRequest
) -> Envelope[TransferValue]:
    done = await transfers.transfer(
        ctx.brand,
        auth.member,
        vendor=body.vendor,
        direction=body.direction,
        amount=body.amount,
        request_id=body.requestId,
    )
    return ok(
        TransferValue(
            transactionId=done.transaction_id,
            replay=done.replay,
            vendor=done.vendor,
            direction=done.direction.value,
            amount=done.amount,
            mainBalance=done.main_balance,
            vendorBalance=done.vendor_balance,
        )
    )


@router.post(
    "/wps/relay/GCS_walletRecallAll",
    response_model=Envelope[RecallValue],
)
async def wallet_recall_all(
    ctx: Context, auth: RealMember, body: RecallRequest
) -> Envelope[RecallValue]:
    """Every transfer wallet back to the main wallet (vendors in maintenance are skipped)."""
    done = await transfers.recall_all(ctx.brand, auth.member, body.requestId)
    return ok(
        RecallValue(moved=done.moved, skipped=list(done.skipped), mainBalance=done.main_balance)
    )


@router.get("/wps/relay/GCS_merchantWallet", response_model=Envelope[MerchantWalletValue])
async def merchant_wallet(
    ctx: Context,
    auth: RealMember,
    merchantCode: str | None = Query(default=None, max_length=32),
) -> Envelope[MerchantWalletValue]:
    if merchantCode is not None and merchantCode != ctx.brand.code:
        raise AppError("wallet-merchant-mismatch", status=403)
    vendors = await transfers.transfer_vendors(ctx.brand)
    return ok(
        MerchantWalletValue(
            merchantCode=ctx.brand.code,
            isSingle=1 if transfers.is_single(ctx.brand) else 0,
            transferVendors=[
                MerchantVendor(vendor=v.vassalage, name=v.display_name, maintenance=v.maintenance)
                for v in vendors
            ],
        )
    )


@router.get("/wps/member/info/funds/consolidated", response_model=Envelope[ConsolidatedValue])
async def consolidated_funds(ctx: Context, auth: RealMember) -> Envelope[ConsolidatedValue]:
    """The member's funds across every wallet and its contract info (spec 3; none while the
    brand's agent programme is off); trial users are refused (spec 6: they skip it)."""
    found = await transfers.wallets(ctx.brand, auth.member)
    contract = await agent_contracts.consolidated(ctx.brand, auth.member)
    return ok(
        ConsolidatedValue(
            dailysalreqtype=contract.dailysalreqtype,
            divtypereq=contract.divtypereq,
            contracthoursalreq=contract.contracthoursalreq,
            realtimesalreqtype=contract.realtimesalreqtype,
            dailySalary=contract.daily_salary,
            hourSalary=contract.hour_salary,
            salary=contract.salary,
            enableCt=contract.enable_ct,
            currency=found.currency,
            mainBalance=found.cash,
            bonusBalance=found.bonus,
            lockedBalance=found.locked,
            vendorBalance=found.vendor_total,
            vendors=[line for line in wallet_lines(found) if line.type == "VENDOR"],
            sumBalance=found.sum_balance,
            totalBalance=found.total,
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
    order = await deposits.create_deposit(
        ctx.brand, auth.member, body.channel, body.amount, session_id=auth.session_id
    )
    return ok(await deposit_value(order, auth.session_id))


@router.get("/wps/payment/deposit/{order_no}", response_model=Envelope[DepositValue])
async def get_deposit(auth: RealMember, order_no: str) -> Envelope[DepositValue]:
    order = await deposits.member_order(auth.member, order_no)
    return ok(await deposit_value(order, auth.session_id))


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


class InboxMessageValue(ApiModel):
    id: int
    kind: str
    title: str
    body: str
    read: bool
    createdAt: str = Field(description="ISO 8601, UTC")


@router.get("/wps/member/messages", response_model=Envelope[list[InboxMessageValue]])
async def member_messages(ctx: Context, auth: RealMember) -> Envelope[list[InboxMessageValue]]:
    assert auth.member.id is not None
    found = await inbox.messages(auth.member.id, ctx.language)
    return ok(
        [
            InboxMessageValue.model_validate({**asdict(m), "createdAt": m.created_at.isoformat()})
            for m in found
        ]
    )


ROUTERS = (router,)
