"""backoffice: the audit log read by target (a player's staff actions on the 360 timeline)

Revision ID: 0014b
Revises: 0013e
Create Date: 2026-11-29 08:00:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0014b"
down_revision: str | Sequence[str] | None = "0013e"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index("ix_audit_entry_target", "audit_entry", ["target"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_audit_entry_target", table_name="audit_entry")
