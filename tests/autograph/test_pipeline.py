"""The pipeline skips converters whose TRIGGERS the code lacks, and the skipping is safe.

Safety is checked on every golden case: each converter is run whether triggered or not, and
one that the inventory would skip must leave the code as it was; one that declares PRODUCES
must add nothing else that some converter looks for.
"""

import numpy as np
import pytest

import autograph as ag
from autograph.converters import break_statements
from autograph.impl import transpiler
from autograph.pyct import loader, parser
from autograph.pyct.transformer import ConversionOptions
from tests.autograph.test_golden import CASES, load

LOOKED_FOR = frozenset().union(*(c.TRIGGERS for c in transpiler.PIPELINE))


def prepared(fn):
    return transpiler.prepare(parser.parse_entity(fn), ConversionOptions())


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_a_converter_the_inventory_skips_changes_nothing(path):
    node, ctx = prepared(load(path).f)
    for converter in transpiler.PIPELINE:
        present = transpiler.inventory(node)
        before = loader.unparse(node)
        node = converter.transform(node, ctx)
        if present.isdisjoint(converter.TRIGGERS):
            assert loader.unparse(node) == before, converter.__name__


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_a_converter_adds_only_what_it_declares(path):
    node, ctx = prepared(load(path).f)
    for converter in transpiler.PIPELINE:
        present = transpiler.inventory(node)
        node = converter.transform(node, ctx)
        produced = getattr(converter, "PRODUCES", None)
        if produced is not None:
            added = (transpiler.inventory(node) - present - produced) & LOOKED_FOR
            assert not added, f"{converter.__name__} adds {added}"


def test_every_converter_declares_its_triggers():
    for converter in transpiler.PIPELINE:
        assert converter.TRIGGERS, converter.__name__


def test_inventory_holds_node_types_and_watched_names():
    def f(xs, n):
        out = []
        for x in xs:
            out.append(x)
        else:
            n = abs(n)
        return out, n

    found = transpiler.inventory(prepared(f)[0])
    assert {"append", break_statements.LOOP_ELSE} <= found
    assert "abs" not in found and "out" not in found  # names no converter looks for


def converters_that_run(f) -> list[str]:
    present = transpiler.inventory(prepared(f)[0])
    return [c.__name__.rsplit(".", 1)[-1] for c in transpiler.PIPELINE
            if not present.isdisjoint(c.TRIGGERS)]


def test_function_without_control_flow_runs_no_converter():
    def f(x):
        return x + 1

    assert converters_that_run(f) == []


def test_return_inside_a_branch_runs_the_return_converter():
    def f(x):
        if x > 0:
            return x
        return -x

    assert "return_statements" in converters_that_run(f)


def test_returns_only_at_the_end_skip_the_return_converter():
    def f(x):
        if x > 0:
            x = x + 1
        return x

    assert "return_statements" not in converters_that_run(f)


def test_identical_functions_in_two_files_map_to_their_own_files(tmp_path):
    # their code objects compare equal (the file name is not part of code equality)
    import importlib.util

    functions = []
    for name in ("first", "second"):
        path = tmp_path / f"{name}.py"
        path.write_text("def f(x):\n    while x > 0:\n        x = x - 1\n    return x\n")
        spec = importlib.util.spec_from_file_location(f"same_source_{name}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        functions.append(module.f)
    assert functions[0].__code__ == functions[1].__code__
    files = [{file for file, _ in transpiler.convert(f)[1].source_map.lines.values()}
             for f in functions]
    assert files == [{str(tmp_path / "first.py")}, {str(tmp_path / "second.py")}]


def _unchanged_by_converters(x, c):
    x = x * 1.0001 + c
    return x[0], -x


def _decorated_only(fn):
    return fn


@_decorated_only
def _with_a_decorator(x):
    return x * 2


def _with_a_boolean_operation(x, y):
    return x and y


def test_a_function_no_converter_changes_runs_its_own_code():
    converted, code = transpiler.convert(_unchanged_by_converters)
    assert converted.__code__ is _unchanged_by_converters.__code__
    assert code.code is None and code.source_map is None
    x = np.array([2.0, 3.0])
    np.testing.assert_array_equal(converted(x, 1.0)[1], _unchanged_by_converters(x, 1.0)[1])


def test_a_function_no_converter_changes_still_shows_its_code_without_decorators():
    assert ag.autograph.to_code(_with_a_decorator) == (
        "def _with_a_decorator(x):\n    return x * 2\n")


def test_a_boolean_operation_alone_is_converted():
    assert transpiler.convert(_with_a_boolean_operation)[1].code is not None


@pytest.mark.parametrize("options", [ConversionOptions(), ConversionOptions(
    optional_features=frozenset())], ids=["standard", "no optional features"])
def test_the_check_before_gast_agrees_with_the_inventory(options):
    """Whether some converter runs, told from the standard library's tree (`_kinds_and_names`)
    as from the gast inventory, for the goldens and the converter tests' functions."""
    from tests.autograph.pyct.test_loader import _corpus

    for fn in _corpus():
        try:
            entity = parser.parse_entity(fn)
        except Exception:  # noqa: BLE001 - sources the parser refuses are not checked here
            continue
        before_gast = not transpiler._kinds_and_names(entity.tree).isdisjoint(
            transpiler._may_trigger(options))
        present = transpiler.inventory(transpiler.prepare(entity, options)[0])
        from_gast = any(transpiler._runs(c, present, options) for c in transpiler.PIPELINE)
        assert before_gast == from_gast, fn.__qualname__
