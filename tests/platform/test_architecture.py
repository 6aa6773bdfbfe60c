"""The shape of the code: services import neither reflex nor fastapi, no module of app/,
models/ or the site (state/, components/, pages/), nor any service package, imports itself
back through others (a deferred import inside a function counts), and no one reaches into a
service package's own modules past what its __init__ names."""

from __future__ import annotations

import ast
import importlib
import re
from functools import cache
from pathlib import Path

from app.core.config import PROJECT_ROOT

CHECKED = ("app", "models", "state", "components", "pages")
ADAPTER_LIBRARIES = ("reflex", "fastapi", "starlette")


@cache
def _modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for root in CHECKED:
        for path in sorted((PROJECT_ROOT / root).rglob("*.py")):
            parts = path.relative_to(PROJECT_ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


@cache
def _imports(name: str) -> tuple[str, ...]:
    """Every module this one imports, at any depth of its code (a deferred import inside a
    function is still a dependency); each file is read once per test run."""
    known = _modules()
    path = known[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                full = f"{base}.{alias.name}"
                found.append(full if full in known else base)
    return tuple(found)


def _graph(group: int | None = None) -> dict[str, set[str]]:
    """Module → the project modules it imports; with `group`, modules merged into their
    package of that depth (app.services.catalogue.* → app.services.catalogue)."""
    known = _modules()

    def key(module: str) -> str:
        return module if group is None else ".".join(module.split(".")[:group])

    graph: dict[str, set[str]] = {key(name): set() for name in known}
    for name in known:
        for target in _imports(name):
            if target in known and key(target) != key(name):
                graph[key(name)].add(key(target))
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one node (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_cycle_between_modules() -> None:
    assert _cycles(_graph()) == []


def test_no_import_cycle_between_service_packages() -> None:
    services = {
        name: {t for t in targets if t.startswith("app.services.")}
        for name, targets in _graph(group=3).items()
        if name.startswith("app.services.")
    }
    assert _cycles(services) == []


def test_the_cycle_finder_sees_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_services_import_no_adapter_library() -> None:
    known = _modules()
    offenders = sorted(
        f"{name} imports {target}"
        for name in known
        if name.startswith(("app.services", "app.core", "app.demo", "models"))
        for target in _imports(name)
        if target.split(".")[0] in ADAPTER_LIBRARIES
    )
    assert offenders == []


def _dict_rows(source: str) -> list[str]:
    """Class-level variables and computed vars typed as a list of dicts (rows of strings)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.ClassDef):
            continue
        for item in node.body:
            annotation = (
                item.annotation
                if isinstance(item, ast.AnnAssign)
                else item.returns
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)
                else None
            )
            if annotation is not None and ast.unparse(annotation).startswith("list[dict["):
                named = ast.unparse(item.target) if isinstance(item, ast.AnnAssign) else item.name
                found.append(f"{node.name}.{named}")
    return found


def test_site_state_rows_are_dataclasses_not_dicts() -> None:
    """ARCHITECTURE.md, the site shapes its view in state/: a row is a typed dataclass."""
    offenders = {
        path.name: rows
        for path in sorted((PROJECT_ROOT / "state").rglob("*.py"))
        if (rows := _dict_rows(path.read_text()))
    }
    assert offenders == {}


def test_the_row_finder_sees_a_dict_row() -> None:
    source = (
        "class S:\n"
        "    rows: list[dict[str, str]] = []\n"
        "    def more(self) -> list[dict[str, int]]: ...\n"
    )
    assert _dict_rows(source) == ["S.rows", "S.more"]


def _wall_clock_reads(source: str) -> list[int]:
    """Lines that read the wall clock instead of the platform's (`utcnow()`, `datetime.now`)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            called = ast.unparse(node.func)
            if called == "utcnow" or called.endswith(("datetime.now", "datetime.utcnow")):
                found.append(node.lineno)
    return found


def test_services_read_the_platform_clock() -> None:
    """ARCHITECTURE.md, the clock is passed in: services read `app.core.clock.now()` (which
    tests move) or take `now`; none reads the wall clock behind it."""
    offenders = {
        str(path.relative_to(PROJECT_ROOT)): lines
        for path in sorted((PROJECT_ROOT / "app/services").rglob("*.py"))
        if (lines := _wall_clock_reads(path.read_text()))
    }
    assert offenders == {}


def test_the_wall_clock_finder_sees_each_form() -> None:
    source = "a = utcnow()\nb = datetime.now(UTC)\nc = clock.now()\n"
    assert _wall_clock_reads(source) == [1, 2]


def _face(package: str) -> set[str]:
    """What a service package lets others import: its PUBLIC_MODULES and its exported names."""
    module = importlib.import_module(package)
    return {*getattr(module, "PUBLIC_MODULES", ()), *getattr(module, "__all__", ())}


def _reached_internals() -> list[str]:
    known = _modules()
    packages = {
        name
        for name, path in known.items()
        if path.name == "__init__.py" and name.count(".") == 2 and name.startswith("app.services.")
    }
    faces = {package: _face(package) for package in packages}
    found = []
    for name in known:
        for target in _imports(name):
            package = ".".join(target.split(".")[:3])
            if package not in packages or name == package or name.startswith(f"{package}."):
                continue
            below = target.removeprefix(package).lstrip(".").split(".")[0]
            if below and below not in faces[package]:
                found.append(f"{name} → {target}")
    return sorted(set(found))


def test_capabilities_import_only_each_others_public_modules() -> None:
    """A service package's own modules stay its own: other capabilities and the adapters
    import only what its __init__ names (PUBLIC_MODULES, or __all__ for the ledger)."""
    assert _reached_internals() == []


def test_every_public_module_exists() -> None:
    for name, path in _modules().items():
        if path.name == "__init__.py" and name.startswith("app.services."):
            for public in getattr(importlib.import_module(name), "PUBLIC_MODULES", ()):
                assert (path.parent / f"{public}.py").exists() or (path.parent / public).is_dir()


def test_the_capability_table_names_every_service_package() -> None:
    """docs/ARCHITECTURE.md's table of capabilities: one row per service package, every file
    it names exists, and every folder of the API, state, pages and components layers is a
    capability's, named in its row."""
    text = (PROJECT_ROOT / "docs" / "ARCHITECTURE.md").read_text()
    table = text.split("## Capabilities", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in table.splitlines() if line.startswith("| `") or line.count("|") > 5]
    named = {line.split("|")[1].strip() for line in rows} - {"capability", "---"}
    packages = {
        path.parent.name for path in (PROJECT_ROOT / "app" / "services").glob("*/__init__.py")
    }
    assert named == packages
    paths = re.findall(r"`([a-z_/]+(?:\.py)?)`", table)
    assert paths and [path for path in paths if not (PROJECT_ROOT / path).exists()] == []
    folders = {
        f"{layer}/{path.parent.name}"
        for layer in ("app/api", "state", "pages", "components")
        for path in (PROJECT_ROOT / layer).glob("*/__init__.py")
    }
    assert {folder for folder in folders if folder.rsplit("/", 1)[1] not in packages} == set()
    assert folders <= set(paths)


# The folders of tests/ that are not a capability: what tests share, the platform as a whole,
# and the kinds of test that cross capabilities.
TEST_KINDS = {"helpers", "platform", "e2e", "security", "scale", "faults", "fuzz", "ops"}


def test_every_folder_of_tests_is_a_capability_or_a_kind() -> None:
    packages = {
        path.parent.name for path in (PROJECT_ROOT / "app" / "services").glob("*/__init__.py")
    }
    folders = {path.parent.name for path in (PROJECT_ROOT / "tests").glob("*/__init__.py")}
    assert folders - packages - TEST_KINDS == set()


BROWSER_HELPER = PROJECT_ROOT / "tests" / "helpers" / "browser.py"


def _own_browsers(text: str) -> bool:
    """Does this code make a browser context itself (not through `visitor_context`)?"""
    return re.search(r"\.new_context\(", text) is not None


def test_browser_tests_make_their_browsers_in_one_place() -> None:
    """Every test's browser asks for less motion unless its test is of movement (Playwright's
    contexts ignore Chromium's flag): made by `visitor_context`, never `new_context` directly."""
    makers = [
        path.relative_to(PROJECT_ROOT).as_posix()
        for path in sorted((PROJECT_ROOT / "tests").rglob("*.py"))
        if path not in (BROWSER_HELPER, Path(__file__)) and _own_browsers(path.read_text())
    ]
    assert makers == []


def test_the_browser_finder_sees_a_context_made_directly() -> None:
    assert _own_browsers("context = await browser.new_context(viewport=PHONE)")
    assert not _own_browsers("context = await visitor_context(browser, viewport=PHONE)")
