"""The guard on `layout`, which predicts how `ast._Unparser` (a private part of CPython) lays
out its text: for the converted code of every golden case and every conformance program (as
written, where the converter refuses the whole program), each node's predicted line is the line
`ast.unparse` really prints it at (found by parsing the printed text again). A Python release
that lays text out otherwise fails here, loudly.
"""

import ast
import importlib.util
import inspect
import pathlib

import gast
import pytest

from autograph.impl import transpiler
from autograph.pyct import layout, parser
from autograph.pyct.errors import ConversionError
from autograph.pyct.transformer import ConversionOptions

ROOT = pathlib.Path(__file__).resolve().parents[3]


def _load(path: pathlib.Path):
    spec = importlib.util.spec_from_file_location(f"guard_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _functions() -> list:
    found = [pytest.param(_load(path).f, id=f"golden/{path.stem}")
             for path in sorted((ROOT / "golden" / "to_code").glob("*.py"))
             if not path.name.endswith(".expected.py")]
    for path in sorted((ROOT / "tests" / "conformance" / "programs").glob("*.py")):
        if path.name.startswith("_"):
            continue
        module = _load(path)
        found += [pytest.param(fn, id=f"conformance/{path.stem}.{name}")
                  for name, fn in inspect.getmembers(module, inspect.isfunction)
                  if name.startswith("prog_") and fn.__module__ == module.__name__]
    return found


def _converted(fn) -> gast.Module:
    """`fn` converted; as written where the converter refuses the whole program (a class
    defined in it), whose inner functions are what gets converted."""
    entity = parser.parse_entity(fn)
    node, ctx = transpiler.prepare(entity, ConversionOptions())
    try:
        node = transpiler.run_pipeline(node, ctx)
    except ConversionError:
        node = parser.parse_entity(fn).node
    return gast.Module(body=[node], type_ignores=[])


def _lines(tree: ast.AST) -> list[tuple[str, int]]:
    return [(type(n).__name__, n.lineno) for n in ast.walk(tree) if hasattr(n, "lineno")]


@pytest.mark.parametrize("fn", _functions())
def test_predicted_lines_are_the_lines_ast_unparse_prints(fn):
    tree, _ = layout.to_ast(_converted(fn))
    printed = ast.parse(ast.unparse(tree))
    assert _lines(tree) == _lines(printed)


def test_the_guard_covers_every_golden_case_and_conformance_program():
    ids = [param.id for param in _functions()]
    assert sum(i.startswith("golden/") for i in ids) >= 50
    assert sum(i.startswith("conformance/") for i in ids) >= 200
