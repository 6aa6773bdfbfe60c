"""The processes of a scaled deployment: the job worker, one job's period by hand, one more site
process, Crash's live socket on its own."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

from app import jobs as scheduled_jobs
from app.core import metrics
from app.core.cache import close_redis
from app.core.config import get_settings
from app.core.db import connection_capacity, dispose_engine, server_connection_limit
from app.jobs.scheduler import run_engine
from app.services import health
from app.services.job_runs import run_current


async def job_command(name: str) -> None:
    try:
        run = await run_current(scheduled_jobs.by_name(name))
    finally:
        await dispose_engine()
        await close_redis()
    period = f"{run.period:%Y-%m-%dT%H:%M:%SZ}"
    if run.ran:
        print(f"{run.job}: {run.changed} changed (period {period})")
    else:
        print(f"{run.job}: period {period} already done, nothing changed")


async def worker_command(ops_host: str, ops_port: int | None) -> None:
    """The jobs until SIGTERM; with a port, /health/live, /health/ready and /metrics beside
    them (uvicorn, in this process)."""
    os.environ[health.SERVES_FRONTEND_ENV] = "0"
    # Its check connects with a blocking client: off the loop the jobs will run on.
    await asyncio.to_thread(_connection_budget, "worker", 1, runs_jobs=True)
    doors = None
    if ops_port is not None:
        from app.commands.ops_server import OpsDoors

        doors = OpsDoors(ops_host, ops_port)
        doors.open()
    try:
        await run_engine(scheduled_jobs.all_jobs(), signal_handlers=True)
    finally:
        if doors is not None:
            await doors.close()
        await dispose_engine()
        await close_redis()


def _connection_budget(command: str, workers: int, *, runs_jobs: bool) -> None:
    """Say at start how many PostgreSQL connections this command's workers may hold, beside
    what the server gives every process together, and warn when they alone pass it: a full
    server refuses new connections, and requests fail instead of waiting in their pool."""
    import psycopg

    settings = get_settings()
    if settings.is_sqlite:
        return
    capacity = connection_capacity(settings, workers, runs_jobs=runs_jobs)
    try:
        limit = server_connection_limit(settings)
    except psycopg.Error:
        return  # no server yet: the readiness check says so
    print(
        f"{command}: up to {capacity} PostgreSQL connections ({workers} worker(s)); "
        f"the server gives {limit} to every process together",
        file=sys.stderr,
    )
    if capacity > limit:
        print(
            f"{command}: WARNING: more than the server gives; lower DB_POOL_SIZE, "
            "DB_POOL_OVERFLOW or the workers, or raise PostgreSQL's max_connections",
            file=sys.stderr,
        )


def _fresh_metrics_directory() -> None:
    """With PROMETHEUS_MULTIPROC_DIR, the last run's counters go before the workers start."""
    folder = os.environ.get(metrics.MULTIPROCESS_ENV)
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        for stale in Path(folder).glob("*.db"):
            stale.unlink()


def serve(host: str, port: int) -> None:
    """Reflex's production server (granian, GRANIAN_WORKERS workers, the built frontend
    mounted) without the compile and build steps of `reflex run`: further processes of a
    scaled deployment share the one build in `.web` (or REFLEX_WEB_WORKDIR). With no build
    there, it serves the API and the websocket only."""
    from reflex.utils import exec as reflex_exec
    from reflex.utils import processes
    from reflex.utils.prerequisites import get_web_dir
    from reflex_base import constants
    from reflex_base.environment import environment

    from app.services.lottery import plays

    built = health.built_page().exists()
    if not built:
        print(f"no built frontend in {get_web_dir()} (`reflex run --env prod` builds it): API only")
    os.environ[health.SERVES_FRONTEND_ENV] = "1" if built else "0"  # for the workers' readiness
    workers = int(os.environ.get("GRANIAN_WORKERS") or processes.get_num_workers())
    _connection_budget("serve", workers, runs_jobs=get_settings().jobs_in_app)
    _fresh_metrics_directory()
    environment.REFLEX_ENV_MODE.set(constants.Env.PROD)
    environment.REFLEX_SKIP_COMPILE.set(True)
    # Worked out once here, before granian forks its workers (each would spend 1.5 s of CPU
    # on it in its start-up; app/app.py `_lottery_rtp` then finds it made).
    plays.rtp_table()
    reflex_exec.run_backend_prod(host, port, mount_frontend_compiled_app=built)


def crash_live(host: str, port: int, workers: int = 1) -> None:
    """Crash's live socket (app/crash_live.py `live_app`) in a process of its own, `workers`
    granian workers: with the proxy sending `/_crash/live` here, a cash-out never waits in an
    event loop busy with the site's page events. The pages' tickets and the rate limits it
    shares with the site are in Redis, so it needs the scaled mode's REDIS_URL."""
    from granian import Granian
    from granian.constants import Interfaces

    if not get_settings().redis_url:
        raise SystemExit("crash-live reads the pages' tickets from the site's Redis: set REDIS_URL")
    os.environ[health.SERVES_FRONTEND_ENV] = "0"  # its readiness asks for no built frontend
    _connection_budget("crash-live", workers, runs_jobs=False)
    _fresh_metrics_directory()
    Granian(
        "app.crash_live:live_app",
        address=host,
        port=port,
        interface=Interfaces.ASGI,
        factory=True,
        workers=workers,
    ).serve()
