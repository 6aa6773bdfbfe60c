"""brand: the operator's legal name, CNPJ and licence (SPA/MF authorisation) in the footer

Revision ID: 0014s
Revises: 0014c
Create Date: 2026-11-29 08:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0014s"
down_revision: str | Sequence[str] | None = "0014c"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_COLUMNS = (("operator_name", 160), ("operator_cnpj", 14), ("licence_number", 64))


def upgrade() -> None:
    with op.batch_alter_table("merchant") as batch:
        for name, length in _COLUMNS:
            batch.add_column(
                sa.Column(
                    name,
                    sqlmodel.sql.sqltypes.AutoString(length=length),
                    nullable=False,
                    server_default="",
                )
            )


def downgrade() -> None:
    with op.batch_alter_table("merchant") as batch:
        for name, _ in reversed(_COLUMNS):
            batch.drop_column(name)
