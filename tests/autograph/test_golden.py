"""Golden files of the converter: each case's `to_code` output, compared exactly, and the
converted function run on Python values and, in a graph, on tensors.

A case is `golden/to_code/<case>.py`: a module defining `f` (the function converted),
`PYTHON_ARGS` (argument tuples: the converted function must give exactly what `f` gives; a
case without them fails), and optionally `TENSOR_SPECS` (one `(dtype, shape)` per argument:
the same values, fed through placeholders of a graph built by the converted function, must
give the same numbers) and `ORACLE` (plain Python giving `f`'s answers, for an `f` that only
runs converted). The
expected output is `golden/to_code/<case>.expected.py`; only `pytest --update-golden` writes it
(a missing one fails).
"""

import importlib.util
import pathlib

import numpy as np
import pytest

import autograph as ag
from autograph.impl import api
from autograph.runtime.exec.executor import Plan
from autograph.runtime.graph.func_graph import FuncGraph
from tests.autograph import pinned_unparse

ROOT = pathlib.Path(__file__).resolve().parents[2] / "golden" / "to_code"
CASES = sorted(p for p in ROOT.glob("*.py") if not p.name.endswith(".expected.py"))


def load(path: pathlib.Path):
    spec = importlib.util.spec_from_file_location(f"golden_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pinned_unparse
@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_to_code_matches_the_golden_file(path, golden):
    golden.check(api.to_code(load(path).f), path.with_name(f"{path.stem}.expected.py"))


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_the_converted_code_shown_is_valid_python(path):
    compile(path.with_name(f"{path.stem}.expected.py").read_text(), str(path), "exec")


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_every_case_runs_on_some_inputs(path):
    assert getattr(load(path), "PYTHON_ARGS", None), (
        f"{path.name} gives no PYTHON_ARGS: a golden file must run, not only read well")


def oracle(module):
    """What gives the expected values: `f` itself, unless it cannot run unconverted (a
    TensorArray indexed with `[]`); then the case's `ORACLE`, plain Python."""
    return getattr(module, "ORACLE", module.f)


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_converted_function_equals_the_original_on_python_values(path):
    module = load(path)
    converted = api.to_graph(module.f)
    for args in module.PYTHON_ARGS:
        got, expected = converted(*args), oracle(module)(*args)
        if hasattr(module, "ORACLE"):  # a tensor against plain numbers
            np.testing.assert_allclose(np.asarray(got), np.asarray(expected), err_msg=f"{args}")
        else:
            assert got == expected, f"args {args}"


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_converted_function_in_a_graph_gives_the_same_numbers(path):
    module = load(path)
    specs = getattr(module, "TENSOR_SPECS", None)
    if specs is None:
        pytest.skip("a Python-only case")
    converted = api.to_graph(module.f)
    # A function graph, as ag.function builds: there `==` is elementwise, as in tf.function.
    graph = FuncGraph("golden")
    with graph.as_default():
        inputs = [ag.placeholder(dtype, shape) for dtype, shape in specs]
        outputs = converted(*inputs)
    flat = list(outputs) if isinstance(outputs, (list, tuple)) else [outputs]
    plan = Plan(graph, inputs, flat)
    for args in module.PYTHON_ARGS:
        got = plan.run([np.asarray(a, dtype.as_numpy_dtype) for a, (dtype, _) in
                        zip(args, specs)])
        expected = oracle(module)(*args)
        expected = list(expected) if isinstance(expected, (list, tuple)) else [expected]
        for g, e in zip(got, expected):
            np.testing.assert_allclose(np.asarray(g), np.asarray(e), err_msg=f"args {args}")


def test_the_corpus_reads_well():
    """Generated lines per input line, over the corpus (non-blank lines), at most 3."""
    generated = written = 0
    for path in CASES:
        module = load(path)
        import inspect
        written += sum(1 for ln in inspect.getsource(module.f).splitlines() if ln.strip())
        generated += sum(1 for ln in api.to_code(module.f).splitlines() if ln.strip())
    if written:
        assert generated / written <= 3.0
