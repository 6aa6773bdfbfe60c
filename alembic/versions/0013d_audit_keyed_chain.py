"""backoffice: the audit chain is keyed (HMAC-SHA256, key outside the database); the head
row says whether the key has taken over (entries written before it keep their SHA-256)

Revision ID: 0013d
Revises: 0012s
Create Date: 2026-11-29 03:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa

from alembic import op

revision: str = "0013d"
down_revision: str | Sequence[str] | None = "0012s"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


# No re-chaining here: the key is the running application's, and rewriting entries would need
# the append-only triggers off. The first append under the key anchors the old entries
# (app/services/backoffice/audit.py).
def upgrade() -> None:
    with op.batch_alter_table("audit_head", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("keyed", sa.Boolean(), nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("audit_head", schema=None) as batch_op:
        batch_op.drop_column("keyed")
