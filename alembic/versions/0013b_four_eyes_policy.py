"""four-eyes by construction: approval requests over every brand (lottery) and the requester's
browser; the day's sums of what one person decided alone; the manual lottery result is an
approval request (the member operators' entry table goes)

Revision ID: 0013b
Revises: 0013c
Create Date: 2026-11-29 03:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel

import models.base
from alembic import op

revision: str = "0013b"
down_revision: str | Sequence[str] | None = "0013c"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("approvalrequest", schema=None) as batch_op:
        batch_op.alter_column("merchant_id", existing_type=sa.Integer(), nullable=True)
        batch_op.add_column(
            sa.Column(
                "browser_digest",
                sqlmodel.sql.sqltypes.AutoString(length=64),
                nullable=False,
                server_default="",
            )
        )
    op.create_table(
        "approval_usage",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kind", sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
        sa.Column("merchant_id", sa.Integer(), nullable=False),
        sa.Column("maker", sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
        sa.Column("subject", sqlmodel.sql.sqltypes.AutoString(length=60), nullable=False),
        sa.Column("amount", sa.Numeric(precision=20, scale=2), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("action_key", sqlmodel.sql.sqltypes.AutoString(length=160), nullable=False),
        sa.Column("created_at", models.base.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["merchant_id"], ["merchant.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("action_key"),
    )
    op.create_index(
        "ix_approval_usage_maker", "approval_usage", ["kind", "merchant_id", "day", "maker"]
    )
    op.create_index(
        "ix_approval_usage_subject", "approval_usage", ["kind", "merchant_id", "day", "subject"]
    )
    op.drop_index("ix_lottery_result_entry_issue_id", table_name="lottery_result_entry")
    op.drop_table("lottery_result_entry")


def downgrade() -> None:
    op.create_table(
        "lottery_result_entry",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("issue_id", sa.Integer(), nullable=False),
        sa.Column("numbers", sa.JSON(), nullable=True),
        sa.Column("entered_by", sa.Integer(), nullable=False),
        sa.Column("approved_by", sa.Integer(), nullable=True),
        sa.Column("status", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column("created_at", models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column("decided_at", models.base.UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["approved_by"], ["member.id"]),
        sa.ForeignKeyConstraint(["entered_by"], ["member.id"]),
        sa.ForeignKeyConstraint(["issue_id"], ["lottery_issue.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(
        "ix_lottery_result_entry_issue_id", "lottery_result_entry", ["issue_id"], unique=False
    )
    op.drop_index("ix_approval_usage_subject", table_name="approval_usage")
    op.drop_index("ix_approval_usage_maker", table_name="approval_usage")
    op.drop_table("approval_usage")
    op.execute("DELETE FROM approvalrequest WHERE merchant_id IS NULL")
    with op.batch_alter_table("approvalrequest", schema=None) as batch_op:
        batch_op.drop_column("browser_digest")
        batch_op.alter_column("merchant_id", existing_type=sa.Integer(), nullable=False)
