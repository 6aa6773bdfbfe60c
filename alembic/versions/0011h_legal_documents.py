"""legal documents: a brand's terms and privacy policy per language

Revision ID: 0011h
Revises: 0010a
Create Date: 2026-11-23 19:40:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

import models.base

revision: str = '0011h'
down_revision: str | Sequence[str] | None = '0010a'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        'legaldocument',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('merchant_id', sa.Integer(), nullable=False),
        sa.Column('slug', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
        sa.Column('language', sqlmodel.sql.sqltypes.AutoString(length=8), nullable=False),
        sa.Column('title', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column('content_html', sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.Column('updated_at', models.base.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['merchant_id'], ['merchant.id']),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('merchant_id', 'slug', 'language'),
    )
    with op.batch_alter_table('legaldocument', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_legaldocument_merchant_id'), ['merchant_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('legaldocument', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_legaldocument_merchant_id'))
    op.drop_table('legaldocument')
