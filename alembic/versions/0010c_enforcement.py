"""enforcement: a deposit order remembers the login session that made it (the sandbox
checkout pays an order only for that session)

Revision ID: 0010c
Revises: 0009
Create Date: 2026-11-23 16:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0010c'
down_revision: str | Sequence[str] | None = '0009'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('depositorder', schema=None) as batch_op:
        batch_op.add_column(sa.Column('session_id', sa.Integer(), nullable=True))
        batch_op.create_foreign_key(
            'fk_depositorder_session_id_membersession', 'membersession', ['session_id'], ['id']
        )


def downgrade() -> None:
    with op.batch_alter_table('depositorder', schema=None) as batch_op:
        batch_op.drop_constraint('fk_depositorder_session_id_membersession', type_='foreignkey')
        batch_op.drop_column('session_id')
