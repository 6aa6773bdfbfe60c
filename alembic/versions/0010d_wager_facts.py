"""wager facts: one row per settled bet of every game path, and consumers' stream positions

Revision ID: 0010d
Revises: 0009
Create Date: 2026-11-23 15:56:19.824341
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

import models.base

revision: str = '0010d'
down_revision: str | Sequence[str] | None = '0010g'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "wager_fact",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("txid", sa.BigInteger(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("brand_id", sa.Integer(), nullable=False),
        sa.Column("vendor", sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
        sa.Column("game_code", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("category", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column("currency", sqlmodel.sql.sqltypes.AutoString(length=3), nullable=False),
        sa.Column("round_ref", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("kind", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column("bet", sa.Numeric(precision=20, scale=2), nullable=False),
        sa.Column("valid_bet", sa.Numeric(precision=20, scale=2), nullable=False),
        sa.Column("win", sa.Numeric(precision=20, scale=2), nullable=False),
        sa.Column("net", sa.Numeric(precision=20, scale=2), nullable=False),
        sa.Column("settled_at", models.base.UTCDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("wager_fact", schema=None) as batch_op:
        batch_op.create_index(
            "ix_wager_fact_brand_time",
            ["brand_id", "settled_at"],
            unique=False,
            postgresql_include=["member_id", "valid_bet", "bet", "win", "category"],
        )
        batch_op.create_index(
            "ix_wager_fact_member_time",
            ["member_id", "settled_at"],
            unique=False,
            postgresql_include=["valid_bet", "bet", "win", "category"],
        )
        batch_op.create_index("ix_wager_fact_stream", ["txid", "id"], unique=False)
        batch_op.create_index(
            "uq_wager_fact_round_kind",
            ["vendor", "round_ref", "kind"],
            unique=True,
            sqlite_where=sa.text("kind != 'CORRECTION'"),
            postgresql_where=sa.text("kind::text <> 'CORRECTION'::text"),
        )

    op.create_table(
        "wager_fact_consumer",
        sa.Column("name", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("txid", sa.BigInteger(), nullable=False),
        sa.Column("fact_id", sa.BigInteger(), nullable=False),
        sa.Column("processed", sa.BigInteger(), nullable=False),
        sa.Column("created_at", models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", models.base.UTCDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("name"),
    )


def downgrade() -> None:
    op.drop_table("wager_fact_consumer")
    with op.batch_alter_table("wager_fact", schema=None) as batch_op:
        batch_op.drop_index(
            "uq_wager_fact_round_kind",
            sqlite_where=sa.text("kind != 'CORRECTION'"),
            postgresql_where=sa.text("kind::text <> 'CORRECTION'::text"),
        )
        batch_op.drop_index("ix_wager_fact_stream")
        batch_op.drop_index(
            "ix_wager_fact_member_time", postgresql_include=["valid_bet", "bet", "win", "category"]
        )
        batch_op.drop_index(
            "ix_wager_fact_brand_time",
            postgresql_include=["member_id", "valid_bet", "bet", "win", "category"],
        )

    op.drop_table("wager_fact")
