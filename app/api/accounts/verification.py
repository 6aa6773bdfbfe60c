"""Captcha, bot check and SMS codes (spec 7 and 8)."""

from __future__ import annotations

from fastapi import APIRouter

from app.api.accounts.schemas import BotChallenge, CaptchaValue, SmsPayload, SmsValue
from app.api.deps import Context, module_call
from app.api.envelope import Envelope, ok
from app.core.i18n import translate
from app.services import site
from app.services.accounts import verification

router = APIRouter(
    prefix="/wps", tags=["verification"], dependencies=[module_call(site.COMMON_MODULE)]
)


@router.get("/captcha", response_model=Envelope[CaptchaValue])
async def captcha(ctx: Context) -> Envelope[CaptchaValue]:
    """A captcha image (base64 PNG); at most one new image per second per client."""
    fresh = await verification.new_captcha(ctx.ip)
    return ok(CaptchaValue(captchaId=fresh.captcha_id, image=fresh.image_base64))


@router.get("/verification/botCheck", response_model=Envelope[BotChallenge])
async def bot_check(ctx: Context) -> Envelope[BotChallenge]:
    """A proof-of-work challenge; its solution goes in `botCheck` of the protected call."""
    return ok(BotChallenge.model_validate(verification.new_pow_challenge()))


@router.post("/verification/sms/noLogin", response_model=Envelope[SmsValue])
async def sms_without_login(ctx: Context, payload: SmsPayload) -> Envelope[SmsValue]:
    """An SMS code to log in or to reset a password (getLoginCode)."""
    await verification.check_pow(payload.botCheck)
    phone = verification.normalize_phone(payload.countryDialingCode, payload.mobileNum)
    minutes = await verification.send_code(ctx.brand, payload.purpose, phone, ctx.ip)
    return ok(
        SmsValue(expiredMinutes=minutes), message=translate("verification-code-sent", ctx.language)
    )


@router.post("/verification/sms/register", response_model=Envelope[SmsValue])
async def sms_for_register(ctx: Context, payload: SmsPayload) -> Envelope[SmsValue]:
    """An SMS code for registration by mobile (sendRegPhoneCode)."""
    await verification.check_pow(payload.botCheck)
    phone = verification.normalize_phone(
        payload.countryDialingCode, payload.mobileNo or payload.mobileNum
    )
    minutes = await verification.send_code(ctx.brand, "register", phone, ctx.ip)
    return ok(
        SmsValue(expiredMinutes=minutes), message=translate("verification-code-sent", ctx.language)
    )


ROUTERS = (router,)
