"""agents: the negative carry-over module (NEGCARRY3 under LOSSPAY3), off, on every brand

Revision ID: 0012i
Revises: 0012g
Create Date: 2026-11-27 11:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0012i'
down_revision: str | Sequence[str] | None = '0012g'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MODULE = 'NEGCARRY3'


def upgrade() -> None:
    # Brands made before this release get the switch, off; new brands get it from the seed.
    op.execute(
        sa.text(
            "INSERT INTO whitelabelmodule (merchant_id, mod_id, parent_mod_id, name, enabled, sort) "
            "SELECT m.id, :mod_id, 'LOSSPAY3', :name, '0', 0 FROM merchant m "
            "WHERE NOT EXISTS (SELECT 1 FROM whitelabelmodule w "
            "WHERE w.merchant_id = m.id AND w.mod_id = :mod_id)"
        ).bindparams(
            mod_id=MODULE, name='Negative carry-over of dividend periods the players won'
        )
    )


def downgrade() -> None:
    op.execute(sa.text("DELETE FROM whitelabelmodule WHERE mod_id = :mod_id").bindparams(mod_id=MODULE))
