"""websocket: site logins bound to a browser (the HttpOnly browser cookie)

Revision ID: 0010a
Revises: 0009
Create Date: 2026-11-23 16:30:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

import models.base

revision: str = '0010a'
down_revision: str | Sequence[str] | None = '0010e'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        'browserlogin',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('browser_digest', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column('merchant_id', sa.Integer(), nullable=False),
        sa.Column('member_session_id', sa.Integer(), nullable=False),
        sa.Column('sealed_token', sqlmodel.sql.sqltypes.AutoString(length=255), nullable=False),
        sa.Column('created_at', models.base.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['member_session_id'], ['membersession.id']),
        sa.ForeignKeyConstraint(['merchant_id'], ['merchant.id']),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('browser_digest', 'merchant_id'),
    )
    with op.batch_alter_table('browserlogin', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_browserlogin_member_session_id'), ['member_session_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_browserlogin_merchant_id'), ['merchant_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('browserlogin', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_browserlogin_merchant_id'))
        batch_op.drop_index(batch_op.f('ix_browserlogin_member_session_id'))
    op.drop_table('browserlogin')
