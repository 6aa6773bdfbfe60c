"""`make bench`: run every bench/bench_*.py and write one markdown table to bench/RESULTS.md.

`python -m bench.run_all bench_ledger bench_locust` runs only those and replaces their
sections of RESULTS.md, keeping the others as they were measured.

A bench that fails (an exception) does not lose the others' figures: the run writes every
section it measured, keeps the failed bench's last section (or a heading) with a line saying
when and how it failed, and exits with the failed benches' names.

A kept section whose bench, or the code the bench names in `MEASURES`, changed after it was
measured is flagged "Older than its code" with the newest such commit; `python -m
bench.run_all --stale` refreshes the flags alone (no bench runs) and lists the stale sections.
"""

from __future__ import annotations

import ast
import importlib
import multiprocessing
import os
import platform
import re
import subprocess
import sys
import traceback
from concurrent.futures import ProcessPoolExecutor
from datetime import UTC, datetime

from bench.common import ROOT

RESULTS = ROOT / "bench" / "RESULTS.md"
SECTION = re.compile(r"^## (bench_\w+)$", re.MULTILINE)
MEASURED = re.compile(r"^Measured (\d{4}-\d\d-\d\d \d\d:\d\d) UTC(?: at commit (\w+))?", re.M)
STALE = "**Older than its code:**"
FAILED = "**Its last run failed:**"


# The results file itself is what a run writes, not a change beside the commit measured.
_NOT_RESULTS = f":!{RESULTS.relative_to(ROOT)}"


def _commit() -> str:
    """The commit measured, and whether the tree held changes beside it."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
        ).stdout.strip()
        changed = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no", "--", ".", _NOT_RESULTS],
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


def _isolated(name: str) -> list[str]:
    """`_section` in a process of its own: what a bench sets up once per process (settings,
    engines, caches) never reaches the next one (bench_simulator, run after bench_page_state,
    opened its players' sessions in the other bench's database)."""
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        return pool.submit(_section, name).result()


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


def _git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True).stdout


def measured_paths(name: str) -> list[str]:
    """The product code the bench names in `MEASURES` (read from its source: no bench is
    imported)."""
    source = (ROOT / "bench" / f"{name}.py").read_text()
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "MEASURES" for target in node.targets
        ):
            return list(ast.literal_eval(node.value))
    raise SystemExit(f"bench/{name}.py names no MEASURES")


def changes_since(section: str, paths: list[str]) -> list[str]:
    """The commits (newest first, "<hash> of <day>") that changed `paths` after the section
    was measured: since its commit, or its date for an older section."""
    measured = MEASURED.search(section)
    if measured is None:
        return []
    day, commit = measured.groups()
    since = [f"{commit}..HEAD"] if commit else [f"--since={day} UTC"]
    return _git("log", "--format=%h of %as", *since, "--", *paths).splitlines()


def _without(lines: list[str], mark: str) -> list[str]:
    """The section's lines less its one-line paragraph starting with `mark`."""
    found = next((i for i, line in enumerate(lines) if line.startswith(mark)), None)
    if found is not None:
        del lines[found - 1 : found + 1]  # the paragraph and the blank line before it
    return lines


def _said_after_when(lines: list[str], paragraph: str) -> str:
    """The section with `paragraph` after the paragraph saying when it was measured."""
    at = next((i for i, line in enumerate(lines) if line.startswith("Measured ")), 1)
    end = next((i for i in range(at, len(lines)) if not lines[i]), len(lines))
    lines[end:end] = ["", paragraph]
    return "\n".join(lines)


def flagged(name: str, section: str) -> str:
    """The section with its "Older than its code" paragraph replaced by today's verdict
    (none when nothing it measures changed since), after the paragraph saying when."""
    lines = _without(section.split("\n"), STALE)
    paths = measured_paths(name)
    changes = changes_since(section, paths)
    if not changes:
        return "\n".join(lines)
    return _said_after_when(
        lines,
        f"{STALE} {len(changes)} commit(s) changed what it measures since "
        f"({', '.join(paths)}), the newest {changes[0]}; run "
        f"`python -m bench.run_all {name}` again.",
    )


def failed(name: str, kept: str | None, error: BaseException) -> str:
    """The section of a bench whose run raised `error`: its last figures (flagged as usual),
    or its heading alone, with the failure said after the paragraph saying when."""
    said = (
        f"{FAILED} {datetime.now(UTC):%Y-%m-%d %H:%M} UTC at {_commit()}: "
        + (f"{type(error).__name__}: {error}".strip().splitlines()[0][:300])
    )
    if kept is None:
        return f"## {name}\n\n{said}\n"
    return _said_after_when(_without(flagged(name, kept).split("\n"), FAILED), said)


def main(only: list[str]) -> None:
    names = sorted(path.stem for path in (ROOT / "bench").glob("bench_*.py"))
    unknown = set(only) - set(names)
    if unknown:
        raise SystemExit(f"unknown benches: {', '.join(sorted(unknown))}")
    kept = _kept_sections()
    failures: list[str] = []
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
                lines.append(flagged(name, kept[name]))
            continue
        try:
            lines += _isolated(name)
        except Exception as error:  # the other benches' figures are still written
            traceback.print_exc()
            failures.append(name)
            lines.append(failed(name, kept.get(name), error))
    RESULTS.write_text("\n".join(lines))
    print(f"wrote {RESULTS}")
    if failures:
        raise SystemExit(f"failed: {', '.join(failures)}")


def report_stale() -> None:
    """Refresh every section's flag without running a bench; list the stale sections."""
    text = RESULTS.read_text()
    first = SECTION.search(text)
    kept = _kept_sections()
    head = text[: first.start()] if first else text
    refreshed = {name: flagged(name, section) for name, section in kept.items()}
    RESULTS.write_text(head + "\n".join(refreshed.values()))
    stale = [name for name, section in refreshed.items() if STALE in section]
    print("stale sections: " + (", ".join(stale) if stale else "none"))


if __name__ == "__main__":
    if sys.argv[1:] == ["--stale"]:
        report_stale()
    else:
        main(sys.argv[1:])
