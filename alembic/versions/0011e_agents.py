"""agents: the agent tree (closure table), contracts (every version), payouts, affiliate
applications and referral clicks

Revision ID: 0011e
Revises: 0011c
Create Date: 2026-11-23 19:30:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

import models.base

revision: str = '0011e'
down_revision: str | Sequence[str] | None = '0011c'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        'agent_tree',
        sa.Column('ancestor_id', sa.Integer(), nullable=False),
        sa.Column('descendant_id', sa.Integer(), nullable=False),
        sa.Column('depth', sa.Integer(), nullable=False),
        sa.Column('merchant_id', sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint('ancestor_id', 'descendant_id'),
    )
    op.create_index('ix_agent_tree_descendant', 'agent_tree', ['descendant_id', 'depth'])
    op.create_table(
        'agent_contract',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('merchant_id', sa.Integer(), nullable=False),
        sa.Column('upline_id', sa.Integer(), nullable=True),
        sa.Column('downline_id', sa.Integer(), nullable=False),
        sa.Column('kind', sqlmodel.sql.sqltypes.AutoString(length=24), nullable=False),
        sa.Column('period', sqlmodel.sql.sqltypes.AutoString(length=2), nullable=False),
        sa.Column('status', sqlmodel.sql.sqltypes.AutoString(length=24), nullable=False),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.Column('terms', sa.JSON(), nullable=True),
        sa.Column('requested_by', sa.Integer(), nullable=True),
        sa.Column('end_reason', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True),
        sa.Column('created_at', models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column('decided_at', models.base.UTCDateTime(timezone=True), nullable=True),
        sa.Column('starts_at', models.base.UTCDateTime(timezone=True), nullable=True),
        sa.Column('ended_at', models.base.UTCDateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index(
        'ix_agent_contract_downline', 'agent_contract', ['downline_id', 'kind', 'status']
    )
    op.create_index('ix_agent_contract_upline', 'agent_contract', ['upline_id', 'kind', 'status'])
    op.create_table(
        'agent_payout',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('merchant_id', sa.Integer(), nullable=False),
        sa.Column('agent_id', sa.Integer(), nullable=False),
        sa.Column('contract_id', sa.Integer(), nullable=False),
        sa.Column('kind', sqlmodel.sql.sqltypes.AutoString(length=24), nullable=False),
        sa.Column('period_start', models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column('period_end', models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column('amount', sa.Numeric(precision=20, scale=2), nullable=False),
        sa.Column('line', sa.JSON(), nullable=True),
        sa.Column('ledger_transaction_id', sa.Integer(), nullable=True),
        sa.Column('created_at', models.base.UTCDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('agent_id', 'kind', 'period_start', name='uq_agent_payout_period'),
    )
    op.create_index(
        'ix_agent_payout_agent_time', 'agent_payout', ['agent_id', 'period_start']
    )
    op.create_table(
        'affiliate_application',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('merchant_id', sa.Integer(), nullable=False),
        sa.Column('member_id', sa.Integer(), nullable=False),
        sa.Column('channel', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column('audience', sqlmodel.sql.sqltypes.AutoString(length=500), nullable=False),
        sa.Column('status', sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column('decided_by', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True),
        sa.Column('created_at', models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column('decided_at', models.base.UTCDateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index(
        op.f('ix_affiliate_application_member_id'), 'affiliate_application', ['member_id']
    )
    op.create_table(
        'referral_click',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('code_id', sa.Integer(), nullable=False),
        sa.Column('visitor', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column('day', sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
        sa.Column('created_at', models.base.UTCDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('code_id', 'visitor', 'day', name='uq_referral_click'),
    )
    op.create_index(op.f('ix_referral_click_code_id'), 'referral_click', ['code_id'])


def downgrade() -> None:
    op.drop_index(op.f('ix_referral_click_code_id'), table_name='referral_click')
    op.drop_table('referral_click')
    op.drop_index(op.f('ix_affiliate_application_member_id'), table_name='affiliate_application')
    op.drop_table('affiliate_application')
    op.drop_index('ix_agent_payout_agent_time', table_name='agent_payout')
    op.drop_table('agent_payout')
    op.drop_index('ix_agent_contract_upline', table_name='agent_contract')
    op.drop_index('ix_agent_contract_downline', table_name='agent_contract')
    op.drop_table('agent_contract')
    op.drop_index('ix_agent_tree_descendant', table_name='agent_tree')
    op.drop_table('agent_tree')
