"""back office: one-time staff invitations (staff enrol themselves: own password, own TOTP)

Revision ID: 0013c
Revises: 0013d
Create Date: 2026-11-29 03:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel

import models.base
from alembic import op

revision: str = "0013c"
down_revision: str | Sequence[str] | None = "0013d"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "staff_invitation",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("staff_id", sa.Integer(), nullable=False),
        sa.Column("token_digest", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("created_by", sa.Integer(), nullable=True),
        sa.Column("created_at", models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column("expires_at", models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column("used_at", models.base.UTCDateTime(timezone=True), nullable=True),
        sa.Column("revoked_at", models.base.UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["staff_id"], ["staffmember.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("token_digest"),
    )
    with op.batch_alter_table("staff_invitation", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_staff_invitation_staff_id"), ["staff_id"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("staff_invitation", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_staff_invitation_staff_id"))
    op.drop_table("staff_invitation")
