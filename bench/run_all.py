"""`make bench`: run every bench/bench_*.py and write one markdown table to bench/RESULTS.md.

`python -m bench.run_all bench_ledger bench_locust` runs only those and replaces their
sections of RESULTS.md, keeping the others as they were measured.
"""

from __future__ import annotations

import importlib
import os
import platform
import re
import subprocess
import sys
from datetime import UTC, datetime

from bench.common import ROOT

RESULTS = ROOT / "bench" / "RESULTS.md"
SECTION = re.compile(r"^## (bench_\w+)$", re.MULTILINE)


def _commit() -> str:
    """The commit measured, and whether the tree held changes beside it."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
        ).stdout.strip()
        changed = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=ROOT, capture_output=True, text=True,
        ).stdout.strip()  # fmt: skip
    except OSError:
        return "an unknown commit (no git)"
    if not head:
        return "an unknown commit (not a git checkout)"
    return f"commit {head}" + (" with uncommitted changes" if changed else "")


def _load() -> str:
    one, five, _ = os.getloadavg()
    return f"{one:.2f} (1 min) / {five:.2f} (5 min)"


def _section(name: str) -> list[str]:
    module = importlib.import_module(f"bench.{name}")
    print(f"== {name}", flush=True)
    started, load_before = datetime.now(UTC), _load()
    figures = module.run()
    lines = [
        f"## {name}",
        "",
        f"Measured {started:%Y-%m-%d %H:%M} UTC at {_commit()} on {os.cpu_count()} cores; "
        f"load average {load_before} at the start, {_load()} at the end (a load above the "
        "cores means something else ran beside the bench).",
        "",
        (module.__doc__ or "").strip(),
        "",
        "| figure | value | goal | verdict |",
        "|---|---|---|---|",
    ]
    for figure in figures:
        print(figure.row(), flush=True)
        lines.append(figure.row())
    lines.append("")
    return lines


def _kept_sections() -> dict[str, str]:
    """The sections of the current RESULTS.md by bench name."""
    if not RESULTS.exists():
        return {}
    text = RESULTS.read_text()
    starts = list(SECTION.finditer(text))
    return {
        match.group(1): text[match.start() : ends.start() if ends else len(text)].rstrip() + "\n"
        for match, ends in zip(starts, [*starts[1:], None], strict=True)
    }


def main(only: list[str]) -> None:
    names = sorted(path.stem for path in (ROOT / "bench").glob("bench_*.py"))
    unknown = set(only) - set(names)
    if unknown:
        raise SystemExit(f"unknown benches: {', '.join(sorted(unknown))}")
    kept = _kept_sections() if only else {}
    lines = [
        "# Benchmark results",
        "",
        f"Written {datetime.now(UTC):%Y-%m-%d %H:%M} UTC on {platform.machine()}, "
        f"{platform.python_implementation()} {platform.python_version()}, "
        "load generated from the same machine over loopback. A section without a date of its "
        "own keeps the figures of an earlier run.",
        "",
    ]
    for name in names:
        if only and name not in only:
            if name in kept:
                lines.append(kept[name])
            continue
        lines += _section(name)
    RESULTS.write_text("\n".join(lines))
    print(f"wrote {RESULTS}")


if __name__ == "__main__":
    main(sys.argv[1:])
