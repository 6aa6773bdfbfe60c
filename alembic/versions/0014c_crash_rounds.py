"""crash: each brand's hash chain, its shared rounds and the members' bets

Revision ID: 0014c
Revises: 0014b
Create Date: 2026-11-29 07:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

import models.base

revision: str = "0014c"
down_revision: str | Sequence[str] | None = "0014b"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "crash_chain",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("merchant_id", sa.Integer(), nullable=False),
        sa.Column("active_merchant", sa.Integer(), nullable=True),
        sa.Column("length", sa.Integer(), nullable=False),
        sa.Column("terminal_hash", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("salt", sqlmodel.sql.sqltypes.AutoString(length=128), nullable=True),
        sa.Column("house_edge_bp", sa.Integer(), nullable=False),
        sa.Column("checkpoints_encrypted", sa.Text(), nullable=False),
        sa.Column("next_index", sa.Integer(), nullable=False),
        sa.Column("created_at", models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column("salt_set_at", models.base.UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchant.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("active_merchant"),
    )
    with op.batch_alter_table("crash_chain", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_crash_chain_merchant_id"), ["merchant_id"], unique=False
        )

    op.create_table(
        "crash_round",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("merchant_id", sa.Integer(), nullable=False),
        sa.Column("chain_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("seed_encrypted", sqlmodel.sql.sqltypes.AutoString(length=255), nullable=False),
        sa.Column("seed", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True),
        sa.Column("seed_hash", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("crash_hundredths", sa.Integer(), nullable=False),
        sa.Column("house_edge_bp", sa.Integer(), nullable=False),
        sa.Column("created_at", models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column("started_at", models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column("crash_at", models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column("status", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column("settled_at", models.base.UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["chain_id"],
            ["crash_chain.id"],
        ),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchant.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("chain_id", "number"),
    )
    with op.batch_alter_table("crash_round", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_crash_round_crash_at"), ["crash_at"], unique=False)
        batch_op.create_index(
            batch_op.f("ix_crash_round_merchant_id"), ["merchant_id"], unique=False
        )
        batch_op.create_index(batch_op.f("ix_crash_round_status"), ["status"], unique=False)

    op.create_table(
        "crash_bet",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("merchant_id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("slot", sa.Integer(), nullable=False),
        sa.Column("shown_name", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column("currency", sqlmodel.sql.sqltypes.AutoString(length=3), nullable=False),
        sa.Column("stake", sa.Numeric(precision=20, scale=2), nullable=False),
        sa.Column("auto_hundredths", sa.Integer(), nullable=True),
        sa.Column("status", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column("cashout_hundredths", sa.Integer(), nullable=True),
        sa.Column("payout", sa.Numeric(precision=20, scale=2), nullable=False),
        sa.Column("wallet_session_encrypted", sa.Text(), nullable=False),
        sa.Column("created_at", models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column("cashed_at", models.base.UTCDateTime(timezone=True), nullable=True),
        sa.Column("paid_at", models.base.UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["member_id"],
            ["member.id"],
        ),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchant.id"],
        ),
        sa.ForeignKeyConstraint(
            ["round_id"],
            ["crash_round.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("round_id", "member_id", "slot"),
    )
    with op.batch_alter_table("crash_bet", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_crash_bet_member_id"), ["member_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_crash_bet_round_id"), ["round_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_crash_bet_status"), ["status"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("crash_bet", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_crash_bet_status"))
        batch_op.drop_index(batch_op.f("ix_crash_bet_round_id"))
        batch_op.drop_index(batch_op.f("ix_crash_bet_member_id"))

    op.drop_table("crash_bet")
    with op.batch_alter_table("crash_round", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_crash_round_status"))
        batch_op.drop_index(batch_op.f("ix_crash_round_merchant_id"))
        batch_op.drop_index(batch_op.f("ix_crash_round_crash_at"))

    op.drop_table("crash_round")
    with op.batch_alter_table("crash_chain", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_crash_chain_merchant_id"))

    op.drop_table("crash_chain")
