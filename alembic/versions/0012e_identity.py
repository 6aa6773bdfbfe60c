"""identity: members' CPF and verification (KYC), and the barred-from-betting list

Revision ID: 0012e
Revises: 0011f
Create Date: 2026-11-23 22:20:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

import models.base

revision: str = '0012e'
down_revision: str | Sequence[str] | None = '0012c'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('member_identity',
    sa.Column('member_id', sa.Integer(), nullable=False),
    sa.Column('merchant_id', sa.Integer(), nullable=False),
    sa.Column('cpf', sqlmodel.sql.sqltypes.AutoString(length=11), nullable=False),
    sa.Column('status', sqlmodel.sql.sqltypes.AutoString(length=12), nullable=False),
    sa.Column('full_name', sqlmodel.sql.sqltypes.AutoString(length=120), nullable=False),
    sa.Column('claimed_birth_date', sa.Date(), nullable=True),
    sa.Column('birth_date', sa.Date(), nullable=True),
    sa.Column('provider', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
    sa.Column('provider_reference', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('reason', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('submitted_at', models.base.UTCDateTime(timezone=True), nullable=True),
    sa.Column('decided_at', models.base.UTCDateTime(timezone=True), nullable=True),
    sa.Column('decided_by', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('barred_checked_on', sa.Date(), nullable=True),
    sa.Column('created_at', models.base.UTCDateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['member_id'], ['member.id'], ),
    sa.ForeignKeyConstraint(['merchant_id'], ['merchant.id'], ),
    sa.PrimaryKeyConstraint('member_id'),
    sa.UniqueConstraint('merchant_id', 'cpf')
    )
    with op.batch_alter_table('member_identity', schema=None) as batch_op:
        batch_op.create_index('ix_member_identity_queue', ['merchant_id', 'status', 'submitted_at'], unique=False)

    op.create_table('barred_person',
    sa.Column('cpf', sqlmodel.sql.sqltypes.AutoString(length=11), nullable=False),
    sa.Column('list_name', sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
    sa.Column('source', sqlmodel.sql.sqltypes.AutoString(length=120), nullable=False),
    sa.Column('imported_at', models.base.UTCDateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('cpf', 'list_name')
    )


def downgrade() -> None:
    op.drop_table('barred_person')
    with op.batch_alter_table('member_identity', schema=None) as batch_op:
        batch_op.drop_index('ix_member_identity_queue')
    op.drop_table('member_identity')
