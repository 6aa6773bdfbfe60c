"""registration fields: the operator's own hint under a field (plain text)

Revision ID: 0015h
Revises: 0015d
Create Date: 2026-11-29 20:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0015h"
down_revision: str | Sequence[str] | None = "0015d"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("registerfield") as batch:
        batch.add_column(
            sa.Column("hint", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=True)
        )


def downgrade() -> None:
    with op.batch_alter_table("registerfield") as batch:
        batch.drop_column("hint")
