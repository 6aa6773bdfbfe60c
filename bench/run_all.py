"""`make bench`: run every bench/bench_*.py and write one markdown table to bench/RESULTS.md."""

from __future__ import annotations

import importlib
import platform
from datetime import UTC, datetime

from bench.common import ROOT


def main() -> None:
    lines = [
        "# Benchmark results",
        "",
        f"Measured {datetime.now(UTC):%Y-%m-%d %H:%M} UTC on {platform.machine()}, "
        f"{platform.python_implementation()} {platform.python_version()}, "
        "load generated from the same machine over loopback.",
        "",
    ]
    for path in sorted((ROOT / "bench").glob("bench_*.py")):
        module = importlib.import_module(f"bench.{path.stem}")
        print(f"== {path.stem}", flush=True)
        figures = module.run()
        lines += [
            f"## {path.stem}",
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
    (ROOT / "bench" / "RESULTS.md").write_text("\n".join(lines))
    print(f"wrote {ROOT / 'bench' / 'RESULTS.md'}")


if __name__ == "__main__":
    main()
