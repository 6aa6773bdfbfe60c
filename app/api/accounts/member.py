"""/wps/member/*: member info and icon, registration, passwords, two-factor authentication."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request

from app.api.accounts.schemas import (
    ChangePasswordPayload,
    ChangePasswordValue,
    IconPayload,
    LoginValue,
    MemberInfo,
    PhoneResetPayload,
    RegisterPayload,
    TokenResetPayload,
    TotpDisablePayload,
    TotpEnablePayload,
    TotpSetupValue,
)
from app.api.deps import (
    Context,
    CurrentMember,
    RealMember,
    client_of,
    module_call,
    sealed_model,
)
from app.api.envelope import Envelope, ok
from app.core.i18n import translate
from app.services import site
from app.services.accounts import members, passwords, registration, sessions, totp

router = APIRouter(prefix="/wps/member", tags=["member"])
# Spec 9: the calls of the registration module, and of the login and password module.
REGISTRATION = [module_call(site.REGISTRATION_MODULE)]
PASSWORDS = [module_call(site.LOGIN_AND_PASSWORD_MODULE)]


@router.get("/info", response_model=Envelope[MemberInfo])
async def member_info(ctx: Context, auth: CurrentMember) -> Envelope[MemberInfo]:
    return ok(MemberInfo.of(members.member_info(auth.member, ctx.brand)))


@router.get("/firstLogin", response_model=Envelope[bool])
async def first_login(auth: CurrentMember) -> Envelope[bool]:
    """firstLogin: true for every call of the account's first login session (execution F
    announcements, the first-steps dialog), false once it has logged in again."""
    return ok(await sessions.first_login(auth))


@router.get("/info/icon", response_model=Envelope[str])
async def get_icon(auth: CurrentMember) -> Envelope[str]:
    return ok(auth.member.icon)


@router.post("/info/icon", response_model=Envelope[str])
async def set_icon(auth: RealMember, payload: IconPayload) -> Envelope[str]:
    return ok(await members.set_icon(auth.member, payload.icon))


async def _register(
    request: Request, ctx: Context, payload: RegisterPayload, method: str
) -> Envelope[LoginValue]:
    value = await registration.register(
        ctx.brand,
        registration.RegisterRequest(
            fields=payload.fields(),
            method=method,
            country_code=payload.countryDialingCode,
            verification_code=payload.verificationCode,
            captcha_id=payload.captchaId,
            captcha=payload.captcha,
            bot_check=payload.botCheck,
            affiliate_code=payload.affiliateCode,
            referral_code=payload.referralCode,
            language=ctx.language,
            adult_confirmed=payload.adultConfirmed,
            terms_accepted=payload.termsAccepted,
        ),
        client_of(request, ctx),
    )
    return ok(LoginValue.of(value))


@router.put("/register", response_model=Envelope[LoginValue], dependencies=REGISTRATION)
async def register(
    request: Request,
    ctx: Context,
    payload: Annotated[RegisterPayload, sealed_model(RegisterPayload)],
) -> Envelope[LoginValue]:
    """Register with a username (E); the new member is logged in."""
    return await _register(request, ctx, payload, "username")


@router.put("/register/mobile", response_model=Envelope[LoginValue], dependencies=REGISTRATION)
async def register_mobile(
    request: Request,
    ctx: Context,
    payload: Annotated[RegisterPayload, sealed_model(RegisterPayload)],
) -> Envelope[LoginValue]:
    """Register with a mobile number (MOBILENUMREG3, E); the username is the number."""
    return await _register(request, ctx, payload, "mobile")


@router.post("/password", response_model=Envelope[ChangePasswordValue])
async def change_password(
    ctx: Context,
    auth: RealMember,
    payload: Annotated[ChangePasswordPayload, sealed_model(ChangePasswordPayload)],
) -> Envelope[ChangePasswordValue]:
    ended = await passwords.change_password(
        auth.member,
        auth.session_id,
        payload.oldPassword,
        payload.newPassword,
        payload.confirmNewPassword,
        ctx.ip,
        end_other_sessions=payload.logoutOtherSessions,
    )
    return ok(ChangePasswordValue(endedSessions=ended))


@router.post("/password/email", response_model=Envelope[bool], dependencies=PASSWORDS)
async def forgot_by_email(
    ctx: Context,
    username: Annotated[str, Form(max_length=64)] = "",
    email: Annotated[str, Form(max_length=120)] = "",
) -> Envelope[bool]:
    """Always the same answer, so it tells nobody whether an account exists."""
    await passwords.forgot_by_email(ctx.brand, username, email, ctx.ip)
    return ok(True, message=translate("in_been_out", ctx.language))


@router.post("/password/reset", response_model=Envelope[bool], dependencies=PASSWORDS)
async def reset_with_token(ctx: Context, payload: TokenResetPayload) -> Envelope[bool]:
    """Finish the e-mail reset with the link's token."""
    await passwords.reset_with_token(
        ctx.brand, payload.token, payload.newPassword, payload.confirmNewPassword, ctx.ip
    )
    return ok(True)


@router.post("/password/verification", response_model=Envelope[LoginValue], dependencies=PASSWORDS)
async def reset_by_phone(
    request: Request,
    ctx: Context,
    payload: Annotated[PhoneResetPayload, sealed_model(PhoneResetPayload)],
) -> Envelope[LoginValue]:
    """Set a new password with an SMS code (E), then log in."""
    value = await passwords.reset_by_phone(
        ctx.brand,
        payload.countryDialingCode,
        payload.mobileNum,
        payload.verificationCode,
        payload.newPassword,
        payload.confirmNewPassword,
        client_of(request, ctx),
    )
    return ok(LoginValue.of(value))


@router.post("/totp/setup", response_model=Envelope[TotpSetupValue])
async def totp_setup(ctx: Context, auth: RealMember) -> Envelope[TotpSetupValue]:
    return ok(TotpSetupValue.model_validate(await totp.begin_setup(auth.member, ctx.brand.name)))


@router.post("/totp/enable", response_model=Envelope[list[str]])
async def totp_enable(
    ctx: Context, auth: RealMember, payload: TotpEnablePayload
) -> Envelope[list[str]]:
    """Turn 2FA on with the password again and a first code; answers the recovery codes,
    shown only this once."""
    return ok(await totp.confirm_setup(auth.member, payload.password, payload.code, ctx.ip))


@router.post("/totp/disable", response_model=Envelope[bool])
async def totp_disable(
    ctx: Context, auth: RealMember, payload: TotpDisablePayload
) -> Envelope[bool]:
    """Turn 2FA off with the password again and a code (or a recovery code)."""
    await totp.disable(auth.member, payload.password, payload.code, ctx.ip)
    return ok(True)


ROUTERS = (router,)
