"""The ledger is a small kernel with one public face: other code uses only the names its
`__init__` exports (never a module of the package or a private name), and the package knows
no capability (it imports the core, its own tables and the member, nothing else)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from app.core.config import PROJECT_ROOT
from app.services import ledger

PACKAGE = "app.services.ledger"
USERS = ("app", "models", "state", "components", "pages", "simulator", "tests", "bench")
# What the ledger may import: the core, its own tables and the member who owns accounts.
KERNEL_IMPORTS = ("app.core.", "models.base", "models.ledger", "models.member", f"{PACKAGE}.")


def _sources(roots: tuple[str, ...], naming: str = "") -> Iterator[tuple[Path, ast.Module]]:
    """The Python files under `roots` whose text has `naming` in it, parsed."""
    for root in roots:
        for path in sorted((PROJECT_ROOT / root).rglob("*.py")):
            text = path.read_text()
            if naming in text:
                yield path, ast.parse(text)


def _misuses(tree: ast.Module) -> Iterator[str]:
    """Every use of the ledger past its public names: an import of one of its modules or of a
    name `__all__` does not list, or `ledger.<name>` of such a name."""
    aliases: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == PACKAGE:
            yield from (a.name for a in node.names if a.name not in ledger.__all__)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(f"{PACKAGE}."):
            yield node.module or ""
        elif isinstance(node, ast.ImportFrom) and node.module == "app.services":
            aliases |= {a.asname or a.name for a in node.names if a.name == "ledger"}
        elif isinstance(node, ast.Import):
            yield from (a.name for a in node.names if a.name.startswith(PACKAGE))
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in aliases
            and node.attr not in (*ledger.__all__, "__all__")
        ):
            yield f"ledger.{node.attr}"


def test_other_code_uses_only_the_ledgers_public_names() -> None:
    package = PROJECT_ROOT / "app" / "services" / "ledger"
    found = {
        str(path.relative_to(PROJECT_ROOT)): misuses
        for path, tree in _sources(USERS, naming="ledger")  # every use names it
        if package not in path.parents and (misuses := sorted(set(_misuses(tree))))
    }
    assert found == {}


def test_the_misuse_finder_sees_a_private_name_and_a_module() -> None:
    source = (
        "from app.services import ledger\n"
        "from app.services.ledger.posting import post\n"
        "from app.services.ledger import _secret, post\n"
        "ledger.post(); ledger.ROUND_KINDS\n"
    )
    assert sorted(_misuses(ast.parse(source))) == [
        "_secret",
        "app.services.ledger.posting",
        "ledger.ROUND_KINDS",
    ]


def test_the_ledger_knows_no_capability() -> None:
    imported = {
        # `from app.core import clock` imports the module app.core.clock
        f"{node.module}.{alias.name}" if node.module in ("app.core", "models") else node.module
        for _, tree in _sources(("app/services/ledger",))
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(("app", "models"))
        for alias in node.names
    }
    assert (
        imported
        and {module for module in imported if not module.startswith(KERNEL_IMPORTS)} == set()
    )


def test_every_exported_name_exists() -> None:
    assert sorted(ledger.__all__) == sorted(set(ledger.__all__))
    assert [name for name in ledger.__all__ if not hasattr(ledger, name)] == []
