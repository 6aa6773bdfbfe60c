"""Outbound SMS and e-mail behind provider interfaces.

With no gateway configured the local providers record every message in the database
(demo and tests read them there); configured ones send through httpx and SMTP.
"""

from __future__ import annotations

import asyncio
import smtplib
from email.message import EmailMessage
from typing import Protocol

import httpx

from app.core import http
from app.core.config import get_settings
from app.core.db import write_transaction
from app.core.errors import AppError
from models import OutboundMessage


class SmsProvider(Protocol):
    name: str

    async def send(self, merchant_id: int, to: str, text: str) -> None: ...


class EmailProvider(Protocol):
    name: str

    async def send(self, merchant_id: int, to: str, subject: str, body: str) -> None: ...


async def _record(
    merchant_id: int, channel: str, to: str, subject: str, body: str, provider: str
) -> None:
    async with write_transaction() as session:
        session.add(
            OutboundMessage(
                merchant_id=merchant_id,
                channel=channel,
                recipient=to,
                subject=subject,
                body=body,
                provider=provider,
            )
        )


class LocalSmsProvider:
    """Records the message only: for the demo and the tests."""

    name = "local"

    async def send(self, merchant_id: int, to: str, text: str) -> None:
        await _record(merchant_id, "sms", to, "", text, self.name)


class HttpSmsProvider:
    """A JSON-over-HTTPS SMS gateway: POST {to, text} with a bearer token."""

    name = "http"

    def __init__(self, url: str, token: str | None) -> None:
        self.url = url
        self.token = token

    async def send(self, merchant_id: int, to: str, text: str) -> None:
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        try:
            async with http.client(timeout=10) as client:
                response = await client.post(
                    self.url, json={"to": to, "text": text}, headers=headers
                )
        except httpx.HTTPError as exc:
            raise AppError("unknown", status=502) from exc
        if response.status_code == 429:
            raise AppError("quota-exceeded", status=429)
        if response.status_code >= 400:
            raise AppError("unknown", status=502)
        await _record(merchant_id, "sms", to, "", text, self.name)


class LocalEmailProvider:
    name = "local"

    async def send(self, merchant_id: int, to: str, subject: str, body: str) -> None:
        await _record(merchant_id, "email", to, subject, body, self.name)


class SmtpEmailProvider:
    name = "smtp"

    def _deliver(self, to: str, subject: str, body: str) -> None:
        settings = get_settings()
        message = EmailMessage()
        message["From"] = settings.smtp_sender
        message["To"] = to
        message["Subject"] = subject
        message.set_content(body)
        assert settings.smtp_host is not None
        with smtplib.SMTP(settings.smtp_host, settings.smtp_port, timeout=15) as smtp:
            if settings.smtp_starttls:
                smtp.starttls()
            if settings.smtp_user and settings.smtp_password:
                smtp.login(settings.smtp_user, settings.smtp_password.get_secret_value())
            smtp.send_message(message)

    async def send(self, merchant_id: int, to: str, subject: str, body: str) -> None:
        try:
            await asyncio.to_thread(self._deliver, to, subject, body)
        except (OSError, smtplib.SMTPException) as exc:
            raise AppError("unknown", status=502) from exc
        await _record(merchant_id, "email", to, subject, body, self.name)


def sms_provider() -> SmsProvider:
    settings = get_settings()
    if settings.sms_gateway_url:
        token = settings.sms_gateway_token
        return HttpSmsProvider(
            settings.sms_gateway_url, token.get_secret_value() if token else None
        )
    return LocalSmsProvider()


def email_provider() -> EmailProvider:
    return SmtpEmailProvider() if get_settings().smtp_host else LocalEmailProvider()
