"""identity: verified accounts carry their verified name and birth date

Revision ID: 0012k
Revises: 0012j
Create Date: 2026-11-27 14:10:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = '0012k'
down_revision: str | Sequence[str] | None = '0012j'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Verification now writes the verified name (the payee name every payout account must
    # carry) and birth date onto the account; accounts verified before that get them here.
    op.execute(
        """
        UPDATE member SET
            payee_name = (
                SELECT i.full_name FROM member_identity i
                WHERE i.member_id = member.id AND i.status = 'VERIFIED'
            ),
            birthday = (
                SELECT i.birth_date FROM member_identity i
                WHERE i.member_id = member.id AND i.status = 'VERIFIED'
            )
        WHERE EXISTS (
            SELECT 1 FROM member_identity i
            WHERE i.member_id = member.id AND i.status = 'VERIFIED' AND i.full_name <> ''
        )
        """
    )


def downgrade() -> None:
    """The names stay: they were true before and after."""
