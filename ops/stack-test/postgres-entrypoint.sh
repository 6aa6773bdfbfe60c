#!/bin/sh
# The official postgres image's first start, for the stand-in: a cluster in $PGDATA whose
# superuser is $POSTGRES_USER with the password in $POSTGRES_PASSWORD_FILE, the database
# $POSTGRES_DB (UTF-8, as the official image), password logins from the network; then the
# server as user postgres.
set -eu
if [ "$(id -u)" != 0 ]; then
    exec "$@"
fi
mkdir -p "$PGDATA" /run/postgresql
chown postgres:postgres "$PGDATA" /run/postgresql
chmod 700 "$PGDATA"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
    install -o postgres -m 600 "$POSTGRES_PASSWORD_FILE" /tmp/password
    runuser -u postgres -- initdb -D "$PGDATA" -U "$POSTGRES_USER" --pwfile=/tmp/password \
        --encoding=UTF8 --locale=C.UTF-8 --auth-local=trust --auth-host=scram-sha-256 >/dev/null
    rm /tmp/password
    echo "listen_addresses = '*'" >>"$PGDATA/postgresql.conf"
    echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
    runuser -u postgres -- pg_ctl -D "$PGDATA" -w -o "-c listen_addresses=''" start >/dev/null
    runuser -u postgres -- psql -q -v ON_ERROR_STOP=1 -U "$POSTGRES_USER" -d postgres \
        -c "CREATE DATABASE \"$POSTGRES_DB\""
    runuser -u postgres -- pg_ctl -D "$PGDATA" -w stop >/dev/null
fi
exec runuser -u postgres -- "$@"
