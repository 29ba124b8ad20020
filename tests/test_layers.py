"""The layer rules hold and the import-linter contract keeps up with the package's modules.

``.ci/run`` runs ``lint-imports`` (contracts in pyproject's ``[tool.importlinter]``); these tests
check, with the same import graph, that the engine imports nothing of the project outside the
engine, and that the contract names every top-level module, so a new one cannot slip past it.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "ginrummy_desktop"


def _config() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "importlinter"]


def _contract(name_start: str) -> dict:
    return next(c for c in _config()["contracts"] if c["name"].startswith(name_start))


def test_the_engine_imports_only_the_engine_of_this_project():
    graph = grimp.build_graph(PACKAGE)
    outside = {
        (module, imported)
        for module in graph.find_descendants(f"{PACKAGE}.engine") | {f"{PACKAGE}.engine"}
        for imported in graph.find_modules_directly_imported_by(module)
        if imported.split(".")[0] == PACKAGE and not imported.startswith(f"{PACKAGE}.engine")
    }
    assert not outside


def test_the_engine_contract_forbids_every_other_top_level_module():
    top_level = {path.stem if path.is_file() else path.name
                 for path in (ROOT / PACKAGE).iterdir()
                 if (path.suffix == ".py" or (path / "__init__.py").exists())}
    top_level -= {"__init__", "__main__", "engine"}
    forbidden = {name.removeprefix(f"{PACKAGE}.")
                 for name in _contract("The engine imports nothing")["forbidden_modules"]}
    layers = {layer.strip("()").removeprefix(f"{PACKAGE}.")
              for layer in _contract("Layers:")["layers"]}
    assert top_level - forbidden - layers == set()


def test_the_gui_never_scores_cribbage_itself():
    """The show's parts, scores and words come from the engine (``match.show_parts()``,
    ``ShowScore.spoken_after``); a widget that calls a scorer is deciding a rule."""
    import ast

    scorers = {"score_show", "show_points", "play_items", "score_play", "rank_points"}
    calls = []
    for path in sorted((ROOT / PACKAGE / "gui").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
                if name in scorers:
                    calls.append(f"{path.relative_to(ROOT)}:{node.lineno} {name}")
    assert not calls
