"""Every op sample, built into a graph and run by a Session, gives what it gives eagerly.

Each sample of `tests/ops/samples_*.py` is built twice on each device: with its inputs fed to
Placeholders of their dtype and static shape, and with its inputs as Const ops. Each graph is
linted, run, and its outputs compared exactly with `runtime.execute` (NaN equals NaN).

Two kinds of values are not compared: those of stateful (random) ops, which draw new numbers on
every run, and resource and variant outputs (handles and containers, whose contents the ops that
read them check); their dtypes and shapes still are. Resource and variant inputs are always
Const ops, made explicitly: a Session cannot feed them, and `convert_to_tensor` would make them
string constants. Samples with an input of a dtype that no Const kernel holds (variant, today)
are skipped: such values cannot enter a graph that is not a function.
"""

import importlib
import pkgutil

import numpy as np
import pytest

import autograph as ag
import tests.ops
from autograph.runtime import execute, kernel_registry, op_registry
from autograph.runtime.core import dtypes
from autograph.runtime.core.tensor_shape import raw_compatible
from autograph.runtime.graph.graph import Operation
from autograph.runtime.graph.tensor import Tensor


def _load_samples():
    samples = []
    for info in sorted(pkgutil.iter_modules(tests.ops.__path__), key=lambda m: m.name):
        if info.name.startswith("samples_"):
            samples.extend(importlib.import_module(f"tests.ops.{info.name}").SAMPLES)
    return samples


SAMPLES = _load_samples()


def _dtype(value):
    return value.dtype if isinstance(value, Tensor) else dtypes.as_dtype(np.asarray(value).dtype)


def _is_handle(dtype):
    return dtype in (dtypes.resource, dtypes.variant)


def _map_inputs(sample, convert):
    return [[convert(v) for v in x] if isinstance(x, list) else convert(x)
            for x in sample.inputs]


def _build(sample, device, fed):
    """The sample's op in a new graph, with its inputs fed placeholders or Const ops."""
    graph = ag.Graph()
    feeds = {}

    def const(value):
        if isinstance(value, Tensor) and _is_handle(value.dtype):
            return execute("Const", [], {"value": np.asarray(value), "dtype": value.dtype})
        return ag.convert_to_tensor(value)

    def placeholder(value):
        if _is_handle(_dtype(value)):
            return const(value)
        p = ag.placeholder(_dtype(value), np.shape(value))
        feeds[p] = np.asarray(value)
        return p

    with graph.as_default(), graph.device(f"/{device}:0"):
        inputs = _map_inputs(sample, placeholder if fed else const)
        outputs = execute(sample.op, inputs, dict(sample.attrs))
    return graph, outputs, feeds


def _without_const_kernel(sample):
    """The names of the sample's input dtypes that no CPU Const kernel holds."""
    found = {_dtype(v) for x in sample.inputs for v in (x if isinstance(x, list) else [x])}
    return sorted(d.name for d in found
                  if kernel_registry().find("Const", "CPU", {"dtype": d}) is None)


def _flat(outputs):
    if isinstance(outputs, (list, tuple)):
        return [t for x in outputs for t in _flat(x)]
    return [outputs]


@pytest.mark.parametrize("fed", [True, False], ids=["placeholders", "constants"])
@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: s.op)
def test_op_in_a_graph_matches_eager_execution(sample, fed, device):
    missing = _without_const_kernel(sample)
    if missing:
        pytest.skip(f"no Const kernel holds {', '.join(missing)}: such inputs cannot enter "
                    f"a plain graph")
    expected = _flat(execute(sample.op, _map_inputs(sample, ag.convert_to_tensor),
                             dict(sample.attrs)))
    graph, outputs, feeds = _build(sample, device, fed)
    graph.lint()
    if isinstance(outputs, Operation):  # an op without outputs: it runs, fetching None
        assert ag.Session(graph=graph).run(outputs, feeds) is None and expected == [None]
        return
    symbolic = _flat(outputs)
    values = _flat(ag.Session(graph=graph).run(outputs, feeds))
    assert len(values) == len(expected) == len(symbolic)
    stateful = op_registry().lookup_op_def(sample.op).is_stateful
    for t, got, eager in zip(symbolic, values, expected):
        assert t.dtype == eager.dtype, t.name
        assert raw_compatible(t._shape, tuple(eager.shape.as_list())), f"{t.name}: {t.shape}"
        if _is_handle(t.dtype):
            continue
        got, want = np.asarray(got), np.asarray(eager.numpy())
        assert (got.dtype, got.shape) == (want.dtype, want.shape), t.name
        if not stateful:
            np.testing.assert_array_equal(got, want, err_msg=t.name)
