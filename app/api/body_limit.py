"""The request body's size limit: the configured size, larger on the upload calls."""

from __future__ import annotations

import re
from collections.abc import Mapping

from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.api.envelope import error_response
from app.core.config import get_settings
from app.core.i18n import ui_language

# Uploads carry files: their calls get the file limit plus room for the form around it.
UPLOAD_PATHS = re.compile(r"^(/wps/payment/withdraw/orders/[^/]+/confirmation|/_upload)$")
UPLOAD_FORM_MARGIN = 64 * 1024


# Activity applications: up to 3 images of 5 MB (app/services/promotions/applications.py).
APPLICATION_PATHS = re.compile(r"^/wps/promotions/[0-9]+/application$")
APPLICATION_BODY_BYTES = 3 * (5 * 1024 * 1024 + 1) + UPLOAD_FORM_MARGIN


def body_limit(path: str) -> int:
    settings = get_settings()
    if APPLICATION_PATHS.match(path) or path == "/_upload":  # the site's uploads: up to 3 images
        return max(APPLICATION_BODY_BYTES, settings.withdrawal_proof_max_bytes + UPLOAD_FORM_MARGIN)
    if UPLOAD_PATHS.match(path):
        return settings.withdrawal_proof_max_bytes + UPLOAD_FORM_MARGIN
    return settings.max_body_bytes


def declared_too_large(limit: int, headers: Mapping[bytes, bytes]) -> Response | None:
    """The refusal of a call whose Content-Length is over `limit`, else None."""
    declared = headers.get(b"content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        language = ui_language(headers.get(b"language", b"").decode("latin-1"))
        return error_response("body-too-large", 413, language)
    return None


class BodySizeLimit:
    """Refuses bodies over the configured size, whether or not Content-Length is sent.

    FastAPI's own `max_body_size` answers a declared oversize length outside our envelope,
    so the limit lives here, where both cases answer `body-too-large`.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = body_limit(scope["path"])
        refused = declared_too_large(limit, dict(scope.get("headers") or []))
        if refused is not None:
            await refused(scope, receive, send)
            return
        received = 0

        async def limited_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise StarletteHTTPException(status_code=413)
            return message

        await self.app(scope, limited_receive, send)
