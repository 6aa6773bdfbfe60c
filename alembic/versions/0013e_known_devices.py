"""accounts: the devices each member logged in from (their device key's digest)

Revision ID: 0013e
Revises: 0013f
Create Date: 2026-11-29 04:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

import models.base

revision: str = "0013e"
down_revision: str | Sequence[str] | None = "0013f"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "known_device",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("device_digest", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("first_seen_at", models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column("last_seen_at", models.base.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["member_id"], ["member.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("member_id", "device_digest"),
    )
    op.create_index("ix_known_device_member_id", "known_device", ["member_id"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_known_device_member_id", table_name="known_device")
    op.drop_table("known_device")
