"""studio: provably-fair seed pairs and studio rounds

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-22 01:48:15.429938
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

import models.base

revision: str = '0008'
down_revision: str | Sequence[str] | None = '0007'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('studio_seed_pair',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('owner', sqlmodel.sql.sqltypes.AutoString(length=80), nullable=False),
    sa.Column('active_owner', sqlmodel.sql.sqltypes.AutoString(length=80), nullable=True),
    sa.Column('member_id', sa.Integer(), nullable=True),
    sa.Column('server_seed_encrypted', sqlmodel.sql.sqltypes.AutoString(length=255), nullable=False),
    sa.Column('server_seed_hash', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('server_seed', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True),
    sa.Column('client_seed', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('next_nonce', sa.Integer(), nullable=False),
    sa.Column('created_at', models.base.UTCDateTime(timezone=True), nullable=False),
    sa.Column('revealed_at', models.base.UTCDateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['member_id'], ['member.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('active_owner')
    )
    with op.batch_alter_table('studio_seed_pair', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_studio_seed_pair_member_id'), ['member_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_studio_seed_pair_owner'), ['owner'], unique=False)

    op.create_table('studio_round',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('round_id', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('owner', sqlmodel.sql.sqltypes.AutoString(length=80), nullable=False),
    sa.Column('member_id', sa.Integer(), nullable=True),
    sa.Column('merchant_id', sa.Integer(), nullable=True),
    sa.Column('demo', sa.Boolean(), nullable=False),
    sa.Column('game_code', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('currency', sqlmodel.sql.sqltypes.AutoString(length=3), nullable=False),
    sa.Column('seed_pair_id', sa.Integer(), nullable=False),
    sa.Column('client_seed', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('nonce', sa.Integer(), nullable=False),
    sa.Column('params', sa.JSON(), nullable=True),
    sa.Column('choice', sa.JSON(), nullable=True),
    sa.Column('stake', sa.Numeric(precision=20, scale=2), nullable=False),
    sa.Column('multiplier', sa.Numeric(precision=20, scale=6), nullable=False),
    sa.Column('payout', sa.Numeric(precision=20, scale=2), nullable=False),
    sa.Column('detail', sa.JSON(), nullable=True),
    sa.Column('step_state', sa.JSON(), nullable=True),
    sa.Column('status', sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
    sa.Column('created_at', models.base.UTCDateTime(timezone=True), nullable=False),
    sa.Column('settled_at', models.base.UTCDateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['member_id'], ['member.id'], ),
    sa.ForeignKeyConstraint(['merchant_id'], ['merchant.id'], ),
    sa.ForeignKeyConstraint(['seed_pair_id'], ['studio_seed_pair.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('round_id'),
    sa.UniqueConstraint('seed_pair_id', 'nonce')
    )
    with op.batch_alter_table('studio_round', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_studio_round_member_id'), ['member_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_studio_round_owner'), ['owner'], unique=False)
        batch_op.create_index(batch_op.f('ix_studio_round_seed_pair_id'), ['seed_pair_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_studio_round_status'), ['status'], unique=False)



def downgrade() -> None:
    with op.batch_alter_table('studio_round', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_studio_round_status'))
        batch_op.drop_index(batch_op.f('ix_studio_round_seed_pair_id'))
        batch_op.drop_index(batch_op.f('ix_studio_round_owner'))
        batch_op.drop_index(batch_op.f('ix_studio_round_member_id'))

    op.drop_table('studio_round')
    with op.batch_alter_table('studio_seed_pair', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_studio_seed_pair_owner'))
        batch_op.drop_index(batch_op.f('ix_studio_seed_pair_member_id'))

    op.drop_table('studio_seed_pair')
