"""The HTTP SMS gateway against a real HTTP server: a delivered message, a gateway that refuses
(spec 8 'unknown'), one over its quota and one that cannot be reached; a member asking for a
code through the spec's call while it refuses or is unreachable."""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from app.client import ApiError, PlatformClient
from app.core.config import get_settings
from app.core.errors import AppError
from app.core.i18n import translate
from app.services.messaging import HttpSmsProvider
from tests.helpers.accounts import new_mobile

received: list[tuple[str, dict[str, str]]] = []


class _Gateway(BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        received.append((self.headers.get("Authorization", ""), body))
        status = {"/ok": 200, "/busy": 429}.get(self.path, 500)
        self.send_response(status)
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"{}")

    def log_message(self, *_: object) -> None:
        return


@pytest.fixture(scope="module")
def gateway() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Gateway)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def test_a_message_is_posted_with_the_token(gateway: str) -> None:
    received.clear()
    await HttpSmsProvider(gateway + "/ok", "s3cret").send(1, "+5511999990000", "Código 123456")
    assert received == [("Bearer s3cret", {"to": "+5511999990000", "text": "Código 123456"})]


@pytest.mark.parametrize(
    ("path", "code", "status"),
    [("/fails", "unknown", 502), ("/busy", "quota-exceeded", 429)],
)
async def test_a_gateway_refusal_is_a_clear_error(
    gateway: str, path: str, code: str, status: int
) -> None:
    with pytest.raises(AppError) as raised:
        await HttpSmsProvider(gateway + path, None).send(1, "+5511999990000", "x")
    assert (raised.value.code, raised.value.status) == (code, status)


async def test_an_unreachable_gateway_is_the_spec_unknown_error() -> None:
    with pytest.raises(AppError) as raised:
        await HttpSmsProvider(f"http://127.0.0.1:{_closed_port()}/sms", None).send(1, "+55", "x")
    assert raised.value.code == "unknown"
    assert translate("unknown", "en") == "An unknown error occured."


async def test_a_member_asking_for_a_code_meets_the_unknown_error_through_the_call(
    gateway: str, make_client: Callable[..., PlatformClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Spec 8 'unknown' through the spec's getLoginCode call (/wps/verification/sms/noLogin):
    a gateway that refuses, and one that cannot be reached, answer the member in their
    language; the code never sent does not make them wait to ask again."""
    client = make_client(language="EN")
    mobile = new_mobile()

    async def ask() -> Any:
        return await client.post(
            "/wps/verification/sms/noLogin",
            {"mobileNum": mobile, "purpose": "login", "botCheck": await client.bot_check()},
        )

    for url in (gateway + "/fails", f"http://127.0.0.1:{_closed_port()}/sms"):
        monkeypatch.setattr(get_settings(), "sms_gateway_url", url)
        with pytest.raises(ApiError) as refused:
            await ask()
        assert (refused.value.status, refused.value.code) == (502, "unknown")
        assert refused.value.body["message"] == "An unknown error occured."
    monkeypatch.setattr(get_settings(), "sms_gateway_url", gateway + "/ok")
    assert (await ask())["expiredMinutes"] >= 1
