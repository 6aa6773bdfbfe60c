"""bench/RESULTS.md: each section says which commit it measured and how loaded the machine
was, so that two runs' figures can be told apart, and is flagged once the code it measures
changed after it (issue 36)."""

from __future__ import annotations

import os
import subprocess
import sys
import types
from datetime import date
from pathlib import Path

import pytest

from bench import run_all
from bench.common import ROOT


def test_a_section_names_its_commit_cores_and_load(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = types.ModuleType("bench.bench_fake", "A bench that measures nothing.")
    fake.run = list  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "bench.bench_fake", fake)
    stamp = run_all._section("bench_fake")[2]
    head = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    assert f"at commit {head}" in stamp
    assert f"on {os.cpu_count()} cores" in stamp
    assert stamp.count("(1 min)") == 2  # the load at the start and at the end


def test_every_bench_names_the_code_it_measures() -> None:
    for path in sorted((ROOT / "bench").glob("bench_*.py")):
        measured = run_all.measured_paths(path.stem)
        assert measured, path.name
        assert all((ROOT / name).exists() for name in measured), (path.name, measured)


def _commit(repo: Path, path: str, text: str) -> str:
    (repo / path).parent.mkdir(parents=True, exist_ok=True)
    (repo / path).write_text(text)
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.com"]
    subprocess.run([*git, "add", "."], check=True, capture_output=True)
    subprocess.run([*git, "commit", "-qm", f"change {path}"], check=True, capture_output=True)
    return subprocess.run(
        [*git, "rev-parse", "--short", "HEAD"], check=True, capture_output=True, text=True
    ).stdout.strip()


def test_a_section_older_than_its_code_is_flagged_until_measured_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    _commit(tmp_path, "bench/bench_fake.py", 'MEASURES = ("code",)\n')
    measured = _commit(tmp_path, "code/money.py", "RATE = 1\n")
    monkeypatch.setattr(run_all, "ROOT", tmp_path)
    section = f"## bench_fake\n\nMeasured 2026-11-30 10:00 UTC at commit {measured}.\n\n| a |\n"
    assert run_all.flagged("bench_fake", section) == section  # nothing changed since

    _commit(tmp_path, "docs/notes.md", "not what it measures\n")
    assert run_all.flagged("bench_fake", section) == section
    newest = _commit(tmp_path, "code/money.py", "RATE = 2\n")
    once = run_all.flagged("bench_fake", section)
    assert once == section.replace(
        ".\n\n| a |",
        f".\n\n{run_all.STALE} 1 commit(s) changed what it measures since (code), the newest "
        f"{newest} of {date.today():%Y-%m-%d}; run `python -m bench.run_all bench_fake` "
        "again.\n\n| a |",
    )
    assert run_all.flagged("bench_fake", once) == once  # the flag is replaced, not repeated


def test_a_failed_bench_keeps_its_last_figures_and_the_others_are_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "bench").mkdir()
    for name in ("bench_good", "bench_broken", "bench_new"):
        (tmp_path / "bench" / f"{name}.py").write_text('MEASURES = ("code",)\n')

    def broken() -> list[object]:
        raise RuntimeError("the server did not start\nits log ...")

    for name, run in (("bench_good", list), ("bench_broken", broken), ("bench_new", broken)):
        module = types.ModuleType(f"bench.{name}", f"What {name} measures.")
        module.run = run  # type: ignore[attr-defined]
        monkeypatch.setitem(sys.modules, f"bench.{name}", module)
    results = tmp_path / "bench" / "RESULTS.md"
    last = "## bench_broken\n\nMeasured 2026-11-30 10:00 UTC at commit abc1234.\n\n| old | 1 |\n"
    results.write_text("# Benchmark results\n\n" + last)
    monkeypatch.setattr(run_all, "ROOT", tmp_path)
    monkeypatch.setattr(run_all, "RESULTS", results)
    # The stand-in benches live in this process's modules: each runs here, not in a process
    # of its own as a real bench does.
    monkeypatch.setattr(run_all, "_isolated", run_all._section)

    with pytest.raises(SystemExit, match="failed: bench_broken, bench_new"):
        run_all.main([])
    written = results.read_text()
    assert "## bench_good\n\nMeasured " in written and "What bench_good measures." in written
    kept = written[written.index("## bench_broken") : written.index("## bench_good")]
    assert "| old | 1 |" in kept  # the last figures stay, said to be from a failed run's time
    assert f"\n\n{run_all.FAILED} " in kept and "RuntimeError: the server did not start" in kept
    assert "its log" not in kept  # the first line of the error only
    assert f"## bench_new\n\n{run_all.FAILED} " in written

    run_all.main(["bench_good"])  # a later run of another bench keeps the failure said once
    assert results.read_text().count(run_all.FAILED) == 2
