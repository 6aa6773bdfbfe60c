"""games: the open rounds of a member by a partial index (the limit check before a bet)

Revision ID: 0012q
Revises: 0012p
Create Date: 2026-11-28 11:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0012q'
down_revision: str | Sequence[str] | None = '0012p'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

OPEN = "status = 'OPEN'"


def upgrade() -> None:
    op.create_index(
        'ix_gameround_member_open',
        'gameround',
        ['member_id', 'opened_at'],
        sqlite_where=sa.text(OPEN),
        postgresql_where=sa.text(OPEN),
    )


def downgrade() -> None:
    op.drop_index('ix_gameround_member_open', table_name='gameround')
