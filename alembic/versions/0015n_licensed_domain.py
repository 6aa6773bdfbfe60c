"""brands: the domain the operator's licence names (Brazil: under .bet.br), for the footer

Revision ID: 0015n
Revises: 0015m
Create Date: 2026-12-04 10:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0015n"
down_revision: str | Sequence[str] | None = "0015m"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("merchant") as batch:
        batch.add_column(
            sa.Column(
                "licensed_domain",
                sqlmodel.sql.sqltypes.AutoString(length=253),
                nullable=False,
                server_default="",
            )
        )


def downgrade() -> None:
    with op.batch_alter_table("merchant") as batch:
        batch.drop_column("licensed_domain")
