"""promotions: the card's banner image (a site asset path or an https address)

Revision ID: 0015i
Revises: 0015h
Create Date: 2026-11-29 23:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0015i"
down_revision: str | Sequence[str] | None = "0015h"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("promotion") as batch:
        batch.add_column(
            sa.Column(
                "image",
                sqlmodel.sql.sqltypes.AutoString(length=300),
                nullable=False,
                server_default="",
            )
        )


def downgrade() -> None:
    with op.batch_alter_table("promotion") as batch:
        batch.drop_column("image")
