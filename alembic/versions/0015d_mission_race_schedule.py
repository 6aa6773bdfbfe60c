"""missions and races: the operator's schedule (start and end; a stop ends them now)

Revision ID: 0015d
Revises: 0014s
Create Date: 2026-11-29 12:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import models.base

revision: str = "0015d"
down_revision: str | Sequence[str] | None = "0014s"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_TABLES = ("mission", "race")
_COLUMNS = ("starts_at", "ends_at")


def upgrade() -> None:
    for table in _TABLES:
        with op.batch_alter_table(table) as batch:
            for name in _COLUMNS:
                batch.add_column(
                    sa.Column(name, models.base.UTCDateTime(timezone=True), nullable=True)
                )


def downgrade() -> None:
    for table in _TABLES:
        with op.batch_alter_table(table) as batch:
            for name in reversed(_COLUMNS):
                batch.drop_column(name)
