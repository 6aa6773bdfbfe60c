"""transfers between members: the wagering each carried, daily limits' counts and the risk
team's holds of flagged patterns (fan-out, round trips)

Revision ID: 0013f
Revises: 0013b
Create Date: 2026-11-29 03:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

import models.base

revision: str = '0013f'
down_revision: str | Sequence[str] | None = '0013b'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

INDEXED = ('merchant_id', 'sender_id', 'receiver_id', 'status', 'settled_at', 'created_at')


def upgrade() -> None:
    op.create_table(
        'member_transfer',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('merchant_id', sa.Integer(), nullable=False),
        sa.Column('sender_id', sa.Integer(), nullable=False),
        sa.Column('receiver_id', sa.Integer(), nullable=False),
        sa.Column('request_key', sqlmodel.sql.sqltypes.AutoString(length=80), nullable=False),
        sa.Column('direction', sqlmodel.sql.sqltypes.AutoString(length=8), nullable=False),
        sa.Column('amount', sa.Numeric(20, 2), nullable=False),
        sa.Column('carried_wagering', sa.Numeric(20, 2), nullable=False),
        sa.Column('status', sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
        sa.Column('flag', sqlmodel.sql.sqltypes.AutoString(length=16), nullable=True),
        sa.Column('transaction_id', sa.Integer(), nullable=False),
        sa.Column('settled_at', models.base.UTCDateTime(timezone=True), nullable=True),
        sa.Column('decided_by_staff', sa.Integer(), nullable=True),
        sa.Column('decision_note', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=True),
        sa.Column('created_at', models.base.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['merchant_id'], ['merchant.id']),
        sa.ForeignKeyConstraint(['sender_id'], ['member.id']),
        sa.ForeignKeyConstraint(['receiver_id'], ['member.id']),
        sa.ForeignKeyConstraint(['transaction_id'], ['ledger_transaction.id']),
        sa.ForeignKeyConstraint(['decided_by_staff'], ['staffmember.id']),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('request_key'),
    )
    for column in INDEXED:
        op.create_index(f'ix_member_transfer_{column}', 'member_transfer', [column], unique=False)


def downgrade() -> None:
    for column in INDEXED:
        op.drop_index(f'ix_member_transfer_{column}', table_name='member_transfer')
    op.drop_table('member_transfer')
