"""wallet transfer: member vendor wallets (ledger sub-key), the single-wallet brand setting,
and the close of a withdrawal investigation

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-22 01:48:13.819446
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

import models.base

revision: str = '0009'
down_revision: str | Sequence[str] | None = '0008'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('ledger_account', schema=None) as batch_op:
        batch_op.add_column(sa.Column('sub_key', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=True))

    with op.batch_alter_table('merchant', schema=None) as batch_op:
        # Existing brands keep offering transfer wallets.
        batch_op.add_column(sa.Column('single_wallet', sa.Boolean(), nullable=False, server_default=sa.false()))

    with op.batch_alter_table('withdrawalpayout', schema=None) as batch_op:
        batch_op.add_column(sa.Column('resolution', sqlmodel.sql.sqltypes.AutoString(length=16), nullable=True))
        batch_op.add_column(sa.Column('resolved_by', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('resolved_at', models.base.UTCDateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column('refund_transaction_id', sa.Integer(), nullable=True))
        batch_op.create_foreign_key('fk_withdrawalpayout_resolved_by_member', 'member', ['resolved_by'], ['id'])
        batch_op.create_foreign_key(
            'fk_withdrawalpayout_refund_transaction', 'ledger_transaction', ['refund_transaction_id'], ['id']
        )


def downgrade() -> None:
    with op.batch_alter_table('withdrawalpayout', schema=None) as batch_op:
        batch_op.drop_constraint('fk_withdrawalpayout_refund_transaction', type_='foreignkey')
        batch_op.drop_constraint('fk_withdrawalpayout_resolved_by_member', type_='foreignkey')
        batch_op.drop_column('refund_transaction_id')
        batch_op.drop_column('resolved_at')
        batch_op.drop_column('resolved_by')
        batch_op.drop_column('resolution')

    with op.batch_alter_table('merchant', schema=None) as batch_op:
        batch_op.drop_column('single_wallet')

    with op.batch_alter_table('ledger_account', schema=None) as batch_op:
        batch_op.drop_column('sub_key')
