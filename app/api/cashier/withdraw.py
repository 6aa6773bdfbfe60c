"""Withdrawals: payment password, payout accounts, requests and their confirmation (members);
open orders, payouts in parts and rejection (operators)."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Annotated

from fastapi import APIRouter, Depends, File, Form, Path, Query, UploadFile
from fastapi.responses import Response
from pydantic import Field

from app.api.deps import Context, RealMember, sealed_model
from app.api.envelope import Envelope, ok
from app.api.schemas import ApiModel, PageNumber, PageSize, PageValue
from app.core import clock
from app.core.config import get_settings
from app.core.errors import AppError
from app.core.i18n import translate
from app.services.accounts import payment_password as payment_passwords
from app.services.accounts.members import is_operator
from app.services.accounts.sessions import Authenticated
from app.services.backoffice import payments
from app.services.cashier import payout_accounts, withdrawals
from app.services.cashier.withdrawals import WithdrawalView
from models import PayoutAccount
from models.base import MAX_ID

router = APIRouter(tags=["withdraw"])


async def operator(auth: RealMember) -> Authenticated:
    """A logged-in member of this brand whose account type is an operator type."""
    if not is_operator(auth.member):
        raise AppError("operator-only", status=403)
    return auth


Operator = Annotated[Authenticated, Depends(operator)]


class PaymentPasswordValue(ApiModel):
    isSet: bool
    lockedSeconds: int = Field(description="how long withdrawals stay locked; 0 when not locked")


class SetPaymentPasswordPayload(ApiModel):
    loginPassword: str = Field(default="", max_length=64)
    paymentPassword: str = Field(default="", max_length=64)
    confirmPaymentPassword: str = Field(default="", max_length=64)


class ChangePaymentPasswordPayload(ApiModel):
    loginPassword: str = Field(default="", max_length=128, description="re-authentication")
    oldPaymentPassword: str = Field(default="", max_length=64)
    newPaymentPassword: str = Field(default="", max_length=64)
    confirmPaymentPassword: str = Field(default="", max_length=64)


class PayoutAccountPayload(ApiModel):
    password: str = Field(default="", max_length=128, description="the login password again")
    type: str = Field(max_length=8, description="PIX or BANK")
    holderName: str = Field(max_length=120)
    pixKeyType: str = Field(default="", max_length=8, description="CPF, EMAIL, PHONE or RANDOM")
    pixKey: str = Field(default="", max_length=120)
    bankCode: str = Field(default="", max_length=8)
    branch: str = Field(default="", max_length=16)
    accountNumber: str = Field(default="", max_length=24)


class PayoutAccountValue(ApiModel):
    id: int
    type: str
    pixKeyType: str | None
    bankCode: str | None
    branch: str | None
    holderName: str
    display: str = Field(description="the key or account, masked")


class OperatorPayoutAccountValue(PayoutAccountValue):
    pixKey: str | None
    accountNumber: str | None


class TurnoverValue(ApiModel):
    multiplier: Decimal
    deposited: Decimal = Field(description="deposits since the last fully paid withdrawal")
    required: Decimal
    wagered: Decimal
    remaining: Decimal


class WithdrawInfoValue(ApiModel):
    currency: str
    balance: Decimal = Field(description="cash that can be withdrawn")
    locked: Decimal = Field(description="held for withdrawals in progress")
    minAmount: Decimal
    maxAmount: Decimal
    dailyLimit: int
    usedToday: int
    turnover: TurnoverValue
    paymentPasswordSet: bool
    paymentPasswordLockedSeconds: int
    autoReceiveMinutes: int


class WithdrawPayload(ApiModel):
    amount: str = Field(max_length=24, description="e.g. 100.00 or 1.234,56")
    payoutAccountId: int = Field(ge=1, le=MAX_ID)
    paymentPassword: str = Field(default="", max_length=64)


class PayoutValue(ApiModel):
    partNo: int
    amount: Decimal
    paidAt: datetime
    receipt: str = Field(description="AWAITING, RECEIVED, AUTO_RECEIVED, NOT_RECEIVED or REFUNDED")
    receiptText: str
    answeredAt: datetime | None
    hasProof: bool
    resolution: str | None = Field(
        default=None, description="how an investigation closed: RECEIVED or NOT_PAID"
    )


class WithdrawalValue(ApiModel):
    orderNo: str
    status: str
    statusText: str
    done: bool = Field(description="paid in full and received (or treated as received)")
    currency: str
    amount: Decimal
    paidAmount: Decimal = Field(description="paid out so far: the received amount")
    remainingAmount: Decimal = Field(description="still to be paid (or rejected)")
    releasedAmount: Decimal = Field(description="returned to the balance by a rejection")
    awaitingAmount: Decimal = Field(description="paid and waiting for the member's answer")
    confirmBy: datetime | None = Field(description="after this, unanswered parts count received")
    createdAt: datetime
    updatedAt: datetime
    payoutAccount: PayoutAccountValue
    payouts: list[PayoutValue]


class OperatorWithdrawalValue(WithdrawalValue):
    memberId: int
    rejectReason: str | None
    payoutAccount: OperatorPayoutAccountValue


class WithdrawalPage(PageValue):
    items: list[WithdrawalValue]


class OperatorWithdrawalPage(PageValue):
    items: list[OperatorWithdrawalValue]


class PayoutPayload(ApiModel):
    partNo: int = Field(ge=1, le=MAX_ID, description="the next part's number: 1, 2, …")
    amount: str = Field(max_length=24)


class RejectPayload(ApiModel):
    reason: str = Field(max_length=200)


class InvestigationPayload(ApiModel):
    outcome: str = Field(
        max_length=16,
        description="RECEIVED: the payout arrived; NOT_PAID: refund the parts to the balance",
    )
    note: str = Field(default="", max_length=200)


def account_value(account: PayoutAccount) -> PayoutAccountValue:
    assert account.id is not None
    return PayoutAccountValue(
        id=account.id,
        type=account.kind,
        pixKeyType=account.pix_key_type,
        bankCode=account.bank_code,
        branch=account.branch,
        holderName=account.holder_name,
        display=payout_accounts.masked(account),
    )


def withdrawal_fields(view: WithdrawalView, language: str) -> dict[str, object]:
    order = view.order
    return {
        "orderNo": order.order_no,
        "status": order.status,
        "statusText": translate(f"withdraw.status.{order.status}", language),
        "done": view.done,
        "currency": order.currency,
        "amount": order.amount,
        "paidAmount": order.paid_amount,
        "remainingAmount": order.remaining_amount,
        "releasedAmount": order.released_amount,
        "awaitingAmount": view.awaiting_amount,
        "confirmBy": view.confirm_by,
        "createdAt": order.created_at,
        "updatedAt": order.updated_at,
        "payouts": [
            PayoutValue(
                partNo=p.part_no,
                amount=p.amount,
                paidAt=p.paid_at,
                receipt=p.receipt,
                receiptText=translate(f"withdraw.receipt.{p.receipt}", language),
                answeredAt=p.answered_at,
                hasProof=p.proof_file is not None,
                resolution=p.resolution,
            )
            for p in view.payouts
        ],
    }


def withdrawal_value(view: WithdrawalView, language: str) -> WithdrawalValue:
    return WithdrawalValue(
        **withdrawal_fields(view, language), payoutAccount=account_value(view.account)
    )


def operator_value(view: WithdrawalView, language: str) -> OperatorWithdrawalValue:
    account = account_value(view.account)
    return OperatorWithdrawalValue(
        **withdrawal_fields(view, language),
        memberId=view.order.member_id,
        rejectReason=view.order.reject_reason,
        payoutAccount=OperatorPayoutAccountValue(
            **account.model_dump(),
            pixKey=view.account.identifier if view.account.pix_key_type else None,
            accountNumber=view.account.account_number,
        ),
    )


# --- payment password ------------------------------------------------------------------


@router.get("/wps/member/paymentPassword", response_model=Envelope[PaymentPasswordValue])
async def payment_password(auth: RealMember) -> Envelope[PaymentPasswordValue]:
    state = await payment_passwords.payment_password_state(auth.member)
    return ok(PaymentPasswordValue(isSet=state.is_set, lockedSeconds=state.locked_seconds))


@router.post("/wps/member/paymentPassword", response_model=Envelope[bool])
async def set_payment_password(
    ctx: Context,
    auth: RealMember,
    payload: Annotated[SetPaymentPasswordPayload, sealed_model(SetPaymentPasswordPayload)],
) -> Envelope[bool]:
    """Set the payment password once (E), proven by the login password."""
    await payment_passwords.set_payment_password(
        ctx.brand,
        auth.member,
        payload.loginPassword,
        payload.paymentPassword,
        payload.confirmPaymentPassword,
        ctx.ip,
    )
    return ok(True)


@router.put("/wps/member/paymentPassword", response_model=Envelope[bool])
async def change_payment_password(
    ctx: Context,
    auth: RealMember,
    payload: Annotated[ChangePaymentPasswordPayload, sealed_model(ChangePaymentPasswordPayload)],
) -> Envelope[bool]:
    """Change the payment password (E), proven by the current one."""
    await payment_passwords.change_payment_password(
        ctx.brand,
        auth.member,
        payload.loginPassword,
        payload.oldPaymentPassword,
        payload.newPaymentPassword,
        payload.confirmPaymentPassword,
        ctx.ip,
    )
    return ok(True)


# --- payout accounts -------------------------------------------------------------------


@router.get("/wps/member/payoutAccounts", response_model=Envelope[list[PayoutAccountValue]])
async def list_payout_accounts(auth: RealMember) -> Envelope[list[PayoutAccountValue]]:
    return ok([account_value(a) for a in await payout_accounts.member_accounts(auth.member)])


@router.post(
    "/wps/member/payoutAccounts",
    response_model=Envelope[PayoutAccountValue],
)
async def bind_payout_account(
    ctx: Context, auth: RealMember, body: PayoutAccountPayload
) -> Envelope[PayoutAccountValue]:
    """Add a PIX key or bank account, proven by the login password; the holder must be the
    member (profile payee name)."""
    account = await payout_accounts.bind(
        auth.member,
        payout_accounts.PayoutAccountInput(
            kind=body.type,
            holder_name=body.holderName,
            pix_key_type=body.pixKeyType,
            pix_key=body.pixKey,
            bank_code=body.bankCode,
            branch=body.branch,
            account_number=body.accountNumber,
        ),
        body.password,
        ctx.ip,
    )
    return ok(account_value(account))


# --- member withdrawals ----------------------------------------------------------------


@router.get("/wps/payment/withdraw/info", response_model=Envelope[WithdrawInfoValue])
async def withdraw_info(ctx: Context, auth: RealMember) -> Envelope[WithdrawInfoValue]:
    """Balances, limits, today's count and the wagering still needed before withdrawing."""
    info = await withdrawals.overview(ctx.brand, auth.member)
    turnover = info.turnover
    return ok(
        WithdrawInfoValue(
            currency=info.currency,
            balance=info.cash,
            locked=info.locked,
            minAmount=info.rules.min_amount,
            maxAmount=info.rules.max_amount,
            dailyLimit=info.rules.daily_count,
            usedToday=info.used_today,
            turnover=TurnoverValue(
                multiplier=turnover.multiplier,
                deposited=turnover.deposited,
                required=turnover.required,
                wagered=turnover.wagered,
                remaining=turnover.remaining,
            ),
            paymentPasswordSet=info.payment_password.is_set,
            paymentPasswordLockedSeconds=info.payment_password.locked_seconds,
            autoReceiveMinutes=get_settings().withdrawal_auto_receive_minutes,
        )
    )


@router.post("/wps/payment/withdraw", response_model=Envelope[WithdrawalValue])
async def request_withdrawal(
    ctx: Context,
    auth: RealMember,
    payload: Annotated[WithdrawPayload, sealed_model(WithdrawPayload)],
) -> Envelope[WithdrawalValue]:
    """Request a withdrawal (E): the amount is locked until it is paid out or rejected."""
    view = await withdrawals.request_withdrawal(
        ctx.brand, auth.member, payload.amount, payload.payoutAccountId, payload.paymentPassword
    )
    return ok(withdrawal_value(view, ctx.language))


@router.get("/wps/payment/withdraw/orders", response_model=Envelope[WithdrawalPage])
async def list_withdrawals(
    ctx: Context, auth: RealMember, page: PageNumber = 1, page_size: PageSize = 20
) -> Envelope[WithdrawalPage]:
    views, total = await withdrawals.member_orders(auth.member, page, page_size)
    return ok(
        WithdrawalPage(
            items=[withdrawal_value(v, ctx.language) for v in views],
            total=total,
            page=page,
            pageSize=page_size,
        )
    )


@router.get("/wps/payment/withdraw/orders/{order_no}", response_model=Envelope[WithdrawalValue])
async def get_withdrawal(
    ctx: Context, auth: RealMember, order_no: str
) -> Envelope[WithdrawalValue]:
    return ok(withdrawal_value(await withdrawals.member_order(auth.member, order_no), ctx.language))


@router.post(
    "/wps/payment/withdraw/orders/{order_no}/confirmation",
    response_model=Envelope[WithdrawalValue],
)
async def confirm_withdrawal(
    ctx: Context,
    auth: RealMember,
    order_no: str,
    answer: Annotated[str, Form(max_length=16, description="RECEIVED or NOT_RECEIVED")],
    proof: Annotated[UploadFile | None, File(description="png or jpg, for NOT_RECEIVED")] = None,
) -> Envelope[WithdrawalValue]:
    """Withdrawal confirmation (multipart): received, or not received with a proof image."""
    content = None
    if proof is not None:
        content = await proof.read(get_settings().withdrawal_proof_max_bytes + 1)
    view = await withdrawals.confirm_receipt(auth.member, order_no, answer, content)
    return ok(withdrawal_value(view, ctx.language))


# --- operators -------------------------------------------------------------------------


@router.get("/wps/operator/withdrawals", response_model=Envelope[OperatorWithdrawalPage])
async def operator_withdrawals(
    ctx: Context,
    auth: Operator,
    status: Annotated[str | None, Query(max_length=16)] = None,
    page: PageNumber = 1,
    page_size: PageSize = 20,
) -> Envelope[OperatorWithdrawalPage]:
    """The brand's withdrawals, oldest first: open ones (something left to pay), or by status."""
    views, total = await withdrawals.operator_orders(
        ctx.brand, auth.member, status, page, page_size
    )
    return ok(
        OperatorWithdrawalPage(
            items=[operator_value(v, ctx.language) for v in views],
            total=total,
            page=page,
            pageSize=page_size,
        )
    )


@router.post(
    "/wps/operator/withdrawals/{order_no}/payouts",
    response_model=Envelope[OperatorWithdrawalValue],
)
async def pay_withdrawal_part(
    ctx: Context, auth: Operator, order_no: str, body: PayoutPayload
) -> Envelope[OperatorWithdrawalValue]:
    """Pay one part (all of the rest, or less); a repeated part pays once. The back office's
    four-eyes policy and audit: only what one person may pay alone (then the console's)."""
    view = await payments.operator_pay(
        ctx.brand, auth.member, order_no, body.partNo, body.amount, clock.now()
    )
    return ok(operator_value(view, ctx.language))


@router.post(
    "/wps/operator/withdrawals/{order_no}/reject",
    response_model=Envelope[OperatorWithdrawalValue],
)
async def reject_withdrawal(
    ctx: Context, auth: Operator, order_no: str, body: RejectPayload
) -> Envelope[OperatorWithdrawalValue]:
    """Reject the unpaid rest: it goes back to the member's balance."""
    view = await withdrawals.reject(ctx.brand, auth.member, order_no, body.reason)
    return ok(operator_value(view, ctx.language))


@router.post(
    "/wps/operator/withdrawals/{order_no}/investigation",
    response_model=Envelope[OperatorWithdrawalValue],
)
async def close_withdrawal_investigation(
    ctx: Context, auth: Operator, order_no: str, body: InvestigationPayload
) -> Envelope[OperatorWithdrawalValue]:
    """Close the investigation of the parts reported not received: RECEIVED (they did
    arrive) or NOT_PAID (they go back to the member's balance); the member is told."""
    view = await withdrawals.close_investigation(
        ctx.brand, auth.member, order_no, body.outcome, body.note
    )
    return ok(operator_value(view, ctx.language))


@router.get(
    "/wps/operator/withdrawals/{order_no}/payouts/{part_no}/proof",
    response_class=Response,
    responses={200: {"content": {"image/png": {}, "image/jpeg": {}}}},
)
async def withdrawal_proof(
    ctx: Context, auth: Operator, order_no: str, part_no: Annotated[int, Path(ge=1, le=MAX_ID)]
) -> Response:
    """The proof image a member sent for a part reported not received."""
    content, media_type = await withdrawals.proof_image(ctx.brand, auth.member, order_no, part_no)
    return Response(
        content,
        media_type=media_type,
        headers={"X-Content-Type-Options": "nosniff", "Cache-Control": "no-store"},
    )


ROUTERS = (router,)
