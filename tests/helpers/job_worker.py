"""A scaled-mode job process for the fault tests: `python -m tests.helpers.job_worker NAME`
runs the app's job engine (as `python -m app.cli worker` does) with the app's jobs and one
more, the test effect job NAME (tests/helpers/jobs.py)."""

from __future__ import annotations

import asyncio
import sys

from app.jobs import all_jobs
from app.jobs.scheduler import run_engine
from tests.helpers.jobs import effect_job


def main() -> None:
    asyncio.run(run_engine([*all_jobs(), effect_job(sys.argv[1])], signal_handlers=True))


if __name__ == "__main__":
    main()
