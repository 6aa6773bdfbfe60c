"""points: free rounds of an in-house game as a points-mall reward

Revision ID: 0012j
Revises: 0012i
Create Date: 2026-11-27 11:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0012j'
down_revision: str | Sequence[str] | None = '0012i'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('points_reward') as batch:
        batch.add_column(
            sa.Column(
                'free_game',
                sqlmodel.sql.sqltypes.AutoString(length=32),
                nullable=False,
                server_default='',
            )
        )
        batch.add_column(
            sa.Column('free_rounds', sa.Integer(), nullable=False, server_default='0')
        )


def downgrade() -> None:
    with op.batch_alter_table('points_reward') as batch:
        batch.drop_column('free_rounds')
        batch.drop_column('free_game')
