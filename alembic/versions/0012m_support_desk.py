"""support: ticket images, last activity and the members' follow-ups

Revision ID: 0012m
Revises: 0012l
Create Date: 2026-11-27 17:10:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import models.base

revision: str = '0012m'
down_revision: str | Sequence[str] | None = '0012l'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('feedback') as batch:
        batch.add_column(sa.Column('images', sa.JSON(), nullable=False, server_default='[]'))
        batch.add_column(
            sa.Column('updated_at', models.base.UTCDateTime(timezone=True), nullable=True)
        )
    op.execute("UPDATE feedback SET updated_at = created_at")
    with op.batch_alter_table('feedback') as batch:
        batch.alter_column(
            'updated_at', existing_type=models.base.UTCDateTime(timezone=True), nullable=False
        )
    op.create_index('ix_feedback_queue', 'feedback', ['merchant_id', 'status', 'updated_at'])
    with op.batch_alter_table('feedback_reply') as batch:
        batch.add_column(
            sa.Column('from_member', sa.Boolean(), nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table('feedback_reply') as batch:
        batch.drop_column('from_member')
    op.drop_index('ix_feedback_queue', table_name='feedback')
    with op.batch_alter_table('feedback') as batch:
        batch.drop_column('updated_at')
        batch.drop_column('images')
