"""Scheduled jobs: one row per job and period, the key that makes a period's effect happen once."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from sqlalchemy import UniqueConstraint
from sqlmodel import Field, SQLModel

from models.base import UTCDateTime, utcnow


class JobState(StrEnum):
    QUEUED = "queued"  # waiting for a (next) attempt
    RUNNING = "running"
    SUCCEEDED = "succeeded"
    FAILED = "failed"  # every attempt failed; nobody runs it again


class JobRun(SQLModel, table=True):
    """A job's run for one period (the scheduled instant it belongs to). The unique
    (job, period_at) pair is claimed in the transaction of the period's effect."""

    __tablename__ = "job_run"
    __table_args__ = (UniqueConstraint("job", "period_at", name="uq_job_run_job_period"),)

    id: int | None = Field(default=None, primary_key=True)
    job: str = Field(max_length=64)
    period_at: datetime = Field(sa_type=UTCDateTime)
    state: str = Field(default=JobState.QUEUED, max_length=16)
    attempts: int = 0
    changed: int | None = None
    error: str | None = Field(default=None, max_length=2000)
    worker: str | None = Field(default=None, max_length=128)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    started_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    finished_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    next_attempt_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
