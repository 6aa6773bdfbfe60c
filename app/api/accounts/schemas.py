"""Request and response bodies of the login and account calls (spec 3 and 7)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from app.api.schemas import ApiModel
from app.services.accounts.login import LoginResult
from app.services.accounts.members import MemberProfile


class LoginPayload(ApiModel):
    type: Literal["username", "sms"] = "username"
    username: str = Field(default="", max_length=64)
    password: str = Field(default="", max_length=128, description="or the SMS code")
    mobileNum: str = Field(default="", max_length=32)
    countryDialingCode: str = Field(default="55", max_length=6)
    captchaId: str | None = Field(default=None, max_length=64)
    captcha: str | None = Field(default=None, max_length=16)
    botCheck: str | None = Field(default=None, max_length=2048)
    totpCode: str | None = Field(default=None, max_length=32)
    verificationCode: str | None = Field(default=None, max_length=16)
    payeeName: str | None = Field(default=None, max_length=120)
    agentLogin: bool = False
    deviceKey: str = Field(default="", max_length=64, description="from the last login")


class FreePlayPayload(ApiModel):
    """Spec 7's free play payload: the client's system, platform W (web) and a random string
    of the client's, all sealed (the random string makes each sealed body unique)."""

    os: str = Field(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9 ._()-]+$")
    platform: Literal["W"]
    randomStr: str = Field(min_length=16, max_length=64, pattern=r"^[A-Za-z0-9]+$")


class MemberInfo(ApiModel):
    """Spec 3's member info, from the service's MemberProfile."""

    id: int
    account: str
    nickname: str
    type: int
    isAgent: bool
    isTrial: bool
    icon: str
    email: str
    mobile: str
    currency: str
    currencySymbol: str
    language: str
    totpEnabled: bool
    hasPaymentPassword: bool
    createdAt: str
    lastLoginAt: str | None

    @classmethod
    def of(cls, profile: MemberProfile) -> MemberInfo:
        return cls(
            id=profile.id,
            account=profile.account,
            nickname=profile.nickname,
            type=profile.type,
            isAgent=profile.is_agent,
            isTrial=profile.is_trial,
            icon=profile.icon,
            email=profile.email,
            mobile=profile.mobile,
            currency=profile.currency,
            currencySymbol=profile.currency_symbol,
            language=profile.language,
            totpEnabled=profile.totp_enabled,
            hasPaymentPassword=profile.has_payment_password,
            createdAt=profile.created_at.isoformat(),
            lastLoginAt=profile.last_login_at.isoformat() if profile.last_login_at else None,
        )


class LoginValue(ApiModel):
    token: str
    firstTimeLogin: bool
    passwordExpired: bool
    defaultPassword: bool
    forcePasswordChange: bool
    userInfo: MemberInfo
    deviceKey: str = Field(description="send it at the next login: this device is known")

    @classmethod
    def of(cls, result: LoginResult) -> LoginValue:
        return cls(
            token=result.token,
            firstTimeLogin=result.first_time_login,
            passwordExpired=result.password_expired,
            defaultPassword=result.default_password,
            forcePasswordChange=result.force_password_change,
            userInfo=MemberInfo.of(result.user),
            deviceKey=result.device_key,
        )


class RegisterPayload(ApiModel):
    username: str = Field(default="", max_length=64)
    password: str = Field(default="", max_length=128)
    confirmPassword: str = Field(default="", max_length=128)
    payeeName: str = Field(default="", max_length=120)
    email: str = Field(default="", max_length=120)
    qqNum: str = Field(default="", max_length=32)
    mobileNum: str = Field(default="", max_length=32)
    recommenderId: str = Field(default="", max_length=32)
    captchaId: str | None = Field(default=None, max_length=64)
    captcha: str = Field(default="", max_length=16)
    verificationCode: str = Field(default="", max_length=16)
    affiliateCode: str = Field(default="", max_length=32)
    paymentPassword: str = Field(default="", max_length=64)
    line: str = Field(default="", max_length=64)
    whatsapp: str = Field(default="", max_length=32)
    facebook: str = Field(default="", max_length=64)
    wechat: str = Field(default="", max_length=64)
    idNumber: str = Field(default="", max_length=32)
    birthday: str = Field(default="", max_length=10)
    zalo: str = Field(default="", max_length=64)
    telegram: str = Field(default="", max_length=64)
    nationality: str = Field(default="", max_length=120)
    placeOfBirth: str = Field(default="", max_length=120)
    occupation: str = Field(default="", max_length=120)
    sourceOfIncome: str = Field(default="", max_length=120)
    address: str = Field(default="", max_length=120)
    permanentAddress: str = Field(default="", max_length=120)
    cpf: str = Field(default="", max_length=20, description="Brazil brands: the CPF")
    depositLimitDay: str = Field(default="", max_length=20, description="Brazil: own limit")
    lossLimitDay: str = Field(default="", max_length=20, description="Brazil: own limit")
    timeLimitDay: str = Field(default="", max_length=8, description="Brazil: minutes a day")
    referralCode: str = Field(default="", max_length=32)
    domain: str = Field(default="", max_length=255)
    registerUrl: str = Field(default="", max_length=500)
    registerMethod: str = Field(default="WEB", max_length=8)
    countryDialingCode: str = Field(default="55", max_length=6)
    botCheck: str | None = Field(default=None, max_length=2048)
    adultConfirmed: bool = False
    termsAccepted: bool = False
    login: bool = True

    def fields(self) -> dict[str, str]:
        return {
            k: v
            for k, v in self.model_dump().items()
            if isinstance(v, str) and k not in _NOT_FORM_FIELDS
        }


_NOT_FORM_FIELDS = frozenset(
    {
        "captchaId", "captcha", "verificationCode", "affiliateCode", "referralCode", "domain",
        "registerUrl", "registerMethod", "countryDialingCode", "botCheck",
    }
)  # fmt: skip


class ChangePasswordPayload(ApiModel):
    oldPassword: str = Field(default="", max_length=128)
    newPassword: str = Field(default="", max_length=128)
    confirmNewPassword: str = Field(default="", max_length=128)
    logoutOtherSessions: bool = Field(
        default=True, description="end every other session (the default)"
    )


class ChangePasswordValue(ApiModel):
    endedSessions: int


class PhoneResetPayload(ApiModel):
    mobileNum: str = Field(default="", max_length=32)
    countryDialingCode: str = Field(default="55", max_length=6)
    verificationCode: str = Field(default="", max_length=16)
    newPassword: str = Field(default="", max_length=128)
    confirmNewPassword: str = Field(default="", max_length=128)


class TokenResetPayload(ApiModel):
    token: str = Field(max_length=128)
    newPassword: str = Field(default="", max_length=128)
    confirmNewPassword: str = Field(default="", max_length=128)


class SmsPayload(ApiModel):
    mobileNum: str = Field(default="", max_length=32)
    mobileNo: str = Field(default="", max_length=32, description="register calls use mobileNo")
    countryDialingCode: str = Field(default="55", max_length=6)
    botCheck: str | None = Field(default=None, max_length=2048)
    purpose: Literal["login", "reset"] = "login"
    regType: str = Field(default="mobile", max_length=16)


class SmsValue(ApiModel):
    expiredMinutes: int


class CaptchaValue(ApiModel):
    captchaId: str
    image: str = Field(description="base64 PNG")


class BotChallenge(ApiModel):
    algorithm: str
    challenge: str
    maxnumber: int
    salt: str
    signature: str


class IconPayload(ApiModel):
    icon: str = Field(pattern=r"^(?:[1-9]|1[0-2])$")


class FeedbackPayload(ApiModel):
    questionType: Literal["deposit", "withdraw", "game", "customer_service", "application", "other"]
    content: str = Field(max_length=4000)


class TotpSetupValue(ApiModel):
    secret: str
    otpauthUrl: str
    qr: str


class TotpEnablePayload(ApiModel):
    password: str = Field(max_length=128)
    code: str = Field(max_length=32)


class TotpDisablePayload(ApiModel):
    password: str = Field(max_length=128)
    code: str = Field(max_length=32)
