#!/usr/bin/env bash
# `make image-test`: build the image (Containerfile) on a Debian base made here from Debian's
# packages (mmdebstrap, no image registry needed), start the demo from it, wait for
# /health/ready and the home page, hold the image to its size budget (IMAGE_BUDGET_MIB, 650),
# stop it. Needs podman.
set -euo pipefail
source "$(dirname "$0")/podman-common.sh"
image="${IMAGE:-localhost/platform:test}"
port="$(free_port)"
simulator="$(free_port)"
name="platform-image-test-$$"
volume="$name-data"

ensure_base
build_platform "$image" "http://127.0.0.1:$port"

cleanup() {
    podman stop -t 30 "$name" >/dev/null 2>&1 || true
    podman logs "$name" >"${IMAGE_TEST_LOG:-/tmp/platform-image-test.log}" 2>&1 || true
    podman rm -f "$name" >/dev/null 2>&1 || true
    podman volume rm -f "$volume" >/dev/null 2>&1 || true
}
trap cleanup EXIT
echo "== $(date -u +%T) start the demo on port $port"
podman run -d "${flags[@]}" --name "$name" -v "$volume:/data" \
    -e PORT="$port" -e HEALTH_URL="http://127.0.0.1:$port/health/ready" \
    -e SIMULATOR_PORT="$simulator" -e PROVIDER_SIMULATOR_URL="http://127.0.0.1:$simulator" \
    "$image" >/dev/null

python3 - "$port" "${IMAGE_TEST_TIMEOUT:-900}" <<'PY'
import json
import sys
import time
import urllib.error
import urllib.request

port, limit = sys.argv[1], float(sys.argv[2])
base = f"http://127.0.0.1:{port}"
deadline = time.monotonic() + limit
while True:
    try:
        with urllib.request.urlopen(base + "/health/ready", timeout=5) as answer:
            ready = json.load(answer)
            break
    except (OSError, urllib.error.URLError):
        if time.monotonic() > deadline:
            sys.exit("image-test: no /health/ready in time")
        time.sleep(2)
print("ready:", json.dumps(ready["checks"]))
assert ready["status"] == "ready" and ready["checks"]["frontend"]["detail"] == "built", ready
with urllib.request.urlopen(base + "/", timeout=30) as page:
    html = page.read().decode("utf-8", "replace")
    assert page.status == 200 and "<html" in html.lower(), html[:200]
print("home page:", page.status, len(html), "bytes")
PY
# The image's HEALTHCHECK, run once by hand (podman times it with systemd, absent here).
health="$(podman healthcheck run "$name" >/dev/null 2>&1 && echo healthy || echo unhealthy)"
user="$(podman exec "$name" id -u)"
# /metrics from inside (loopback, no token: the only caller that gets it), workers added up
# through PROMETHEUS_MULTIPROC_DIR.
scrape="$(podman exec "$name" python -c "import urllib.request; print(urllib.request.urlopen('http://127.0.0.1:$port/metrics', timeout=10).read().decode())")"
grep -q '^platform_http_request_duration_seconds_count{method="GET",route="/{path}",status="2xx"}' <<<"$scrape"
grep -q '^platform_payout_limit_seconds 7200' <<<"$scrape"
outside="$(curl -s -o /dev/null -w '%{http_code}' -H 'X-Forwarded-For: 203.0.113.9' "http://127.0.0.1:$port/metrics" || true)"
echo "metrics: $(grep -c '^platform_' <<<"$scrape") samples inside; through a proxy: $outside"
[ "$outside" = 403 ]
size="$(podman image inspect --format '{{.Size}}' "$image")"
# The size budget: the runtime's Python, the pinned requirements and the built pages.
budget="${IMAGE_BUDGET_MIB:-650}"
[ $(( size / 1024 / 1024 )) -le "$budget" ] || { echo "image-test: $(( size / 1024 / 1024 )) MiB, over the budget of $budget MiB"; exit 1; }
# A graceful stop: SIGTERM, and the process ends by itself within the grace period.
started="$(date +%s)"
podman stop -t 30 "$name" >/dev/null
code="$(podman inspect --format '{{.State.ExitCode}}' "$name")"
echo "stop: exit code $code after $(( $(date +%s) - started )) s"
echo "image-test: ok; user id $user; HEALTHCHECK state: $health; image $image: $(( size / 1024 / 1024 )) MiB (budget $budget MiB)"
