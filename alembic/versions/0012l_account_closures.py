"""protection: barred accounts' closures with their deadlines

Revision ID: 0012l
Revises: 0012k
Create Date: 2026-11-27 14:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

import models.base

revision: str = '0012l'
down_revision: str | Sequence[str] | None = '0012k'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        'account_closure',
        sa.Column('member_id', sa.Integer(), nullable=False),
        sa.Column('merchant_id', sa.Integer(), nullable=False),
        sa.Column('reason', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
        sa.Column('status', sqlmodel.sql.sqltypes.AutoString(length=12), nullable=False),
        sa.Column('found_at', models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column('notified_at', models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column('withdraw_until', models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column('closed_at', models.base.UTCDateTime(timezone=True), nullable=True),
        sa.Column('refund_order_no', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=True),
        sa.Column('refund_amount', sa.Numeric(20, 2), nullable=False),
        sa.Column('unclaimed_due', models.base.UTCDateTime(timezone=True), nullable=True),
        sa.Column('unclaimed_amount', sa.Numeric(20, 2), nullable=False),
        sa.Column('settled_at', models.base.UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(['member_id'], ['member.id']),
        sa.ForeignKeyConstraint(['merchant_id'], ['merchant.id']),
        sa.PrimaryKeyConstraint('member_id'),
    )
    op.create_index(
        'ix_account_closure_merchant_id', 'account_closure', ['merchant_id'], unique=False
    )
    op.create_index(
        'ix_account_closure_due', 'account_closure', ['status', 'withdraw_until'], unique=False
    )


def downgrade() -> None:
    op.drop_index('ix_account_closure_due', table_name='account_closure')
    op.drop_index('ix_account_closure_merchant_id', table_name='account_closure')
    op.drop_table('account_closure')
