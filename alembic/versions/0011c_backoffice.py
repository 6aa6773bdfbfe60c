"""backoffice: staff accounts, roles, staff sessions, hash-chained audit log, four-eyes
approvals and thresholds, player notes

Revision ID: 0011c
Revises: 0011d
Create Date: 2026-11-23 19:11:51.548625
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

import models.base

revision: str = "0011c"
down_revision: str | Sequence[str] | None = "0011d"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "audit_entry",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("at", models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column("staff_id", sa.Integer(), nullable=True),
        sa.Column("staff_name", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("action", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("merchant_id", sa.Integer(), nullable=True),
        sa.Column("target", sqlmodel.sql.sqltypes.AutoString(length=120), nullable=False),
        sa.Column("outcome", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column("detail", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("prev_hash", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("hash", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("seq"),
    )
    with op.batch_alter_table("audit_entry", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_audit_entry_action"), ["action"], unique=False)
        batch_op.create_index(batch_op.f("ix_audit_entry_at"), ["at"], unique=False)
        batch_op.create_index(
            batch_op.f("ix_audit_entry_merchant_id"), ["merchant_id"], unique=False
        )
        batch_op.create_index(batch_op.f("ix_audit_entry_staff_id"), ["staff_id"], unique=False)

    op.create_table(
        "audit_head",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("hash", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    # The chain's head: one row, locked by every append (its genesis hash is 64 zeros).
    op.execute("INSERT INTO audit_head (id, seq, hash) VALUES (1, 0, '" + "0" * 64 + "')")
    op.create_table(
        "staffrole",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
        sa.Column("permissions", sa.JSON(), nullable=False),
        sa.Column("builtin", sa.Boolean(), nullable=False),
        sa.Column("created_at", models.base.UTCDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("name"),
    )
    op.create_table(
        "approvalthreshold",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("merchant_id", sa.Integer(), nullable=False),
        sa.Column("kind", sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
        sa.Column("amount", sa.Numeric(precision=20, scale=2), nullable=False),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchant.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("merchant_id", "kind"),
    )
    with op.batch_alter_table("approvalthreshold", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_approvalthreshold_merchant_id"), ["merchant_id"], unique=False
        )

    op.create_table(
        "staffmember",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("username", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("password_hash", sqlmodel.sql.sqltypes.AutoString(length=255), nullable=False),
        sa.Column("merchant_id", sa.Integer(), nullable=True),
        sa.Column("role_id", sa.Integer(), nullable=False),
        sa.Column(
            "totp_secret_encrypted", sqlmodel.sql.sqltypes.AutoString(length=255), nullable=False
        ),
        sa.Column("status", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column("created_at", models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column("last_login_at", models.base.UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchant.id"],
        ),
        sa.ForeignKeyConstraint(
            ["role_id"],
            ["staffrole.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("username"),
    )
    with op.batch_alter_table("staffmember", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_staffmember_merchant_id"), ["merchant_id"], unique=False
        )
        batch_op.create_index(batch_op.f("ix_staffmember_role_id"), ["role_id"], unique=False)

    op.create_table(
        "approvalrequest",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kind", sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
        sa.Column("merchant_id", sa.Integer(), nullable=False),
        sa.Column("amount", sa.Numeric(precision=20, scale=2), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("summary", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("dedupe_key", sqlmodel.sql.sqltypes.AutoString(length=80), nullable=False),
        sa.Column("status", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column("requested_by", sa.Integer(), nullable=False),
        sa.Column("decided_by", sa.Integer(), nullable=True),
        sa.Column("reason", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("result", sa.JSON(), nullable=False),
        sa.Column("created_at", models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column("decided_at", models.base.UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["decided_by"],
            ["staffmember.id"],
        ),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchant.id"],
        ),
        sa.ForeignKeyConstraint(
            ["requested_by"],
            ["staffmember.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("approvalrequest", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_approvalrequest_kind"), ["kind"], unique=False)
        batch_op.create_index(
            batch_op.f("ix_approvalrequest_merchant_id"), ["merchant_id"], unique=False
        )
        batch_op.create_index(batch_op.f("ix_approvalrequest_status"), ["status"], unique=False)
        batch_op.create_index(
            "uq_approvalrequest_live",
            ["kind", "dedupe_key"],
            unique=True,
            sqlite_where=sa.text("status NOT IN ('REJECTED', 'FAILED')"),
            postgresql_where=sa.text("status::text NOT IN ('REJECTED', 'FAILED')"),
        )

    op.create_table(
        "playernote",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("staff_id", sa.Integer(), nullable=False),
        sa.Column("text", sqlmodel.sql.sqltypes.AutoString(length=1000), nullable=False),
        sa.Column("created_at", models.base.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["member_id"],
            ["member.id"],
        ),
        sa.ForeignKeyConstraint(
            ["staff_id"],
            ["staffmember.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("playernote", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_playernote_member_id"), ["member_id"], unique=False)

    op.create_table(
        "staffsession",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("staff_id", sa.Integer(), nullable=False),
        sa.Column("browser_digest", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("created_at", models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column("last_seen_at", models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column("expires_at", models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", models.base.UTCDateTime(timezone=True), nullable=True),
        sa.Column("ip", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.ForeignKeyConstraint(
            ["staff_id"],
            ["staffmember.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("staffsession", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_staffsession_browser_digest"), ["browser_digest"], unique=False
        )
        batch_op.create_index(batch_op.f("ix_staffsession_staff_id"), ["staff_id"], unique=False)

    # The player search of the back office (prefixes on PostgreSQL read pattern indexes).
    with op.batch_alter_table("member", schema=None) as batch_op:
        for column in ("username", "mobile", "email"):
            batch_op.create_index(
                f"ix_member_{column}_prefix",
                [column],
                unique=False,
                postgresql_ops={column: "varchar_pattern_ops"},
            )
        batch_op.create_index("ix_member_last_login_ip", ["last_login_ip"], unique=False)
    with op.batch_alter_table("membersession", schema=None) as batch_op:
        batch_op.create_index("ix_membersession_ip", ["ip"], unique=False)

    # Withdrawals paid or rejected from the back office name the staff member.
    with op.batch_alter_table("withdrawalpayout", schema=None) as batch_op:
        batch_op.alter_column("operator_id", existing_type=sa.Integer(), nullable=True)
        batch_op.add_column(sa.Column("staff_id", sa.Integer(), nullable=True))
        batch_op.create_foreign_key(
            "fk_withdrawalpayout_staff_id", "staffmember", ["staff_id"], ["id"]
        )
    with op.batch_alter_table("withdrawalorder", schema=None) as batch_op:
        batch_op.add_column(sa.Column("rejected_by_staff", sa.Integer(), nullable=True))
        batch_op.create_foreign_key(
            "fk_withdrawalorder_rejected_by_staff", "staffmember", ["rejected_by_staff"], ["id"]
        )


def downgrade() -> None:
    with op.batch_alter_table("membersession", schema=None) as batch_op:
        batch_op.drop_index("ix_membersession_ip")
    with op.batch_alter_table("member", schema=None) as batch_op:
        batch_op.drop_index("ix_member_last_login_ip")
        for column in ("username", "mobile", "email"):
            batch_op.drop_index(f"ix_member_{column}_prefix")
    with op.batch_alter_table("withdrawalorder", schema=None) as batch_op:
        batch_op.drop_constraint("fk_withdrawalorder_rejected_by_staff", type_="foreignkey")
        batch_op.drop_column("rejected_by_staff")
    with op.batch_alter_table("withdrawalpayout", schema=None) as batch_op:
        batch_op.drop_constraint("fk_withdrawalpayout_staff_id", type_="foreignkey")
        batch_op.drop_column("staff_id")
        batch_op.alter_column("operator_id", existing_type=sa.Integer(), nullable=False)
    with op.batch_alter_table("staffsession", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_staffsession_staff_id"))
        batch_op.drop_index(batch_op.f("ix_staffsession_browser_digest"))

    op.drop_table("staffsession")
    with op.batch_alter_table("playernote", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_playernote_member_id"))

    op.drop_table("playernote")
    with op.batch_alter_table("approvalrequest", schema=None) as batch_op:
        batch_op.drop_index("uq_approvalrequest_live")
        batch_op.drop_index(batch_op.f("ix_approvalrequest_status"))
        batch_op.drop_index(batch_op.f("ix_approvalrequest_merchant_id"))
        batch_op.drop_index(batch_op.f("ix_approvalrequest_kind"))

    op.drop_table("approvalrequest")
    with op.batch_alter_table("staffmember", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_staffmember_role_id"))
        batch_op.drop_index(batch_op.f("ix_staffmember_merchant_id"))

    op.drop_table("staffmember")
    with op.batch_alter_table("approvalthreshold", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_approvalthreshold_merchant_id"))

    op.drop_table("approvalthreshold")
    op.drop_table("staffrole")
    op.drop_table("audit_head")
    with op.batch_alter_table("audit_entry", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_audit_entry_staff_id"))
        batch_op.drop_index(batch_op.f("ix_audit_entry_merchant_id"))
        batch_op.drop_index(batch_op.f("ix_audit_entry_at"))
        batch_op.drop_index(batch_op.f("ix_audit_entry_action"))

    op.drop_table("audit_entry")
