"""support: the customer-service live chat

Revision ID: 0012n
Revises: 0012m
Create Date: 2026-11-27 17:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

import models.base

revision: str = '0012n'
down_revision: str | Sequence[str] | None = '0012m'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        'chat_conversation',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('merchant_id', sa.Integer(), nullable=False),
        sa.Column('member_id', sa.Integer(), nullable=True),
        sa.Column('visitor_key', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True),
        sa.Column('status', sqlmodel.sql.sqltypes.AutoString(length=8), nullable=False),
        sa.Column('waiting', sa.Boolean(), nullable=False),
        sa.Column('created_at', models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column('updated_at', models.base.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['member_id'], ['member.id']),
        sa.ForeignKeyConstraint(['merchant_id'], ['merchant.id']),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index(
        'ix_chat_conversation_desk', 'chat_conversation', ['merchant_id', 'status', 'updated_at']
    )
    op.create_index('ix_chat_conversation_member_id', 'chat_conversation', ['member_id'])
    op.create_index('ix_chat_conversation_visitor_key', 'chat_conversation', ['visitor_key'])
    op.create_table(
        'chat_message',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('conversation_id', sa.Integer(), nullable=False),
        sa.Column('from_staff', sa.Boolean(), nullable=False),
        sa.Column('author', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column('body', sqlmodel.sql.sqltypes.AutoString(length=500), nullable=False),
        sa.Column('created_at', models.base.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['conversation_id'], ['chat_conversation.id']),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('ix_chat_message_conversation_id', 'chat_message', ['conversation_id'])


def downgrade() -> None:
    op.drop_index('ix_chat_message_conversation_id', table_name='chat_message')
    op.drop_table('chat_message')
    op.drop_index('ix_chat_conversation_visitor_key', table_name='chat_conversation')
    op.drop_index('ix_chat_conversation_member_id', table_name='chat_conversation')
    op.drop_index('ix_chat_conversation_desk', table_name='chat_conversation')
    op.drop_table('chat_conversation')
