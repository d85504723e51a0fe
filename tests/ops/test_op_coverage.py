"""Every op: public, kernelled on both devices, sampled, and its shape function right.

The samples live in `tests/ops/samples_*.py`, one module per op family. Ops named `Test*` are
registered by tests themselves and are left out.
"""

import importlib
import pkgutil

import numpy as np
import pytest

import autograph as ag
import tests.ops
from autograph.runtime import execute, kernel_registry, kernels_for, op_registry
from autograph.runtime.core import devices, dtypes
from autograph.runtime.core.tensor_shape import raw_compatible
from autograph.runtime.eager.dispatch import infer_shapes

API_FUNCTIONS = """
constant convert_to_tensor zeros ones zeros_like ones_like fill range linspace eye identity cast
reshape shape size rank expand_dims squeeze transpose concat stack unstack split tile gather
gather_nd slice strided_slice pad reverse one_hot where broadcast_to boolean_mask
add subtract multiply divide truediv floordiv mod pow negative abs sign square sqrt rsqrt exp log
log1p sin cos tanh sigmoid relu softmax maximum minimum clip_by_value round floor ceil matmul
tensordot einsum add_n cumsum reduce_sum reduce_mean reduce_max reduce_min reduce_prod reduce_any
reduce_all argmax argmin equal not_equal less less_equal greater greater_equal logical_and
logical_or logical_not is_nan is_finite
cond case switch_case while_loop no_op group control_dependencies TensorArray Variable
placeholder Session Graph name_scope variable_scope get_variable make_template
""".split()
MATH_FUNCTIONS = API_FUNCTIONS[API_FUNCTIONS.index("add"):API_FUNCTIONS.index("cond")]
NAMESPACED = {"random": ["uniform", "normal", "set_seed"], "strings": ["join", "length"]}


def _load_samples():
    samples = []
    for info in sorted(pkgutil.iter_modules(tests.ops.__path__), key=lambda m: m.name):
        if info.name.startswith("samples_"):
            module = importlib.import_module(f"tests.ops.{info.name}")
            samples.extend(module.SAMPLES)
    return samples


SAMPLES = _load_samples()


def _registered_ops():
    return [d.name for d in op_registry().export(include_internal=True)
            if not d.name.startswith("Test") and not d.name.startswith("_Test")]


@pytest.mark.parametrize("name", API_FUNCTIONS)
def test_api_function_is_public(name):
    assert callable(getattr(ag, name, None)), f"ag.{name} is missing"


@pytest.mark.parametrize("name", MATH_FUNCTIONS)
def test_math_function_is_in_ag_math(name):
    assert callable(getattr(ag.math, name, None)), f"ag.math.{name} is missing"


@pytest.mark.parametrize("namespace, name", [(ns, n) for ns, names in NAMESPACED.items()
                                             for n in names])
def test_namespaced_function_is_public(namespace, name):
    assert callable(getattr(getattr(ag, namespace), name, None)), f"ag.{namespace}.{name}"


# The TensorFlow ops behind API.md §3 (creation, shape, math, strings, random).
API_OPS = """
Const Fill ZerosLike OnesLike Range LinSpace Eye Identity Cast RandomUniform RandomUniformInt
RandomStandardNormal Reshape Shape Size Rank ExpandDims Squeeze Transpose ConcatV2 Pack Unpack
Split SplitV Tile GatherV2 GatherNd Slice StridedSlice PadV2 MirrorPad ReverseV2 OneHot Where
SelectV2 BroadcastTo AddV2 Sub Mul RealDiv FloorDiv FloorMod Pow Neg Abs Sign Square Sqrt Rsqrt
Exp Log Log1p Sin Cos Tanh Sigmoid Relu Softmax Maximum Minimum ClipByValue Round Floor Ceil
MatMul BatchMatMulV2 Einsum AddN Cumsum Sum Mean Max Min Prod Any All ArgMax ArgMin Equal NotEqual
Less LessEqual Greater GreaterEqual LogicalAnd LogicalOr LogicalNot IsNan IsFinite StringJoin
StringLength
""".split()


def test_export_lists_every_api_op():
    exported = {d.name for d in op_registry().export()}
    assert sorted(set(API_OPS) - exported) == []


def test_every_op_has_a_cpu_and_a_gpu_kernel():
    missing = [(op, dev) for op in _registered_ops() for dev in ("CPU", "GPU")
               if not any(k.device == dev for k in kernels_for(op))]
    assert missing == []


# Ops whose static shape is deliberately less specific than any one run's: a value fed for a
# PlaceholderWithDefault may have any shape compatible with its `shape` attr; a Python
# function called by EagerPyFunc or PyFunc may return any shape (unknown, as in TensorFlow).
LESS_SPECIFIC = {"PlaceholderWithDefault", "EagerPyFunc", "PyFunc", "PyFuncStateless"}

# Ops that cannot run eagerly: a placeholder has a value only when fed (tests/graph covers it).
GRAPH_ONLY = {"Placeholder"}


def test_every_op_has_a_sample():
    sampled = {s.op for s in SAMPLES}
    assert sorted(set(_registered_ops()) - sampled - GRAPH_ONLY) == []


def test_every_sample_names_a_registered_op():
    registered = set(_registered_ops())
    assert sorted({s.op for s in SAMPLES} - registered) == []


def _as_structure(op_name, outputs):
    """Output tensors as the structure shape functions return: a raw shape per output arg."""
    args = op_registry().lookup_op_def(op_name).output_arg
    if not args:
        return []
    per_arg = (outputs,) if len(args) == 1 else outputs

    def shape(t):
        return tuple(t.shape.as_list())
    return [[shape(t) for t in out] if arg.is_list else shape(out)
            for arg, out in zip(args, per_arg)]


def _inputs(sample):
    def convert(x):
        return [ag.convert_to_tensor(v) for v in x] if isinstance(x, list) else (
            ag.convert_to_tensor(x))
    return [convert(x) for x in sample.inputs]


def _compatible(inferred, actual):
    if isinstance(actual, list):
        return isinstance(inferred, list) and len(inferred) == len(actual) and all(
            _compatible(i, a) for i, a in zip(inferred, actual))
    return raw_compatible(inferred, actual)


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: s.op)
def test_shape_function_agrees_with_the_kernel(sample, device):
    inputs = _inputs(sample)
    actual = _as_structure(sample.op, execute(sample.op, inputs, dict(sample.attrs)))
    known = infer_shapes(sample.op, inputs, dict(sample.attrs), with_values=True)
    if sample.op in LESS_SPECIFIC:
        assert _compatible(list(known), actual), "with input values known"
    else:
        assert list(known) == actual, "with input values known"
    unknown = infer_shapes(sample.op, inputs, dict(sample.attrs), with_values=False)
    assert _compatible(list(unknown), actual), "with input values unknown"


def test_samples_cover_several_dtypes():
    dtypes_seen = {np.asarray(x).dtype for s in SAMPLES for x in s.inputs
                   if not isinstance(x, list)}
    assert len(dtypes_seen) >= 4


def _inlined_kernel(sample):
    """The CPU kernel an executor plan would write inline for `sample`, or None."""
    arrays = [np.asarray(x) for x in sample.inputs if not isinstance(x, list)]
    if sample.attrs or len(arrays) != len(sample.inputs) or not arrays:
        return None
    if arrays[0].dtype == object:
        return None
    kernel = kernel_registry().find(sample.op, "CPU", {"T": dtypes.as_dtype(arrays[0].dtype)})
    return kernel if kernel is not None and kernel.inline else None


INLINED = [s for s in SAMPLES if _inlined_kernel(s) is not None]


def test_every_op_with_an_inline_kernel_has_its_inline_form_checked():
    inline_ops = {k.op_name for op in _registered_ops() for k in kernels_for(op) if k.inline}
    assert inline_ops - {s.op for s in INLINED} == set()
    assert len(inline_ops) > 20


@pytest.mark.parametrize("sample", INLINED, ids=lambda s: s.op)
def test_inline_expression_gives_what_the_kernel_gives(sample):
    # register_kernel's contract: plans may write `inline` in place of a call to the kernel.
    kernel = _inlined_kernel(sample)
    arrays = {f"a{i}": np.asarray(x) for i, x in enumerate(sample.inputs)}
    expression = kernel.inline.format(*arrays, xp="xp")
    inlined = eval(expression, {"xp": np, **arrays})  # noqa: S307 (our own registry's text)
    called = kernel.fn(devices.CPU, *arrays.values())
    assert np.asarray(inlined).dtype == np.asarray(called).dtype, expression
    np.testing.assert_array_equal(inlined, called, err_msg=expression)
