"""backoffice: the audit log is append-only in the database itself (triggers refuse UPDATE,
DELETE and, on PostgreSQL, TRUNCATE of audit_entry); the reports' daily rollup of wager facts

Revision ID: 0012g
Revises: 0011f
Create Date: 2026-11-23 22:20:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0012g"
down_revision: str | Sequence[str] | None = "0012h"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# The hash chain finds a change after the fact; these triggers refuse it before it happens,
# for every client of the database, not only this application. Whoever must really rewrite
# history (a restore) has to drop or disable them first, which a DBA does on purpose.
PG_FUNCTION = """
CREATE FUNCTION audit_entry_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'audit_entry is append-only: % refused', TG_OP
        USING ERRCODE = 'insufficient_privilege';
END
$$
"""
PG_ROW_TRIGGER = """
CREATE TRIGGER audit_entry_append_only BEFORE UPDATE OR DELETE ON audit_entry
FOR EACH ROW EXECUTE FUNCTION audit_entry_append_only()
"""
PG_TRUNCATE_TRIGGER = """
CREATE TRIGGER audit_entry_no_truncate BEFORE TRUNCATE ON audit_entry
FOR EACH STATEMENT EXECUTE FUNCTION audit_entry_append_only()
"""
SQLITE_TRIGGERS = (
    """
CREATE TRIGGER audit_entry_no_update BEFORE UPDATE ON audit_entry
BEGIN SELECT RAISE(ABORT, 'audit_entry is append-only: UPDATE refused'); END
""",
    """
CREATE TRIGGER audit_entry_no_delete BEFORE DELETE ON audit_entry
BEGIN SELECT RAISE(ABORT, 'audit_entry is append-only: DELETE refused'); END
""",
)


def upgrade() -> None:
    op.create_table(
        "wager_daily",
        sa.Column("brand_id", sa.Integer(), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("category", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column("vendor", sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
        sa.Column("bet", sa.Numeric(precision=20, scale=2), nullable=False),
        sa.Column("valid_bet", sa.Numeric(precision=20, scale=2), nullable=False),
        sa.Column("win", sa.Numeric(precision=20, scale=2), nullable=False),
        sa.Column("facts", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("brand_id", "day", "category", "vendor"),
    )
    if op.get_bind().dialect.name == "postgresql":
        op.execute(PG_FUNCTION)
        op.execute(PG_ROW_TRIGGER)
        op.execute(PG_TRUNCATE_TRIGGER)
    else:
        for statement in SQLITE_TRIGGERS:
            op.execute(statement)


def downgrade() -> None:
    op.drop_table("wager_daily")
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS audit_entry_no_truncate ON audit_entry")
        op.execute("DROP TRIGGER IF EXISTS audit_entry_append_only ON audit_entry")
        op.execute("DROP FUNCTION IF EXISTS audit_entry_append_only()")
    else:
        op.execute("DROP TRIGGER IF EXISTS audit_entry_no_update")
        op.execute("DROP TRIGGER IF EXISTS audit_entry_no_delete")
