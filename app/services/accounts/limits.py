"""Every limit of the account and money calls in one place: which counter, how many, per what.

Each counter is counted before its check runs (`app.core.rate_limit`): a burst of parallel
requests gets no more tries than the limit. docs/security.md's limits table lists these.
"""

from __future__ import annotations

from app.core.rate_limit import Limit, consume

# Every call that hashes or checks a password (login, register, change, reset, payment
# password, re-authentication), per client address, all calls together.
PASSWORD_HASHING_PER_ADDRESS = Limit("pwhash-ip", 60, 600)

# Login by username. On a known device (one a login of the member gave its device key)
# failures count per (account, device) only: nobody else can lock or challenge it. From an
# unknown device they count per (account, address): ten lock that pair for
# LOGIN_LOCK_SECONDS; across addresses, LOGIN_ACCOUNT_FAILURES lock the account for every
# unknown device. The captcha is asked of unknown devices after LOGIN_CAPTCHA_AFTER failures
# of the account or LOGIN_CAPTCHA_AFTER_ADDRESS failures of the address (any account); at
# LOGIN_ALERT_AT failures of the account the member's protection log records it for staff.
LOGIN_PAIR_FAILURES = Limit("login-fail-pair", 10, 3600, "account-temporarily-locked")
LOGIN_LOCK_SECONDS = 15 * 60
LOGIN_ACCOUNT_FAILURES = Limit("login-fail", 100, 3600, "account-temporarily-locked")
LOGIN_ADDRESS_FAILURES = Limit("login-fail-ip", 10_000, 3600)
LOGIN_CAPTCHA_AFTER = 3
LOGIN_CAPTCHA_AFTER_ADDRESS = 20
LOGIN_ALERT_AT = 10

# Asking for the password again (turning 2FA on or off, payment password, payout account,
# the old password on a change) and the authenticator codes of those calls, per member.
REAUTH_FAILURES = Limit("reauth-fail", 5, 15 * 60, "account-temporarily-locked")

# Wrong tries of one SMS code before it is gone (code-expired).
SMS_CODE_TRIES = 5

# Registration, per device (the `Device-Id` header; the site's browser tab) and per address.
# Brazil's mobile carriers put many people behind one address (carrier-grade NAT), so a busy
# address is not refused: past REGISTRATION_CAPTCHA_AFTER sign-ups of the address in the hour,
# each one from it must also solve the captcha (a refused try without it is not counted).
# REGISTRATIONS_PER_ADDRESS is only the ceiling against a flood of solved captchas.
REGISTRATIONS_PER_ADDRESS = Limit("register-ip", 300, 3600)
REGISTRATION_CAPTCHA_AFTER = 10
REGISTRATIONS_PER_DEVICE = Limit("register-device", 3, 3600)
# Accounts an agent opens below itself (registerCenter): app.services.agents.team's own
# limits (accounts imports the agent tree, so the agents package keeps them).

# Feedback sent without a login, per address.
ANONYMOUS_FEEDBACK_PER_ADDRESS = Limit("feedback-ip", 5, 3600)

# A member's follow-ups on their tickets.
FEEDBACK_FOLLOW_UPS_PER_MEMBER = Limit("feedback-follow-up", 20, 3600)

# Live-chat messages, per customer (member or visitor's browser) and, for visitors, per address.
CHAT_MESSAGES_PER_CUSTOMER = Limit("chat-message", 20, 60)
CHAT_VISITOR_MESSAGES_PER_ADDRESS = Limit("chat-visitor-ip", 60, 3600)

# New deposit orders, per member.
DEPOSIT_ORDERS_PER_MEMBER = Limit("deposit-order", 10, 600)

# Lottery bets and chase plans placed, per member (a chase plan counts once).
LOTTERY_BETS_PER_MEMBER = Limit("lottery-bet", 600, 60)

# Captcha images: one new image per second per client (spec 5), and a budget per hour.
CAPTCHA_REFRESH_SECONDS = 1  # by the caller's clock (rate_limit.throttle)
CAPTCHAS_PER_ADDRESS = Limit("captcha-ip", 120, 3600)


async def password_hashing(ip: str) -> None:
    """Count one password hash or check of this address; refused (429) past the budget."""
    await consume(PASSWORD_HASHING_PER_ADDRESS, ip)
