"""crash bets: the wallet session's digest beside its encrypted token, so that settling a
round finds its losers' game sessions without decrypting each token

Revision ID: 0015l
Revises: 0015k
Create Date: 2026-12-04 06:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0015l"
down_revision: str | Sequence[str] | None = "0015k"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("crash_bet") as batch:
        batch.add_column(
            sa.Column(
                "wallet_session_digest",
                sqlmodel.sql.sqltypes.AutoString(length=64),
                nullable=False,
                server_default="",
            )
        )


def downgrade() -> None:
    with op.batch_alter_table("crash_bet") as batch:
        batch.drop_column("wallet_session_digest")
