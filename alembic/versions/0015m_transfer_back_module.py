"""cashier: the transfer-back-on-exit module (TRANSFERBACK3 under GAMELO3), off, on every brand

Revision ID: 0015m
Revises: 0015l
Create Date: 2026-12-04 10:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0015m'
down_revision: str | Sequence[str] | None = '0015l'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MODULE = 'TRANSFERBACK3'


def upgrade() -> None:
    # Brands made before this release get the switch, off (their players' money stays where
    # it is until they move it); new brands get it from the seed.
    op.execute(
        sa.text(
            "INSERT INTO whitelabelmodule (merchant_id, mod_id, parent_mod_id, name, enabled, sort) "
            "SELECT m.id, :mod_id, 'GAMELO3', :name, '0', 0 FROM merchant m "
            "WHERE NOT EXISTS (SELECT 1 FROM whitelabelmodule w "
            "WHERE w.merchant_id = m.id AND w.mod_id = :mod_id)"
        ).bindparams(
            mod_id=MODULE, name="Transfer wallets' money back when the player leaves the game"
        )
    )


def downgrade() -> None:
    op.execute(sa.text("DELETE FROM whitelabelmodule WHERE mod_id = :mod_id").bindparams(mod_id=MODULE))
