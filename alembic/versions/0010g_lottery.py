"""lottery: issues, bets, chase plans, exposure, official result entries, audit log; and two
rules kept by the database: no bet after close, no result changed once written

Revision ID: 0010g
Revises: 0009
Create Date: 2026-11-23 16:00:29.232843
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

import models.base

revision: str = '0010g'
down_revision: str | Sequence[str] | None = '0010c'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# A bet is accepted only while its issue takes bets: SCHEDULED (chase plans) or OPEN, and only
# when placed before the close time.
PG_BET_OPEN = """
CREATE FUNCTION lottery_bet_open() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NOT EXISTS (
        SELECT 1 FROM lottery_issue WHERE id = NEW.issue_id
        AND status IN ('SCHEDULED', 'OPEN') AND close_at > NEW.placed_at
    ) THEN
        RAISE EXCEPTION 'lottery-issue-closed' USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
END $$
"""
SQLITE_BET_OPEN = """
CREATE TRIGGER lottery_bet_open BEFORE INSERT ON lottery_bet
WHEN NOT EXISTS (
    SELECT 1 FROM lottery_issue WHERE id = NEW.issue_id
    AND status IN ('SCHEDULED', 'OPEN') AND close_at > NEW.placed_at
)
BEGIN SELECT RAISE(ABORT, 'lottery-issue-closed'); END
"""
# No re-draw: a result, the committed seed hash and a beacon value, once written, never change.
PG_RESULT_FINAL = """
CREATE FUNCTION lottery_result_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF (OLD.result IS NOT NULL AND (NEW.result IS NULL OR NEW.result::text <> OLD.result::text))
        OR NEW.seed_hash IS DISTINCT FROM OLD.seed_hash
        OR (OLD.beacon IS NOT NULL AND NEW.beacon IS DISTINCT FROM OLD.beacon) THEN
        RAISE EXCEPTION 'lottery-result-final' USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
END $$
"""
SQLITE_RESULT_FINAL = """
CREATE TRIGGER lottery_result_final BEFORE UPDATE ON lottery_issue
WHEN (OLD.result IS NOT NULL AND (NEW.result IS NULL OR NEW.result <> OLD.result))
    OR NEW.seed_hash IS NOT OLD.seed_hash
    OR (OLD.beacon IS NOT NULL AND NEW.beacon IS NOT OLD.beacon)
BEGIN SELECT RAISE(ABORT, 'lottery-result-final'); END
"""


def _pg() -> bool:
    return op.get_bind().dialect.name == 'postgresql'


def upgrade() -> None:
    op.create_table('lottery_issue',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_code', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
    sa.Column('issue_no', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
    sa.Column('family', sqlmodel.sql.sqltypes.AutoString(length=8), nullable=False),
    sa.Column('official', sa.Boolean(), nullable=False),
    sa.Column('station', sqlmodel.sql.sqltypes.AutoString(length=16), nullable=True),
    sa.Column('status', sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
    sa.Column('open_at', models.base.UTCDateTime(timezone=True), nullable=False),
    sa.Column('close_at', models.base.UTCDateTime(timezone=True), nullable=False),
    sa.Column('draw_at', models.base.UTCDateTime(timezone=True), nullable=False),
    sa.Column('seed_encrypted', sqlmodel.sql.sqltypes.AutoString(length=255), nullable=True),
    sa.Column('seed_hash', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True),
    sa.Column('server_seed', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True),
    sa.Column('beacon_round', sa.Integer(), nullable=True),
    sa.Column('beacon', sqlmodel.sql.sqltypes.AutoString(length=128), nullable=True),
    sa.Column('result', sa.JSON(), nullable=True),
    sa.Column('result_source', sqlmodel.sql.sqltypes.AutoString(length=16), nullable=True),
    sa.Column('drawn_at', models.base.UTCDateTime(timezone=True), nullable=True),
    sa.Column('settled_at', models.base.UTCDateTime(timezone=True), nullable=True),
    sa.Column('voided_at', models.base.UTCDateTime(timezone=True), nullable=True),
    sa.Column('void_reason', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=True),
    sa.Column('created_at', models.base.UTCDateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('game_code', 'issue_no')
    )
    with op.batch_alter_table('lottery_issue', schema=None) as batch_op:
        batch_op.create_index('ix_lottery_issue_status_close', ['status', 'close_at'], unique=False)

    op.create_table('lottery_exposure',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('issue_id', sa.Integer(), nullable=False),
    sa.Column('key', sqlmodel.sql.sqltypes.AutoString(length=120), nullable=False),
    sa.Column('amount', sa.Numeric(precision=20, scale=2), nullable=False),
    sa.ForeignKeyConstraint(['issue_id'], ['lottery_issue.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('issue_id', 'key')
    )
    op.create_table('lottery_audit',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('issue_id', sa.Integer(), nullable=True),
    sa.Column('actor_id', sa.Integer(), nullable=True),
    sa.Column('action', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
    sa.Column('detail', sa.JSON(), nullable=True),
    sa.Column('created_at', models.base.UTCDateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['actor_id'], ['member.id'], ),
    sa.ForeignKeyConstraint(['issue_id'], ['lottery_issue.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('lottery_audit', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_lottery_audit_issue_id'), ['issue_id'], unique=False)

    op.create_table('lottery_chase',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('uid', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
    sa.Column('merchant_id', sa.Integer(), nullable=False),
    sa.Column('member_id', sa.Integer(), nullable=False),
    sa.Column('game_code', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
    sa.Column('play_code', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('prize_mode', sqlmodel.sql.sqltypes.AutoString(length=8), nullable=False),
    sa.Column('issues', sa.Integer(), nullable=False),
    sa.Column('stop_on_win', sa.Boolean(), nullable=False),
    sa.Column('status', sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
    sa.Column('created_at', models.base.UTCDateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['member_id'], ['member.id'], ),
    sa.ForeignKeyConstraint(['merchant_id'], ['merchant.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('uid')
    )
    with op.batch_alter_table('lottery_chase', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_lottery_chase_member_id'), ['member_id'], unique=False)

    op.create_table('lottery_result_entry',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('issue_id', sa.Integer(), nullable=False),
    sa.Column('numbers', sa.JSON(), nullable=True),
    sa.Column('entered_by', sa.Integer(), nullable=False),
    sa.Column('approved_by', sa.Integer(), nullable=True),
    sa.Column('status', sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
    sa.Column('created_at', models.base.UTCDateTime(timezone=True), nullable=False),
    sa.Column('decided_at', models.base.UTCDateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['approved_by'], ['member.id'], ),
    sa.ForeignKeyConstraint(['entered_by'], ['member.id'], ),
    sa.ForeignKeyConstraint(['issue_id'], ['lottery_issue.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('lottery_result_entry', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_lottery_result_entry_issue_id'), ['issue_id'], unique=False)

    op.create_table('lottery_bet',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('uid', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
    sa.Column('merchant_id', sa.Integer(), nullable=False),
    sa.Column('member_id', sa.Integer(), nullable=False),
    sa.Column('currency', sqlmodel.sql.sqltypes.AutoString(length=3), nullable=False),
    sa.Column('issue_id', sa.Integer(), nullable=False),
    sa.Column('game_code', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
    sa.Column('play_code', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('prize_mode', sqlmodel.sql.sqltypes.AutoString(length=8), nullable=False),
    sa.Column('selection', sa.JSON(), nullable=True),
    sa.Column('bet_count', sa.Integer(), nullable=False),
    sa.Column('unit', sa.Numeric(precision=20, scale=2), nullable=False),
    sa.Column('multiplier', sa.Integer(), nullable=False),
    sa.Column('stake', sa.Numeric(precision=20, scale=2), nullable=False),
    sa.Column('odds', sa.JSON(), nullable=True),
    sa.Column('status', sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
    sa.Column('payout', sa.Numeric(precision=20, scale=2), nullable=False),
    sa.Column('chase_id', sa.Integer(), nullable=True),
    sa.Column('stake_transaction_id', sa.Integer(), nullable=True),
    sa.Column('win_transaction_id', sa.Integer(), nullable=True),
    sa.Column('refund_transaction_id', sa.Integer(), nullable=True),
    sa.Column('placed_at', models.base.UTCDateTime(timezone=True), nullable=False),
    sa.Column('settled_at', models.base.UTCDateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['chase_id'], ['lottery_chase.id'], ),
    sa.ForeignKeyConstraint(['issue_id'], ['lottery_issue.id'], ),
    sa.ForeignKeyConstraint(['member_id'], ['member.id'], ),
    sa.ForeignKeyConstraint(['merchant_id'], ['merchant.id'], ),
    sa.ForeignKeyConstraint(['refund_transaction_id'], ['ledger_transaction.id'], ),
    sa.ForeignKeyConstraint(['stake_transaction_id'], ['ledger_transaction.id'], ),
    sa.ForeignKeyConstraint(['win_transaction_id'], ['ledger_transaction.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('uid')
    )
    with op.batch_alter_table('lottery_bet', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_lottery_bet_chase_id'), ['chase_id'], unique=False)
        batch_op.create_index('ix_lottery_bet_issue_status', ['issue_id', 'status'], unique=False)
        batch_op.create_index(batch_op.f('ix_lottery_bet_member_id'), ['member_id'], unique=False)
    if _pg():
        op.execute(PG_BET_OPEN)
        op.execute("CREATE TRIGGER lottery_bet_open BEFORE INSERT ON lottery_bet "
                   "FOR EACH ROW EXECUTE FUNCTION lottery_bet_open()")
        op.execute(PG_RESULT_FINAL)
        op.execute("CREATE TRIGGER lottery_result_final BEFORE UPDATE ON lottery_issue "
                   "FOR EACH ROW EXECUTE FUNCTION lottery_result_final()")
    else:
        op.execute(SQLITE_BET_OPEN)
        op.execute(SQLITE_RESULT_FINAL)


def downgrade() -> None:
    op.execute("DROP TRIGGER IF EXISTS lottery_bet_open" + (" ON lottery_bet" if _pg() else ""))
    op.execute("DROP TRIGGER IF EXISTS lottery_result_final" + (" ON lottery_issue" if _pg() else ""))
    if _pg():
        op.execute("DROP FUNCTION IF EXISTS lottery_bet_open()")
        op.execute("DROP FUNCTION IF EXISTS lottery_result_final()")
    with op.batch_alter_table('lottery_bet', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_lottery_bet_member_id'))
        batch_op.drop_index('ix_lottery_bet_issue_status')
        batch_op.drop_index(batch_op.f('ix_lottery_bet_chase_id'))

    op.drop_table('lottery_bet')
    with op.batch_alter_table('lottery_result_entry', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_lottery_result_entry_issue_id'))

    op.drop_table('lottery_result_entry')
    with op.batch_alter_table('lottery_chase', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_lottery_chase_member_id'))

    op.drop_table('lottery_chase')
    with op.batch_alter_table('lottery_audit', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_lottery_audit_issue_id'))

    op.drop_table('lottery_audit')
    op.drop_table('lottery_exposure')
    with op.batch_alter_table('lottery_issue', schema=None) as batch_op:
        batch_op.drop_index('ix_lottery_issue_status_close')

    op.drop_table('lottery_issue')
