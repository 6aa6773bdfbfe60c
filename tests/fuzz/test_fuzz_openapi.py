"""schemathesis over every /wps, /lgw, /vendor and /studio call of the app's OpenAPI document,
read at run time: no server error, and every answer (status, content type, body) as documented.

Each call is made as the member it is meant for (a player, an agent or an operator, by its
dependencies; the studio's game-client calls with a game session of a funded player), with the
brand's Merchant header; calls marked E get their generated JSON sealed. Valid (positive) and
invalid (negative) data are both generated, with a fixed seed.
"""

from __future__ import annotations

import asyncio
import time

from schemathesis import GenerationMode
from schemathesis.openapi import from_dict

from app.api.main import create_api
from app.client import PlatformClient
from app.services.accounts import sessions
from models import Member
from tests.helpers.accounts import make_member
from tests.helpers.fuzzing import MAX_EXAMPLES, Finding, Target, fuzz_document, fuzz_operation
from tests.helpers.routes import Access, operations
from tests.helpers.seamless import funded_member, studio_launch_token, studio_session_token

MODES = (GenerationMode.POSITIVE, GenerationMode.NEGATIVE)


async def test_every_api_call_survives_generated_input() -> None:
    app = create_api()
    access = {(o.method, o.path): o.access for o in operations(app)}
    members: dict[Access, Member] = {
        Access.OPERATOR: await make_member(account_type=99),
        Access.AGENT: await make_member(account_type=1),
    }
    player = await make_member(payee_name="Fuzz Player")
    gamer = await funded_member("1000.00", payee_name="Fuzz Gamer")
    async with PlatformClient("http://localhost", merchant="BR1", transport=_transport(app)) as c:
        public_key = await c.public_key()
    schema = from_dict(fuzz_document(app.openapi()))
    loop = asyncio.get_running_loop()
    findings: list[Finding] = []
    started = time.monotonic()
    count = 0
    for number, result in enumerate(schema.get_all_operations()):
        operation = result.ok()
        guard = access.get((operation.method.upper(), operation.path))
        if guard is Access.GAME_SESSION:
            token = await studio_session_token(gamer)
        else:
            # A fresh session per call: logging out or a password change ends only its own.
            member = members.get(guard, player)
            token = await sessions.open_session(member, "198.51.100.1", "fuzz", "WEB")
        target = Target(
            app=app,
            loop=loop,
            public_key=public_key,
            ip=f"198.19.{number // 250}.{number % 250 + 1}",
            headers={"Merchant": "BR1", "Authorization": token},
            launch_token=lambda: studio_launch_token(gamer),
        )
        findings += await asyncio.to_thread(fuzz_operation, operation, target, MODES, MAX_EXAMPLES)
        count += 1
    print(f"fuzzed {count} calls x {len(MODES)} modes in {time.monotonic() - started:.1f}s")
    assert count == len(access)
    assert not findings, "\n\n".join(f"{f.label} ({f.mode}):\n{f.error}" for f in findings)


def _transport(app: object) -> object:
    import httpx

    return httpx.ASGITransport(app=app, client=("198.19.255.1", 50000))  # type: ignore[arg-type]
