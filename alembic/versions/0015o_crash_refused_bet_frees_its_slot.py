"""crash: a stake the wallet refused leaves its bet's slot free for another bet of the round

Revision ID: 0015o
Revises: 0015n
Create Date: 2026-12-04 19:45:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015o"
down_revision: str | Sequence[str] | None = "0015n"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

NOT_REFUSED = "status != 'REFUSED'"
COLUMNS = ["round_id", "member_id", "slot"]
# The constraint was made unnamed: PostgreSQL named it, SQLite's batch mode names it so.
POSTGRESQL_NAME = "crash_bet_round_id_member_id_slot_key"
SQLITE_NAMES = {"uq": "uq_%(table_name)s_%(column_0_name)s"}


def upgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        with op.batch_alter_table("crash_bet", naming_convention=SQLITE_NAMES) as batch:
            batch.drop_constraint("uq_crash_bet_round_id", type_="unique")
    else:
        op.drop_constraint(POSTGRESQL_NAME, "crash_bet", type_="unique")
    op.create_index(
        "uq_crash_bet_slot",
        "crash_bet",
        COLUMNS,
        unique=True,
        sqlite_where=sa.text(NOT_REFUSED),
        postgresql_where=sa.text(NOT_REFUSED),
    )


def downgrade() -> None:
    op.drop_index("uq_crash_bet_slot", table_name="crash_bet")
    op.execute("DELETE FROM crash_bet WHERE status = 'REFUSED'")  # a slot may hold two again
    if op.get_bind().dialect.name == "sqlite":
        with op.batch_alter_table("crash_bet") as batch:
            batch.create_unique_constraint("uq_crash_bet_round_id", COLUMNS)
    else:
        op.create_unique_constraint(POSTGRESQL_NAME, "crash_bet", COLUMNS)
