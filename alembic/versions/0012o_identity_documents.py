"""identity: the documents a member sends while their identity is under review

Revision ID: 0012o
Revises: 0012n
Create Date: 2026-11-27 17:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import models.base

revision: str = '0012o'
down_revision: str | Sequence[str] | None = '0012n'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('member_identity') as batch:
        batch.add_column(sa.Column('documents', sa.JSON(), nullable=False, server_default='[]'))
        batch.add_column(
            sa.Column('documents_at', models.base.UTCDateTime(timezone=True), nullable=True)
        )


def downgrade() -> None:
    with op.batch_alter_table('member_identity') as batch:
        batch.drop_column('documents_at')
        batch.drop_column('documents')
