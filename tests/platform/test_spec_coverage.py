"""docs/spec-coverage.md names real tests, and each row's door is one its tests go through.

Every `file::test` it cites is a def of that file; a row marked done names a door; each door
a row names is backed by a test it cites: browser, a walk under tests/e2e; console, such a walk
on the /admin pages; CLI, a test that runs app.cli; API, a test that calls the /wps or /lgw
routes (a helper the test uses counts, from its own file or an imported test module)."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from functools import cache

from app.core.config import PROJECT_ROOT

COVERAGE = PROJECT_ROOT / "docs" / "spec-coverage.md"
CITED = re.compile(r"`(tests/[\w/]+\.py)(?:::(\w+))?`")
DOORS = ("browser", "console", "CLI", "API")
NO_DOOR = "—"
RUNS_THE_CLI = re.compile(r"cli\.main\(|\"app\.cli\"")
CALLS_THE_ROUTES = re.compile(r"/wps|/lgw|make_client|PlatformClient")


@dataclass(frozen=True)
class Row:
    id: str
    status: str
    proof: str
    doors: tuple[str, ...]

    @property
    def cited(self) -> list[tuple[str, str]]:
        """(file, test) pairs; the test is "" where the row cites a whole file."""
        return CITED.findall(self.proof)


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split(" | ")]


@cache
def _rows() -> tuple[Row, ...]:
    rows: list[Row] = []
    header: list[str] = []
    for line in COVERAGE.read_text().splitlines():
        if not line.startswith("|"):
            header = []
        elif not header:
            header = _cells(line)
        elif not line.startswith("|---"):
            cell = dict(zip(header, _cells(line), strict=True))
            door = cell["Door"]
            doors = () if door == NO_DOOR else tuple(d.strip() for d in door.split(","))
            rows.append(Row(cell["#"], cell["Status"], cell["Proof"], doors))
    return tuple(rows)


@cache
def _definitions(path: str) -> tuple[dict[str, str], dict[str, str]]:
    """A test file's top-level defs, classes and assignments (name → source), and the names it
    imports from other test modules (name → their file)."""
    source = (PROJECT_ROOT / path).read_text()
    lines = source.splitlines()

    def text_of(node: ast.stmt) -> str:  # by lines: ast.get_source_segment rescans the file
        return "\n".join(lines[node.lineno - 1 : node.end_lineno])

    defined: dict[str, str] = {}
    imported: dict[str, str] = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            defined[node.name] = text_of(node)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Name):
                    defined[target.id] = text_of(node)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("tests."):
            module_file = (node.module or "").replace(".", "/") + ".py"
            if (PROJECT_ROOT / module_file).is_file():
                for alias in node.names:
                    imported[alias.asname or alias.name] = module_file
    return defined, imported


@cache
def _reach(path: str, name: str) -> str:
    """The source of a test with every helper it reaches, at any depth."""
    seen: set[tuple[str, str]] = set()
    sources: list[str] = []
    todo = [(path, name)]
    while todo:
        where, what = todo.pop()
        if (where, what) in seen:
            continue
        seen.add((where, what))
        defined, imported = _definitions(where)
        if what not in defined:
            continue
        sources.append(defined[what])
        for word in set(re.findall(r"\w+", defined[what])):
            if word in defined:
                todo.append((where, word))
            elif word in imported:
                todo.append((imported[word], word))
    return "\n".join(sources)


def _doors_of(path: str, name: str) -> set[str]:
    text = _reach(path, name) if name else (PROJECT_ROOT / path).read_text()
    doors = {"CLI"} if RUNS_THE_CLI.search(text) else set()
    if path.startswith("tests/e2e/"):
        # a walk's own calls of the routes only set its scene: its door is the page
        doors.add("browser")
        if "/admin" in text:
            doors.add("console")
    elif CALLS_THE_ROUTES.search(text):
        doors.add("API")
    return doors


def test_the_coverage_file_has_its_rows() -> None:
    ids = [row.id for row in _rows()]
    assert len(ids) > 400 and len(set(ids)) == len(ids)


def test_every_cited_test_exists() -> None:
    missing = [
        f"{row.id}: {path}::{name}" if name else f"{row.id}: {path}"
        for row in _rows()
        for path, name in row.cited
        if not (PROJECT_ROOT / path).is_file() or (name and name not in _definitions(path)[0])
    ]
    assert missing == [], "cited in docs/spec-coverage.md but not found"


def test_every_row_names_known_doors_and_a_done_row_one_at_least() -> None:
    unknown = [row.id for row in _rows() if not set(row.doors) <= set(DOORS)]
    assert unknown == [], f"a door is one of {DOORS}, or {NO_DOOR}"
    doorless = [row.id for row in _rows() if row.status.startswith("done") and not row.doors]
    assert doorless == [], "done only with a test through a door"


def test_each_door_a_row_names_is_one_its_tests_go_through() -> None:
    unbacked = [
        f"{row.id}: {door}"
        for row in _rows()
        for door in row.doors
        if not any(door in _doors_of(path, name) for path, name in row.cited)
    ]
    assert unbacked == [], "no cited test goes through the door the row names"
