"""Alembic environment: the database comes from the app settings (or `-x url=…`)."""

from __future__ import annotations

from logging.config import fileConfig

from sqlalchemy import create_engine, pool
from sqlmodel import SQLModel

import models  # noqa: F401  (registers every table on SQLModel.metadata)
from alembic import context
from app.core.config import get_settings
from app.core.db import sync_url

config = context.config
if config.config_file_name is not None and config.attributes.get("configure_logger", True):
    fileConfig(config.config_file_name)

target_metadata = SQLModel.metadata
# procrastinate's tables (scaled mode's task queue) come from its own SQL, run by migration
# 0010e; the models do not describe them.
QUEUE_TABLE_PREFIX = "procrastinate_"


def _include_name(name: str | None, type_: str, _parents: object) -> bool:
    return not (type_ == "table" and name is not None and name.startswith(QUEUE_TABLE_PREFIX))


def _url() -> str:
    override = context.get_x_argument(as_dictionary=True).get("url") or config.get_main_option(
        "sqlalchemy.url"
    )
    settings = get_settings()
    if override is None and settings.is_sqlite:
        settings.data_dir.mkdir(parents=True, exist_ok=True)
    return sync_url(override or settings.effective_database_url)


def run_migrations_offline() -> None:
    context.configure(
        url=_url(),
        target_metadata=target_metadata,
        literal_binds=True,
        compare_type=True,
        render_as_batch=True,
        include_name=_include_name,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connectable = config.attributes.get("connection")
    if connectable is None:
        engine = create_engine(_url(), poolclass=pool.NullPool)
        with engine.connect() as connection:
            _run(connection)
        engine.dispose()
    else:
        _run(connectable)


def _run(connection) -> None:  # type: ignore[no-untyped-def]
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        compare_type=True,
        render_as_batch=connection.dialect.name == "sqlite",
        include_name=_include_name,
    )
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
