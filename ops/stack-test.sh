#!/usr/bin/env bash
# `make stack-test`: ops/compose.yaml started as it is on this machine, with podman behind
# docker-compose (podman's Docker API), and checked from outside through Caddy: the migration
# ran once, both replicas and the worker are ready, the site, its websocket and a request id
# pass the proxy, /metrics and /health stay inside, calls reach both replicas, Prometheus
# scrapes every process and loads the alert rules, the first staff invitation is made, the
# site keeps answering when a replica stops, and the worker stops by itself. No image
# registry is reachable here: the platform's image is built from the Containerfile, and
# PostgreSQL, Redis, Caddy and Prometheus are stand-ins made from Debian's packages
# (ops/stack-test/standins.Containerfile). Grafana (no Debian package) is not started.
set -euo pipefail
source "$(dirname "$0")/podman-common.sh"
port="${STACK_PORT:-18080}"
image="${STACK_IMAGE:-}"
project="platformstack$$"
work="$(mktemp -d)"

ensure_base
if [ -z "$image" ]; then
    image="localhost/platform:stack"
    build_platform "$image" "http://127.0.0.1:$port"
fi
for part in postgres redis caddy prometheus; do
    echo "== $(date -u +%T) stand-in $part"
    podman build "${flags[@]}" -q --build-arg BASE_IMAGE="$base" --target "$part" \
        -f "$root/ops/stack-test/standins.Containerfile" -t "localhost/stack-$part:test" \
        "$root/ops/stack-test" >/dev/null
done

# The stack's folder as an operator fills it (docs/operations.md), with this run's secrets.
cp -r "$root/ops/." "$work/"
secret() { python3 -c 'import secrets; print(secrets.token_urlsafe(33))'; }
password="$(secret)"
metrics_token="$(secret)"
printf %s "$password" >"$work/postgres_password"
printf %s "$metrics_token" >"$work/metrics_token"
sed -e "s|^DATABASE_URL=.*|DATABASE_URL=postgresql://platform:$password@postgres:5432/platform|" \
    -e "s|^SECRET_KEY=.*|SECRET_KEY=$(secret)|" -e "s|^AUDIT_LOG_KEY=.*|AUDIT_LOG_KEY=$(secret)|" \
    -e "s|^BACKUP_KEY=.*|BACKUP_KEY=$(secret)|" -e "s|^METRICS_TOKEN=.*|METRICS_TOKEN=$metrics_token|" \
    -e "s|^LOTTERY_RESULTS_SECRET=.*|LOTTERY_RESULTS_SECRET=$(secret)|" \
    -e "s|^PUBLIC_BASE_URL=.*|PUBLIC_BASE_URL=http://127.0.0.1:$port|" \
    -e "s|^API_URL=.*|API_URL=http://127.0.0.1:$port|" -e "s|^GRANIAN_WORKERS=.*|GRANIAN_WORKERS=1|" \
    "$root/ops/stack.env.example" >"$work/stack.env"

# podman's Docker API for docker-compose, with this machine's runtime and limits as defaults.
cat >"$work/containers.conf" <<EOF
[containers]
default_ulimits = ["nofile=$limit:$limit", "nproc=4096:4096"]
log_driver = "k8s-file"
[engine]
runtime = "runc"
events_logger = "file"
EOF
export CONTAINERS_CONF="$work/containers.conf" DOCKER_HOST="unix://$work/podman.sock"
prometheus="$(free_port)"
export COMPOSE_PROJECT_NAME="$project" HTTP_PORT="$port" HTTPS_PORT="$(free_port)" \
    PROMETHEUS_PORT="$prometheus" SITE_ADDRESS=":80" PLATFORM_IMAGE="$image" \
    POSTGRES_IMAGE=localhost/stack-postgres:test REDIS_IMAGE=localhost/stack-redis:test \
    CADDY_IMAGE=localhost/stack-caddy:test PROMETHEUS_IMAGE=localhost/stack-prometheus:test
podman system service --time=0 "$DOCKER_HOST" &
service=$!
compose() { docker-compose -f "$work/compose.yaml" "$@"; }
# podman times health checks with systemd, absent here: this loop runs them instead.
(while sleep 3; do
    for name in $(podman ps --filter "label=com.docker.compose.project=$project" --format '{{.Names}}'); do
        podman healthcheck run "$name" >/dev/null 2>&1 || true
    done
done) &
health=$!
cleanup() {
    compose logs --no-color >"${STACK_TEST_LOG:-/tmp/platform-stack-test.log}" 2>&1 || true
    if [ -n "${STACK_TEST_KEEP:-}" ]; then
        echo "stack-test: left running for a look (DOCKER_HOST=$DOCKER_HOST, project $project)"
        return
    fi
    kill "$health" 2>/dev/null || true
    compose down -v -t 30 >/dev/null 2>&1 || true
    kill "$service" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
for _ in $(seq 50); do [ -S "$work/podman.sock" ] && break; sleep 0.2; done

echo "== $(date -u +%T) compose up (PostgreSQL, Redis, migrate, app1, app2, worker, Caddy) on port $port"
started="$(date +%s)"
timeout "${STACK_TEST_TIMEOUT:-900}" docker-compose -f "$work/compose.yaml" up -d
echo "== $(date -u +%T) up after $(( $(date +%s) - started )) s"
container() { podman ps -a --filter "label=com.docker.compose.project=$project" \
    --filter "label=com.docker.compose.service=$1" --format '{{.Names}}'; }
migrated="$(podman inspect --format '{{.State.ExitCode}}' "$(container migrate)")"
[ "$migrated" = 0 ] || { echo "stack-test: migrate exited $migrated"; exit 1; }
for part in app1 app2 worker; do
    podman healthcheck run "$(container "$part")" >/dev/null || { echo "stack-test: $part not ready"; exit 1; }
done
echo "migrate: exit 0; app1, app2, worker: ready"

python3 - "$port" <<'PY'
import base64
import os
import socket
import sys
import time
import urllib.error
import urllib.request

port = sys.argv[1]
site = f"http://127.0.0.1:{port}"


def get(path: str) -> tuple[int, dict[str, str], str]:
    try:
        with urllib.request.urlopen(site + path, timeout=30) as answer:
            return answer.status, dict(answer.headers), answer.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as refused:
        return refused.code, dict(refused.headers), ""


deadline = time.monotonic() + 120  # Caddy's first active health check marks the replicas up
while (status := get("/ping")[0]) != 200 and time.monotonic() < deadline:
    time.sleep(2)
assert status == 200, f"/ping through Caddy: {status}"
status, headers, html = get("/")
assert status == 200 and "<html" in html.lower(), (status, html[:200])
assert headers.get("X-Request-Id"), headers
print("through Caddy: home page", status, len(html), "bytes; X-Request-Id", headers["X-Request-Id"])
for inside in ("/metrics", "/health/ready"):
    assert get(inside)[0] == 404, inside
print("through Caddy: /metrics and /health/ready answer 404")
assert all(get("/ping")[0] == 200 for _ in range(20))

# The pages' websocket (Socket.IO over Engine.IO 4 on /_event) upgraded through Caddy.
with socket.create_connection(("127.0.0.1", int(port)), timeout=30) as conn:
    key = base64.b64encode(os.urandom(16)).decode()
    conn.sendall(
        (
            "GET /_event/?EIO=4&transport=websocket HTTP/1.1\r\n"
            f"Host: 127.0.0.1:{port}\r\nOrigin: {site}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    received = b""
    while b"\r\n\r\n" not in received or len(received.split(b"\r\n\r\n", 1)[1]) < 4:
        chunk = conn.recv(4096)
        assert chunk, received
        received += chunk
    head, frame = received.split(b"\r\n\r\n", 1)
    assert head.startswith(b"HTTP/1.1 101"), head
    opened = frame[2:].decode("utf-8", "replace")  # a short text frame: the Engine.IO open packet
    assert opened.startswith('0{"sid"'), opened
print("through Caddy: websocket upgraded, Engine.IO open packet received")
PY

# Both replicas served the calls Caddy passed (their /metrics, with the scrapers' token).
for part in app1 app2; do
    calls="$(podman exec -e TOKEN="$metrics_token" "$(container "$part")" python -c "import os, urllib.request; print(urllib.request.urlopen(urllib.request.Request('http://127.0.0.1:3000/metrics', headers={'Authorization': 'Bearer ' + os.environ['TOKEN']}), timeout=10).read().decode())" \
        | sed -n 's|^platform_http_request_duration_seconds_count{method="GET",route="/ping",status="2xx"} ||p')"
    echo "$part: ${calls:-0} calls to /ping"
    [ "${calls:-0}" != 0 ] || { echo "stack-test: Caddy passed no call to $part"; exit 1; }
done

echo "== $(date -u +%T) Prometheus (the monitoring profile's) scrapes both replicas and the worker"
compose up -d prometheus >/dev/null
python3 - "$prometheus" "$root/ops/prometheus/alerts.yml" <<'PY'
import json
import re
import sys
import time
import urllib.request

api = f"http://127.0.0.1:{sys.argv[1]}/api/v1"


def ask(path: str) -> dict:
    with urllib.request.urlopen(api + path, timeout=10) as answer:
        return json.load(answer)["data"]


deadline = time.monotonic() + 120
while True:
    try:
        targets = ask("/targets")["activeTargets"]
        health = {t["labels"]["instance"]: t["health"] for t in targets}
        if len(health) == 3 and set(health.values()) == {"up"}:
            break
    except OSError:
        health = {}
    assert time.monotonic() < deadline, f"targets: {health}"
    time.sleep(3)
print("Prometheus targets up:", ", ".join(sorted(health)))
written = len(re.findall(r"^\s*- alert:", open(sys.argv[2]).read(), re.M))
loaded = [r["name"] for g in ask("/rules")["groups"] for r in g["rules"]]
assert len(loaded) == written, (loaded, written)
print(f"Prometheus alert rules loaded: {len(loaded)} of {written}")
PY

invitation="$(compose exec -T app1 python -m app.cli create-admin stackadmin 2>&1 | tail -n 5)"
grep -q "http://127.0.0.1:$port/" <<<"$invitation" || { echo "stack-test: no invitation link: $invitation"; exit 1; }
echo "create-admin through compose exec: an invitation link on the site's address"

echo "== $(date -u +%T) app1 stops; the site answers from app2"
compose stop -t 30 app1 >/dev/null
python3 - "$port" <<'PY'
import sys
import urllib.request

for _ in range(20):
    with urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/ping", timeout=30) as answer:
        assert answer.status == 200
print("20 of 20 calls answered with app1 stopped")
PY
echo "== $(date -u +%T) the worker stops on SIGTERM, its jobs ended"
started="$(date +%s)"
compose stop -t 30 worker >/dev/null
code="$(podman inspect --format '{{.State.ExitCode}}' "$(container worker)")"
took=$(( $(date +%s) - started ))
echo "worker: exit code $code after $took s"
[ "$code" = 0 ] && [ "$took" -lt 30 ] || { echo "stack-test: the worker did not stop by itself"; exit 1; }
echo "stack-test: ok"
