"""promotions: eligibility by segment, raffles with a later draw (tickets frozen on entries)

Revision ID: 0012h
Revises: 0011f
Create Date: 2026-11-23 22:45:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

import models.base

revision: str = '0012h'
down_revision: str | Sequence[str] | None = '0012e'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MONEY = sa.Numeric(precision=20, scale=2)


def upgrade() -> None:
    with op.batch_alter_table('promotion') as batch:
        # FREE_ROUNDS is longer than the 8 characters CASH and BONUS needed
        batch.alter_column(
            'reward_kind',
            existing_type=sqlmodel.sql.sqltypes.AutoString(length=8),
            type_=sqlmodel.sql.sqltypes.AutoString(length=16),
            existing_nullable=False,
        )
        batch.add_column(sa.Column('eligibility', sa.JSON(), nullable=False, server_default='{}'))
        batch.add_column(
            sa.Column(
                'authorisation',
                sqlmodel.sql.sqltypes.AutoString(length=64),
                nullable=False,
                server_default='',
            )
        )
        batch.add_column(sa.Column('ticket_turnover', MONEY, nullable=True))
        batch.add_column(sa.Column('winners', sa.Integer(), nullable=False, server_default='0'))
        batch.add_column(
            sa.Column('draw_at', models.base.UTCDateTime(timezone=True), nullable=True)
        )
        batch.add_column(
            sa.Column('drawn_at', models.base.UTCDateTime(timezone=True), nullable=True)
        )
        batch.add_column(
            sa.Column('total_tickets', sa.Integer(), nullable=False, server_default='0')
        )
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
    with op.batch_alter_table('promotion_entry') as batch:
        batch.add_column(sa.Column('tickets', sa.Integer(), nullable=False, server_default='0'))
        batch.add_column(sa.Column('first_ticket', sa.Integer(), nullable=True))
        batch.add_column(sa.Column('winning_ticket', sa.Integer(), nullable=True))


    op.create_table(
        'free_round_grant',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('merchant_id', sa.Integer(), nullable=False),
        sa.Column('member_id', sa.Integer(), nullable=False),
        sa.Column('promotion_id', sa.Integer(), nullable=True),
        sa.Column('grant_key', sqlmodel.sql.sqltypes.AutoString(length=96), nullable=False),
        sa.Column('game_code', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
        sa.Column('currency', sqlmodel.sql.sqltypes.AutoString(length=3), nullable=False),
        sa.Column('stake', MONEY, nullable=False),
        sa.Column('rounds', sa.Integer(), nullable=False),
        sa.Column('rounds_left', sa.Integer(), nullable=False),
        sa.Column('winnings', MONEY, nullable=False),
        sa.Column('winnings_to', sqlmodel.sql.sqltypes.AutoString(length=8), nullable=False),
        sa.Column('multiplier', sa.Integer(), nullable=False),
        sa.Column('bonus_days', sa.Integer(), nullable=False),
        sa.Column('granted_at', models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column('expires_at', models.base.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['member_id'], ['member.id']),
        sa.ForeignKeyConstraint(['merchant_id'], ['merchant.id']),
        sa.ForeignKeyConstraint(['promotion_id'], ['promotion.id']),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('grant_key'),
    )
    op.create_index(
        'ix_free_round_grant_member_game', 'free_round_grant', ['member_id', 'game_code']
    )
    op.create_index(
        op.f('ix_free_round_grant_merchant_id'), 'free_round_grant', ['merchant_id']
    )


def downgrade() -> None:
    op.drop_table('free_round_grant')
    with op.batch_alter_table('promotion_entry') as batch:
        batch.drop_column('winning_ticket')
        batch.drop_column('first_ticket')
        batch.drop_column('tickets')
    with op.batch_alter_table('promotion') as batch:
        for name in (
            'free_rounds',
            'free_game',
            'total_tickets',
            'drawn_at',
            'draw_at',
            'winners',
            'ticket_turnover',
            'authorisation',
            'eligibility',
        ):
            batch.drop_column(name)
        batch.alter_column(
            'reward_kind',
            existing_type=sqlmodel.sql.sqltypes.AutoString(length=16),
            type_=sqlmodel.sql.sqltypes.AutoString(length=8),
            existing_nullable=False,
        )
