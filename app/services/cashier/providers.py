"""Payment providers behind one interface. The sandbox provider lives in the project: its
checkout page lets a tester pay or fail an order, and it then calls our signed webhook over
HTTP exactly as a real provider would."""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import secrets
from dataclasses import dataclass
from typing import Protocol

import httpx

from app import routes
from app.core import http
from app.core.config import get_settings
from app.core.db import session_scope
from app.services.brands import Brand
from app.services.cashier.pix import br_code
from app.services.identity import onboarding
from models.cashier import DepositOrder

logger = logging.getLogger(__name__)
SIGNATURE_HEADER = "X-Signature"
WEBHOOK_PATH = "/wps/payment/webhook/{provider}"


@dataclass(frozen=True)
class Charge:
    provider_reference: str
    pix_code: str | None
    checkout_url: str


class PaymentProvider(Protocol):
    name: str

    async def create_charge(self, brand: Brand, order: DepositOrder) -> Charge: ...

    def checkout_url(self, order_no: str) -> str: ...

    def verify(self, body: bytes, signature: str) -> bool: ...

    async def refund(self, order: DepositOrder) -> None:
        """Return a paid order's money to its payer (a PIX devolução)."""


class SandboxProvider:
    name = "sandbox"

    def _key(self) -> bytes:
        return hashlib.sha256(f"{get_settings().secret()}:sandbox-webhook".encode()).digest()

    def sign(self, body: bytes) -> str:
        return hmac.new(self._key(), body, hashlib.sha256).hexdigest()

    def verify(self, body: bytes, signature: str) -> bool:
        return hmac.compare_digest(self.sign(body), signature or "")

    async def create_charge(self, brand: Brand, order: DepositOrder) -> Charge:
        reference = f"SBX{secrets.token_hex(8).upper()}"
        base = get_settings().public_base_url.rstrip("/")
        pix = (
            br_code(
                location_url=f"{base.split('://', 1)[-1]}/sandbox/pix/{reference}",
                amount=order.amount,
                merchant_name=brand.name,
                city="SAO PAULO",
                txid=reference,
            )
            if order.channel_code == "PIX"
            else None
        )
        return Charge(reference, pix, self.checkout_url(order.order_no))

    def checkout_url(self, order_no: str) -> str:
        return routes.sandbox_pay(order_no)

    async def refund(self, order: DepositOrder) -> None:
        """The sandbox's payer is imaginary: the returned money has nowhere to go."""
        logger.info("sandbox refund of %s to its payer", order.order_no)

    async def settle(
        self,
        order: DepositOrder,
        paid: bool,
        transport: httpx.AsyncBaseTransport | None = None,
        payer_document: str | None = None,
    ) -> int:
        """What the provider does after the payer acts: call our webhook, signed, with the
        payer's document (the CPF of the account the PIX came from; by default the sandbox
        pays from the member's own CPF, or none on record)."""
        if payer_document is None:
            async with session_scope() as session:
                payer_document = await onboarding.own_cpf(session, order.member_id) or ""
        body = json.dumps(
            {
                "orderNo": order.order_no,
                "providerReference": order.provider_reference,
                "status": "PAID" if paid else "FAILED",
                "amount": f"{order.amount:.2f}",
                "currency": order.currency,
                "payerDocument": payer_document,
            }
        ).encode()
        url = get_settings().public_base_url.rstrip("/") + WEBHOOK_PATH.format(provider=self.name)
        async with http.client(transport=transport, timeout=15) as client:
            response = await client.post(
                url,
                content=body,
                headers={"Content-Type": "application/json", SIGNATURE_HEADER: self.sign(body)},
            )
        return response.status_code


PROVIDERS: dict[str, PaymentProvider] = {"sandbox": SandboxProvider()}


def provider(name: str) -> PaymentProvider:
    return PROVIDERS[name]
