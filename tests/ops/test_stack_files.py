"""The deployment files hold together with the app: the Containerfile, the compose stack, the
Kubernetes manifests, the Prometheus alert rules and the Grafana dashboard. YAML and JSON
parse; every probe and health check names a door the app has; every command is one the CLI
knows; every metric a rule or panel reads is one the app exports."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any

import pytest
import yaml
from prometheus_client import REGISTRY

from app import cli
from app.api.ops import OPS_PATHS
from app.core import metrics
from app.core.config import PROJECT_ROOT, Settings, get_settings
from app.core.db import connection_capacity
from app.crash_live import LIVE_PATH

OPS = PROJECT_ROOT / "ops"
METRIC = re.compile(r"\bplatform_[a-z_]+\b")


def _documents(path: Path) -> list[dict[str, Any]]:
    return [doc for doc in yaml.safe_load_all(path.read_text()) if doc]


def _manifests() -> list[dict[str, Any]]:
    return [doc for path in sorted((OPS / "k8s").glob("*.yaml")) for doc in _documents(path)]


def _cli_knows(command: list[str]) -> None:
    """`python -m app.cli SUB ...`: SUB and its options are the CLI's (argparse refuses an
    unknown one with exit 2; --help of a known one exits 0)."""
    assert command[:3] == ["python", "-m", "app.cli"], command
    with pytest.raises(SystemExit) as known:
        cli.main([command[3], "--help"])
    assert known.value.code == 0, command
    options = [part for part in command[4:] if part.startswith("--")]
    help_text = _help(command[3])
    for option in options:
        assert option in help_text, (command, option)


def _help(subcommand: str) -> str:
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
        cli.main([subcommand, "--help"])
    return out.getvalue()


def _python_commands(text: str) -> list[list[str]]:
    """Every `python -m app.cli ...` command in a shell line."""
    found = []
    for part in re.split(r"&&|;|\|\||&|\{|\}", text):
        words = shlex.split(part.replace('"$PORT"', "3000"))
        if words[:1] == ["exec"]:
            words = words[1:]
        if words[:3] == ["python", "-m", "app.cli"]:
            found.append(words)
    return found


def test_every_metric_of_the_rules_and_the_dashboard_is_exported() -> None:
    exported = metrics.exported_names()
    rules = yaml.safe_load((OPS / "prometheus" / "alerts.yml").read_text())
    expressions = [rule["expr"] for group in rules["groups"] for rule in group["rules"]]
    dashboard = json.loads((OPS / "grafana" / "dashboard.json").read_text())
    expressions += [t["expr"] for panel in dashboard["panels"] for t in panel["targets"]]
    used = {name for expr in expressions for name in METRIC.findall(expr)}
    assert used and used <= exported, used - exported
    names = {rule["alert"] for group in rules["groups"] for rule in group["rules"]}
    assert {"PayoutOverLimit", "ConsumerLagging", "HighErrorRate", "JobFailures"} <= names
    # The dashboard shows every family the app exports.
    shown = {re.sub(r"_(bucket|sum|count|total|created)$", "", n) for n in used}
    families = {re.sub(r"_(bucket|sum|count|total|created)$", "", n) for n in exported}
    assert families <= shown | {"platform_payout_limit_seconds"}, families - shown


def test_the_exported_names_are_registered_metrics() -> None:
    registered = set(REGISTRY._names_to_collectors)  # type: ignore[attr-defined]
    counted = metrics.exported_names() - set(metrics.SCRAPE_GAUGES)
    assert counted and counted <= registered, counted - registered


def test_the_containerfile_is_pinned_unprivileged_and_checks_readiness() -> None:
    text = (PROJECT_ROOT / "Containerfile").read_text()
    base = re.search(r"^ARG BASE_IMAGE=(\S+)$", text, re.M)
    assert base is not None and re.search(r":\d+(\.\d+)+-slim$|@sha256:", base.group(1))
    assert ":latest" not in text
    user = re.findall(r"^USER (\S+)$", text, re.M)
    assert user and user[-1] not in ("root", "0")
    check = re.search(r"^HEALTHCHECK .*\n.*", text, re.M)
    assert check is not None
    health_url = re.search(r"HEALTH_URL=(\S+)", text)
    assert health_url is not None and health_url.group(1).endswith(OPS_PATHS[1])
    assert "reflex export --frontend-only" in text and "build/client/index.html" in text
    command = json.loads(re.findall(r"^CMD (.*)$", text, re.M)[-1])
    assert command[:2] == ["sh", "-c"]
    found = _python_commands(command[2])
    assert [c[3] for c in found] == ["setup", "serve"]
    for each in found:
        _cli_knows(each)


def _patterns(path: Path) -> set[str]:
    lines = (line.strip() for line in path.read_text().splitlines())
    return {line.strip("/") for line in lines if line and not line.startswith("#")}


def test_the_image_takes_nothing_git_ignores() -> None:
    """What a working tree holds beside the sources (the test build, local databases, caches,
    coverage data) stays out of the image built from it: every pattern .gitignore lists is
    in .dockerignore, itself, anywhere in the tree, or under a folder left out whole."""
    ignored = _patterns(PROJECT_ROOT / ".dockerignore")
    for pattern in _patterns(PROJECT_ROOT / ".gitignore"):
        folders = {"/".join(pattern.split("/")[:n]) for n in range(1, pattern.count("/") + 1)}
        assert pattern in ignored or f"**/{pattern}" in ignored or folders & ignored, pattern


def test_the_compose_stack_has_its_services_and_their_commands_exist() -> None:
    compose = yaml.safe_load((OPS / "compose.yaml").read_text())
    services = compose["services"]
    assert {"postgres", "redis", "migrate", "app1", "app2", "crash-live", "worker", "caddy"} <= set(
        services
    )
    for name in ("migrate", "app1", "app2", "crash-live", "worker"):
        _cli_knows(services[name]["command"])
    assert services["app1"]["command"][3] == services["app2"]["command"][3] == "serve"
    # Health is the image's HEALTHCHECK, which asks HEALTH_URL: the default on the served
    # port, the worker's on its ops port.
    containerfile = (PROJECT_ROOT / "Containerfile").read_text()
    assert "HEALTHCHECK" in containerfile and "os.environ['HEALTH_URL']" in containerfile
    default = re.search(r"HEALTH_URL=(\S+)", containerfile)
    assert default and default.group(1) == "http://127.0.0.1:3000/health/ready"
    for own, option in (("worker", "--ops-port"), ("crash-live", "--port")):
        command = services[own]["command"]
        port = command[command.index(option) + 1]
        assert services[own]["environment"]["HEALTH_URL"] == f"http://127.0.0.1:{port}/health/ready"
    assert "/health/ready" in OPS_PATHS
    for name in ("app1", "app2", "crash-live", "worker"):
        assert "healthcheck" not in services[name], f"{name}: the image's check is the one"
        assert services[name]["env_file"] == "stack.env"
    for image in (services[name]["image"] for name in ("postgres", "redis", "caddy")):
        assert re.search(r":\d+(\.\d+)+", image), image
    caddyfile = (OPS / "caddy" / "Caddyfile").read_text()
    assert "reverse_proxy app1:3000 app2:3000" in caddyfile
    assert f"reverse_proxy {LIVE_PATH} crash-live:3010" in caddyfile
    assert "health_uri /health/ready" in caddyfile and "X-Request-Id" in caddyfile
    assert "respond @inside 404" in caddyfile  # /metrics stays inside
    assert "lb_try_duration" in caddyfile  # a stopped replica's calls go to the other
    settings = (OPS / "stack.env.example").read_text()
    assert "JOBS_IN_APP=false" in settings and "TRUSTED_PROXY_HOPS=1" in settings
    prometheus = yaml.safe_load((OPS / "prometheus" / "prometheus.yml").read_text())
    jobs = prometheus["scrape_configs"]
    targets = {t for job in jobs for c in job["static_configs"] for t in c["targets"]}
    assert targets == {"app1:3000", "app2:3000", "crash-live:3010", "worker:9100"}


def test_the_kubernetes_manifests_probe_real_doors_and_run_real_commands() -> None:
    documents = _manifests()
    kinds = [doc["kind"] for doc in documents]
    assert kinds.count("Deployment") == 3 and "Job" in kinds and "Ingress" in kinds
    services = {doc["metadata"]["name"]: doc for doc in documents if doc["kind"] == "Service"}
    for doc in documents:
        if doc["kind"] not in ("Deployment", "Job"):
            continue
        spec = doc["spec"]["template"]["spec"]
        assert spec["securityContext"]["runAsNonRoot"] is True
        for container in spec["containers"]:
            _cli_knows(container["command"])
            assert container["resources"]["requests"], doc["metadata"]["name"]
            if doc["kind"] == "Job":
                assert container["command"][3] == "migrate"
                continue
            ports = {p["name"]: p["containerPort"] for p in container["ports"]}
            for probe in ("livenessProbe", "readinessProbe"):
                check = container[probe]["httpGet"]
                assert check["path"] in OPS_PATHS and check["port"] in ports
            assert container["readinessProbe"]["httpGet"]["path"] == "/health/ready"
        if doc["kind"] == "Deployment":
            labels = doc["spec"]["template"]["metadata"]["labels"]
            assert doc["spec"]["selector"]["matchLabels"].items() <= labels.items()
            service = services[doc["metadata"]["name"]]
            assert service["spec"]["selector"].items() <= labels.items()
    ingress = next(doc for doc in documents if doc["kind"] == "Ingress")
    backends = [
        path["backend"]["service"]["name"]
        for rule in ingress["spec"]["rules"]
        for path in rule["http"]["paths"]
    ]
    assert backends and set(backends) <= set(services)
    crash = next(path for rule in ingress["spec"]["rules"] for path in rule["http"]["paths"])
    assert (crash["path"], crash["backend"]["service"]["name"]) == (
        LIVE_PATH, "platform-crash-live"
    )  # fmt: skip
    listed = yaml.safe_load((OPS / "k8s" / "kustomization.yaml").read_text())["resources"]
    assert all((OPS / "k8s" / name).is_file() for name in listed)
    assert "secret.example.yaml" not in listed  # the real one comes from the secret store


# ---- PostgreSQL connections ------------------------------------------------------------------

# PostgreSQL's superuser_reserved_connections, which neither stack changes.
RESERVED = 3
# What the Kubernetes manifests ask of their database (docs/operations.md).
KUBERNETES_MAX_CONNECTIONS = 300
# Beside the serving processes: the migration, a backup and an operator's CLI command.
OTHER_CONNECTIONS = 4


def _capacity(command: list[str], env: dict[str, str]) -> int:
    """The connections one container running `command` may hold with `env`'s settings."""
    fields = Settings.model_fields
    settings = get_settings().model_copy(
        update={
            name: int(env.get(name.upper(), fields[name].default))
            for name in ("db_pool_size", "db_pool_overflow", "job_worker_concurrency")
        }
        | {"jobs_in_app": env.get("JOBS_IN_APP", "true") == "true"}
    )
    sub = command[3]
    if sub == "serve":
        assert "GRANIAN_WORKERS" in env, "the workers a host's cores would give are unknown"
        return connection_capacity(
            settings, int(env["GRANIAN_WORKERS"]), runs_jobs=settings.jobs_in_app
        )
    if sub == "crash-live":
        workers = command[command.index("--workers") + 1] if "--workers" in command else "1"
        return connection_capacity(settings, int(workers), runs_jobs=False)
    if sub == "worker":
        return connection_capacity(settings, 1, runs_jobs=True)
    return 0  # the migration: counted in OTHER_CONNECTIONS


def test_the_compose_stack_fits_postgresqls_connections() -> None:
    (compose,) = _documents(OPS / "compose.yaml")
    shared = dict(
        line.split("=", 1)
        for line in (OPS / "stack.env.example").read_text().splitlines()
        if line and not line.startswith("#")
    )
    command = compose["services"]["postgres"].get("command", [])
    found = [part.split("=")[1] for part in command if part.startswith("max_connections=")]
    server = int(found[0]) if found else 100  # PostgreSQL's default
    total = sum(
        _capacity(service["command"], shared | service.get("environment", {}))
        for service in compose["services"].values()
        if service.get("env_file") == "stack.env"
    )
    assert total > 0
    assert total + OTHER_CONNECTIONS <= server - RESERVED, total


def _pods(deployment: dict[str, Any]) -> int:
    """Replicas, and the extra pod a rolling update starts (maxSurge; Kubernetes's default is
    25 %, rounded up)."""
    spec = deployment["spec"]
    surge = spec.get("strategy", {}).get("rollingUpdate", {}).get("maxSurge", "25%")
    replicas = int(spec.get("replicas", 1))
    if isinstance(surge, str):
        surge = -(-replicas * int(surge.rstrip("%")) // 100)
    return replicas + int(surge)


def test_the_kubernetes_deployments_fit_postgresqls_connections() -> None:
    manifests = _manifests()
    (config,) = [doc for doc in manifests if doc["kind"] == "ConfigMap"]
    total = 0
    for deployment in (doc for doc in manifests if doc["kind"] == "Deployment"):
        (container,) = deployment["spec"]["template"]["spec"]["containers"]
        env = config["data"] | {item["name"]: item["value"] for item in container.get("env", [])}
        total += _pods(deployment) * _capacity(container["command"], env)
    assert total > 0
    assert total + OTHER_CONNECTIONS <= KUBERNETES_MAX_CONNECTIONS - RESERVED, total
