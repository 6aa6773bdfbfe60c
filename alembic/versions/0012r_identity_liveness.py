"""identity: the provider's liveness check of the documents sent for review

Revision ID: 0012r
Revises: 0012q
Create Date: 2026-11-28 11:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0012r'
down_revision: str | Sequence[str] | None = '0012q'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('member_identity') as batch_op:
        batch_op.add_column(
            sa.Column(
                'liveness',
                sqlmodel.sql.sqltypes.AutoString(length=12),
                nullable=False,
                server_default='',
            )
        )
        batch_op.add_column(
            sa.Column('liveness_score', sa.Integer(), nullable=False, server_default='0')
        )
        batch_op.add_column(
            sa.Column(
                'liveness_reason',
                sqlmodel.sql.sqltypes.AutoString(length=200),
                nullable=False,
                server_default='',
            )
        )


def downgrade() -> None:
    with op.batch_alter_table('member_identity') as batch_op:
        batch_op.drop_column('liveness_reason')
        batch_op.drop_column('liveness_score')
        batch_op.drop_column('liveness')
