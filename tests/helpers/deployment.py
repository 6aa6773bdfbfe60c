"""Settings of a production deployment with every demo part off (the tests of the start
checks turn each one on)."""

from __future__ import annotations

PRODUCTION: dict[str, object] = {
    "environment": "prod",
    "secret_key": "x" * 40,
    "audit_log_key": "k" * 40,
    "sandbox_payments": False,
    "kyc_provider_url": "https://kyc.example/verify",
    "liveness_provider_url": "https://kyc.example/liveness",
    "lottery_results_url": "https://results.example/feed",
    "lottery_results_secret": "r" * 40,
    "provider_simulator_url": "",
    "sms_gateway_url": "https://sms.example/send",
    "smtp_host": "smtp.example",
    "argon2_profile": "owasp",
}
