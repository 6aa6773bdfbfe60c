"""The sandbox provider's checkout page (the demo of `make run`; SANDBOX_PAYMENTS=false turns
it off): a tester pays or fails an order there, and the provider then calls our webhook.

An order is paid there only for the login session that made it: the checkout link carries a
ticket (an HMAC of the order number and that session under the app secret) which only that
session is shown, and the session must still be live (not logged out, not expired).
"""

from __future__ import annotations

import hmac

import httpx

from app.core import clock
from app.core.config import get_settings
from app.core.db import session_scope
from app.core.errors import AppError
from app.core.security import keyed_digest
from app.services.cashier import deposits
from app.services.cashier.providers import SandboxProvider
from models import MemberSession
from models.cashier import DepositOrder

CHECKOUT_PATH = "/sandbox/pay/{order_no}"


def _ticket(order_no: str, session_id: int) -> str:
    return keyed_digest(f"{order_no}:{session_id}", "sandbox-checkout")[:32]


def checkout_url(order: DepositOrder, viewer_session_id: int | None) -> str:
    """The payment page's address for the session that made the order; "" for any other."""
    if order.session_id is None or order.session_id != viewer_session_id:
        return ""
    ticket = _ticket(order.order_no, order.session_id)
    return CHECKOUT_PATH.format(order_no=order.order_no) + f"?ticket={ticket}"


async def checkout(order_no: str, ticket: str) -> DepositOrder:
    """The order behind a checkout link, or sandbox-checkout-refused (unknown orders too)."""
    refused = AppError("sandbox-checkout-refused", status=403)
    if not get_settings().sandbox_payments:
        raise AppError("not-found", status=404)
    try:
        order = await deposits.order_by_number(str(order_no)[:40])
    except AppError as exc:
        raise refused from exc
    if order.session_id is None or not hmac.compare_digest(
        _ticket(order.order_no, order.session_id), str(ticket)
    ):
        raise refused
    async with session_scope() as session:
        login = await session.get(MemberSession, order.session_id)
    if login is None or login.revoked_at is not None or login.expires_at <= clock.now():
        raise refused
    return order


async def pay(
    order_no: str,
    ticket: str,
    paid: bool,
    transport: httpx.AsyncBaseTransport | None = None,
    payer_cpf: str | None = None,
) -> int:
    """Pay (or fail) the order as the provider's payer, then the provider calls our webhook;
    the webhook's HTTP status comes back. The payer is the member (their own CPF) unless a
    tester names another CPF (`payer_cpf`) to see a third party's PIX refused."""
    order = await checkout(order_no, ticket)
    return await SandboxProvider().settle(
        order, paid is True, transport=transport, payer_document=payer_cpf
    )
