"""jobs: the job_run table (one row per job and period, the exactly-once key) and, on
PostgreSQL, procrastinate's schema (the scaled-mode task queue)

procrastinate's schema is its own `schema.sql` of the pinned version, kept beside the
migrations (alembic/procrastinate/schema-3.10.0.sql): a later procrastinate upgrade adds a
migration that runs that release's SQL migration files. SQLite (embedded mode) has no queue.

Revision ID: 0010e
Revises: 0009
Create Date: 2026-11-23 16:00:00.000000
"""

from collections.abc import Sequence
from pathlib import Path

import sqlalchemy as sa
import sqlmodel
from alembic import op

import models.base

revision: str = '0010e'
down_revision: str | Sequence[str] | None = '0010d'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

PROCRASTINATE_SCHEMA = Path(__file__).resolve().parents[1] / 'procrastinate' / 'schema-3.10.0.sql'

# Everything procrastinate's schema creates is named procrastinate_*, in the public schema.
DROP_PROCRASTINATE = r"""
DROP TABLE IF EXISTS procrastinate_events, procrastinate_periodic_defers, procrastinate_jobs,
    procrastinate_workers CASCADE;
DO $$
DECLARE routine record;
BEGIN
    FOR routine IN
        SELECT p.oid::regprocedure AS signature FROM pg_proc p
        WHERE p.proname LIKE 'procrastinate\_%' AND p.pronamespace = 'public'::regnamespace
    LOOP
        EXECUTE 'DROP ROUTINE ' || routine.signature || ' CASCADE';
    END LOOP;
END $$;
DROP TYPE IF EXISTS procrastinate_job_to_defer_v1, procrastinate_job_event_type,
    procrastinate_job_status CASCADE;
"""


def upgrade() -> None:
    op.create_table(
        'job_run',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('job', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column('period_at', models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column('state', sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column('attempts', sa.Integer(), nullable=False),
        sa.Column('changed', sa.Integer(), nullable=True),
        sa.Column('error', sqlmodel.sql.sqltypes.AutoString(length=2000), nullable=True),
        sa.Column('worker', sqlmodel.sql.sqltypes.AutoString(length=128), nullable=True),
        sa.Column('created_at', models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column('started_at', models.base.UTCDateTime(timezone=True), nullable=True),
        sa.Column('finished_at', models.base.UTCDateTime(timezone=True), nullable=True),
        sa.Column('next_attempt_at', models.base.UTCDateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('job', 'period_at', name='uq_job_run_job_period'),
    )
    if op.get_bind().dialect.name == 'postgresql':
        # The driver's own execute: the schema is many statements with $$-quoted bodies.
        op.get_bind().connection.driver_connection.execute(PROCRASTINATE_SCHEMA.read_text())


def downgrade() -> None:
    if op.get_bind().dialect.name == 'postgresql':
        op.get_bind().connection.driver_connection.execute(DROP_PROCRASTINATE)
    op.drop_table('job_run')
