"""lottery: a bet may name a partner issue (đá on two stations settles on both stations'
draws); the database refuses such a bet unless both issues still take bets

Revision ID: 0012s
Revises: 0012r
Create Date: 2026-11-28 21:10:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012s"
down_revision: str | Sequence[str] | None = "0012r"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_OPEN = """
    SELECT 1 FROM lottery_issue WHERE id = NEW.{column}
    AND status IN ('SCHEDULED', 'OPEN') AND close_at > NEW.placed_at
"""
PG_BET_OPEN = f"""
CREATE OR REPLACE FUNCTION lottery_bet_open() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NOT EXISTS ({_OPEN.format(column="issue_id")}) OR (
        NEW.partner_issue_id IS NOT NULL AND NOT EXISTS ({_OPEN.format(column="partner_issue_id")})
    ) THEN
        RAISE EXCEPTION 'lottery-issue-closed' USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
END $$
"""
SQLITE_BET_OPEN = f"""
CREATE TRIGGER lottery_bet_open BEFORE INSERT ON lottery_bet
WHEN NOT EXISTS ({_OPEN.format(column="issue_id")}) OR (
    NEW.partner_issue_id IS NOT NULL AND NOT EXISTS ({_OPEN.format(column="partner_issue_id")})
)
BEGIN SELECT RAISE(ABORT, 'lottery-issue-closed'); END
"""
SQLITE_BET_OPEN_BEFORE = """
CREATE TRIGGER lottery_bet_open BEFORE INSERT ON lottery_bet
WHEN NOT EXISTS (
    SELECT 1 FROM lottery_issue WHERE id = NEW.issue_id
    AND status IN ('SCHEDULED', 'OPEN') AND close_at > NEW.placed_at
)
BEGIN SELECT RAISE(ABORT, 'lottery-issue-closed'); END
"""
PG_BET_OPEN_BEFORE = """
CREATE OR REPLACE FUNCTION lottery_bet_open() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NOT EXISTS (
        SELECT 1 FROM lottery_issue WHERE id = NEW.issue_id
        AND status IN ('SCHEDULED', 'OPEN') AND close_at > NEW.placed_at
    ) THEN
        RAISE EXCEPTION 'lottery-issue-closed' USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
END $$
"""


def _pg() -> bool:
    return op.get_bind().dialect.name == "postgresql"


def upgrade() -> None:
    if not _pg():
        # SQLite rebuilds the table to add a foreign key, which drops its triggers.
        op.execute("DROP TRIGGER IF EXISTS lottery_bet_open")
    with op.batch_alter_table("lottery_bet", schema=None) as batch_op:
        batch_op.add_column(sa.Column("partner_issue_id", sa.Integer(), nullable=True))
        batch_op.create_foreign_key(
            "fk_lottery_bet_partner_issue", "lottery_issue", ["partner_issue_id"], ["id"]
        )
        batch_op.create_index("ix_lottery_bet_partner_issue", ["partner_issue_id"], unique=False)
    op.execute(PG_BET_OPEN if _pg() else SQLITE_BET_OPEN)


def downgrade() -> None:
    if not _pg():
        op.execute("DROP TRIGGER IF EXISTS lottery_bet_open")
    with op.batch_alter_table("lottery_bet", schema=None) as batch_op:
        batch_op.drop_index("ix_lottery_bet_partner_issue")
        batch_op.drop_constraint("fk_lottery_bet_partner_issue", type_="foreignkey")
        batch_op.drop_column("partner_issue_id")
    op.execute(PG_BET_OPEN_BEFORE if _pg() else SQLITE_BET_OPEN_BEFORE)
