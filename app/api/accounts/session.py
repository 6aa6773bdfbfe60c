"""/wps/session/*: the payload key, login, free play and logout."""

from __future__ import annotations

from dataclasses import replace
from typing import Annotated

from fastapi import APIRouter, Header, Request

from app.api.accounts.schemas import FreePlayPayload, LoginPayload, LoginValue
from app.api.deps import (
    Context,
    CurrentMember,
    SealedBody,
    client_of,
    module_call,
    sealed_model,
)
from app.api.envelope import Envelope, ok
from app.api.schemas import RsaKeyValue
from app.core.errors import AppError
from app.services import site
from app.services.accounts import login as login_service
from app.services.accounts import sessions, trial
from app.services.payload_keys import payload_keys

router = APIRouter(prefix="/wps/session", tags=["session"])

FREE_PLAY_GATEWAY_VERSION = "3"  # spec 7: the free play call carries X-Gateway-Version 3


@router.get("/key/rsa", response_model=Envelope[RsaKeyValue])
async def rsa_key(ctx: Context) -> Envelope[RsaKeyValue]:
    key = await payload_keys.public_key()
    return ok(RsaKeyValue(kid=key.kid, publicKey=key.pem, algorithm=key.algorithm))


@router.post("/key/check", response_model=Envelope[list[str]])
async def sealed_check(ctx: Context, body: SealedBody) -> Envelope[list[str]]:
    """Lets a client prove its sealing works: answers the field names it could open."""
    return ok(sorted(body))


@router.post(
    "/login",
    response_model=Envelope[LoginValue],
    dependencies=[module_call(site.LOGIN_AND_PASSWORD_MODULE)],
)
async def login(
    request: Request, ctx: Context, payload: Annotated[LoginPayload, sealed_model(LoginPayload)]
) -> Envelope[LoginValue]:
    """Log in by username and password or by mobile and SMS code (E)."""
    value = await login_service.login(
        ctx.brand,
        login_service.LoginRequest(
            login_type=payload.type,
            username=payload.username,
            password=payload.password,
            mobile=payload.mobileNum,
            country_code=payload.countryDialingCode,
            captcha_id=payload.captchaId,
            captcha=payload.captcha,
            bot_check=payload.botCheck,
            totp_code=payload.totpCode,
            verification_code=payload.verificationCode,
            payee_name=payload.payeeName,
            agent_login=payload.agentLogin,
        ),
        replace(client_of(request, ctx), device_key=payload.deviceKey),
    )
    return ok(LoginValue.of(value))


@router.post(
    "/login/freeplay",
    response_model=Envelope[LoginValue],
    dependencies=[module_call(site.GAME_LOBBY_MODULE)],
)
async def login_freeplay(
    request: Request,
    ctx: Context,
    payload: Annotated[FreePlayPayload, sealed_model(FreePlayPayload)],
    gateway_version: Annotated[str, Header(alias="X-Gateway-Version", max_length=8)] = "",
) -> Envelope[LoginValue]:
    """Start a trial account (FREEPLAY3): demos only until the visitor registers (E)."""
    if gateway_version != FREE_PLAY_GATEWAY_VERSION:
        raise AppError("gateway-version-unsupported", status=400)
    value = await trial.start_trial(ctx.brand, client_of(request, ctx))
    return ok(LoginValue.of(value))


@router.delete("/logout", response_model=Envelope[bool])
async def logout(auth: CurrentMember) -> Envelope[bool]:
    """End every session of the member: logins, game sessions and unused launch tokens."""
    assert auth.member.id is not None
    await sessions.end_sessions(auth.member.id)
    return ok(True)


@router.post("/others/end", response_model=Envelope[int])
async def end_other_sessions(auth: CurrentMember) -> Envelope[int]:
    """End every other session of the member (this login stays); answers how many logins."""
    assert auth.member.id is not None
    return ok(await sessions.end_sessions(auth.member.id, auth.session_id))


ROUTERS = (router,)
