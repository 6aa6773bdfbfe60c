"""support: one open live chat per customer, held by the database

Revision ID: 0012p
Revises: 0012o
Create Date: 2026-11-27 20:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0012p'
down_revision: str | Sequence[str] | None = '0012o'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

OPEN = "status = 'OPEN'"


def upgrade() -> None:
    for name, column in (
        ('uq_chat_conversation_open_member', 'member_id'),
        ('uq_chat_conversation_open_visitor', 'visitor_key'),
    ):
        op.create_index(
            name,
            'chat_conversation',
            [column],
            unique=True,
            sqlite_where=sa.text(OPEN),
            postgresql_where=sa.text(OPEN),
        )


def downgrade() -> None:
    op.drop_index('uq_chat_conversation_open_visitor', table_name='chat_conversation')
    op.drop_index('uq_chat_conversation_open_member', table_name='chat_conversation')
