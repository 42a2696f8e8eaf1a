"""The package's layers: each folder imports only the folders below it, no module imports itself back, and the
public names of ``chute`` import and are documented."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import chute

SRC = Path(__file__).resolve().parents[1] / "src" / "chute"
GROUND = {"errors", "arrays", "language", "files", "machine", "parallel"}
# bottom to top; the ground below them all, the entry points above
FLOORS = ["kernels", "game", "search", "strategies", "playing", "reviewing", "bench", "web", "cli"]


def module_name(path: Path) -> str:
    """Return the dotted name of a module file of the package."""
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in SRC.rglob("*.py")}


def imports_of(name: str) -> set[str]:
    """Return the package's modules a module imports, at its top or inside its functions."""
    path = MODULES[name]
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(package[: len(package) - node.level + 1] + ([node.module] if node.module else []))
            elif node.module and node.module.split(".")[0] == "chute":
                base = node.module
            else:
                continue
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base)
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.split(".")[0] == "chute"}
    return {m for m in found if m in MODULES and m not in (name, "chute")}  # the root: version and lazy names


def floor(name: str) -> int:
    """Return a module's floor: 0 for the ground, then the folders bottom to top, the entry points last."""
    parts = name.split(".")
    if len(parts) == 1 or parts[1] in ("__main__",):
        return len(FLOORS) + 1
    if parts[1] in GROUND:
        return 0
    return FLOORS.index(parts[1]) + 1


def test_the_package_is_its_folders_over_the_ground():
    top = {p.stem for p in SRC.glob("*.py")}
    folders = {p.name for p in SRC.iterdir() if (p / "__init__.py").is_file()}
    assert top == GROUND | {"__init__", "__main__"} and len(top) <= 8
    assert folders == set(FLOORS) and len(folders) >= 6
    for folder in folders:
        doc = ast.get_docstring(ast.parse((SRC / folder / "__init__.py").read_text(encoding="utf-8")))
        assert doc and doc.splitlines()[0].endswith("."), folder  # a one-line statement of its job


def test_no_import_runs_back_up_a_floor():
    upward = [(m, t) for m in MODULES for t in imports_of(m) if floor(t) > floor(m)]
    assert upward == []


def test_no_module_imports_itself_back():
    graph = {m: imports_of(m) - {"chute"} for m in MODULES}
    state: dict[str, int] = {}  # 1: on the path, 2: done
    cycles = []

    def visit(m: str, path: list[str]) -> None:
        state[m] = 1
        for t in sorted(graph[m]):
            if state.get(t) == 1:
                cycles.append(path[path.index(t) :] + [t] if t in path else [m, t])
            elif t not in state:
                visit(t, path + [t])
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m, [m])
    assert cycles == []


def test_the_compiled_kernels_load_only_when_a_kernel_is_asked_for():
    """Importing the kernels' folder, its numpy twins and the compile notice loads no numba."""
    import subprocess
    import sys

    code = (
        "import sys, chute.kernels, chute.kernels.tree_numpy, chute.kernels.compiling, chute.kernels.constants; "
        "print('numba' in sys.modules, chute.kernels.loaded()); import chute.kernels.tree; "
        "print('numba' in sys.modules, chute.kernels.loaded())"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.stdout.split("\n")[:2] == ["False False", "True True"], out.stderr


@pytest.mark.parametrize("name", chute.__all__)
def test_every_public_name_imports_and_is_documented(name):
    value = getattr(chute, name)
    if name == "__version__":
        assert isinstance(value, str)
        return
    assert (getattr(value, "__doc__", None) or "").strip(), f"chute.{name} has no docstring"
    module = importlib.import_module(getattr(value, "__module__", "chute"))
    assert module.__name__.startswith("chute")
    assert f"`{name}`" in (SRC.parents[1] / "docs" / "library.md").read_text(encoding="utf-8"), (
        f"docs/library.md does not mention chute.{name}"
    )
