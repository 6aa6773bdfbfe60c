"""Who may use member-only actions: members with a real account. Trial users (free play) are
asked to register first (spec 4: 'Please Register An Account First', in_need_true_account)."""

from __future__ import annotations

from app.core.errors import AppError
from app.services.accounts import members
from models import Member


def require_real_account(member: Member) -> None:
    """AppError in_need_true_account (403) for a trial account."""
    if members.roles(member.account_type).is_trial:
        raise AppError("in_need_true_account", status=403)
