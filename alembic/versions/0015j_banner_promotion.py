"""banners: a home banner tied to a promotion (its art and words, while it is open)

Revision ID: 0015j
Revises: 0015i
Create Date: 2026-12-01 11:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015j"
down_revision: str | Sequence[str] | None = "0015i"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("banner") as batch:
        batch.add_column(sa.Column("promotion_id", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("banner") as batch:
        batch.drop_column("promotion_id")
