"""payout accounts: bank codes and account numbers wide enough for Vietnam's (6-digit NAPAS
bank ids, up to 19-digit accounts)

Revision ID: 0015k
Revises: 0015j
Create Date: 2026-12-01 20:50:00
"""

from collections.abc import Sequence

import sqlmodel
from alembic import op

revision: str = "0015k"
down_revision: str | Sequence[str] | None = "0015j"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_STRING = sqlmodel.sql.sqltypes.AutoString


def upgrade() -> None:
    with op.batch_alter_table("payoutaccount") as batch:
        batch.alter_column("bank_code", existing_type=_STRING(length=3), type_=_STRING(length=6))
        batch.alter_column(
            "account_number", existing_type=_STRING(length=16), type_=_STRING(length=19)
        )


def downgrade() -> None:
    with op.batch_alter_table("payoutaccount") as batch:
        batch.alter_column("bank_code", existing_type=_STRING(length=6), type_=_STRING(length=3))
        batch.alter_column(
            "account_number", existing_type=_STRING(length=19), type_=_STRING(length=16)
        )
