"""Every differentiable op's gradient, and its second derivative, against central differences
on every device.

Runs `ag.test.compute_gradient` over the op samples of `tests/ops/samples_*.py` (and the float
samples below, for ops whose samples there are all integers) with respect to each floating
input, for each floating output; then over the gradient itself (with respect to the first
floating input), so the ops a gradient is built from must have correct gradients too.

A sample is skipped, with the reason in its test id, when its op has no gradient yet
(`PENDING`), when it has no floating input or output to check, or when it sits where its op's
gradient is not the derivative of its value (`OFF_DOMAIN`: a kink, or an input outside what
the gradient assumes). A second derivative is skipped while its gradient uses an op in PENDING.
"""

from __future__ import annotations

import re
from typing import Any, Callable

import numpy as np
import pytest

import autograph as ag
from autograph.runtime import execute
from autograph.runtime.gradients import has_gradient
from autograph.runtime.graph.func_graph import flatten
from tests.gradients.test_gradient_coverage import PENDING
from tests.op_testing import OpSample
from tests.ops.test_op_coverage import SAMPLES

F32 = np.array([[0.5, -1.25, 2.0], [1.5, 0.75, -2.5]], np.float32)
F64 = F32.astype(np.float64)


def _ints(*values: int) -> np.ndarray:
    return np.array(values, np.int32)


# Float samples of differentiable ops whose samples in tests/ops are all integers (or, for
# ConcatV2 and BroadcastTo, empty or scalar), including ops still in PENDING: their cases run
# as soon as their gradients land.
EXTRA_SAMPLES = [
    OpSample("Neg", [F32]),
    OpSample("Sign", [F32]),
    OpSample("Relu", [F32]),
    OpSample("Pow", [np.abs(F32), np.array([2.0, -0.5, 1.5], np.float32)]),
    OpSample("Maximum", [F32, np.array([[0.0], [1.0]], np.float32)]),
    OpSample("Minimum", [F32, np.float32(0.25)]),
    OpSample("Min", [F32, np.array([0], np.int32)], {"keep_dims": True}),
    OpSample("Cast", [F32], {"DstT": ag.float64}),
    OpSample("Sub", [F32, F32[0]]),
    OpSample("ExpandDims", [F32, np.int32(1)]),
    OpSample("Squeeze", [F64.reshape(1, 6, 1)], {"squeeze_dims": [0]}),
    OpSample("ConcatV2", [[F32, F32[:1] * 2.0], np.int32(0)]),
    OpSample("Pack", [[F64[0], F64[1]]], {"axis": 1}),
    OpSample("Tile", [F32, _ints(2, 1)]),
    OpSample("BroadcastTo", [F64[:1], _ints(3, 3)]),
    OpSample("PadV2", [F32, _ints(1, 0, 0, 2).reshape(2, 2), np.float32(0.5)]),
    OpSample("MirrorPad", [F64, _ints(1, 1, 2, 2).reshape(2, 2)], {"mode": "REFLECT"}),
    OpSample("MirrorPad", [F64, _ints(2, 0, 0, 3).reshape(2, 2)], {"mode": "SYMMETRIC"}),
    OpSample("Prod", [F64, _ints(1)]),
    # zeros in the input: one zero in the first row, two in the second
    OpSample("Prod", [np.array([[2.0, 0.0, -3.0], [0.0, 1.5, 0.0]]), _ints(1)],
             {"keep_dims": True}),
    OpSample("Prod", [np.array([[2.0, 0.0, -3.0], [0.0, 1.5, 0.5]], np.float32), _ints(0, 1)]),
]

# Ops with a gradient that no sample can check by central differences, and why.
UNCHECKABLE = {
    "ReadVariableOp": "its input is a variable handle, not a value to perturb "
                      "(tests/gradients/test_tape.py checks its gradient)",
    **{op: "a tensor list in or out, not a value to perturb (test_while_grad.py checks "
           "TensorArray gradients end to end)"
       for op in ("TensorListFromTensor", "TensorListGather", "TensorListGetItem",
                  "TensorListPopBack", "TensorListPushBack", "TensorListResize",
                  "TensorListScatterIntoExistingList", "TensorListSetItem", "TensorListConcatV2",
                  "TensorListStack")},
    "RandomGamma": "its gradient is the implicit reparameterisation one (the derivative of "
                   "the Gamma quantile at the sample's fixed CDF value), which differences of "
                   "fresh draws cannot see: perturbing alpha redraws the samples "
                   "(tests/gradients/test_random_gamma_grad.py checks it against TensorFlow)",
}

# Samples at which the second derivative is, as in TensorFlow, not exact: by op, a test of the
# sample and the reason.
SECOND_ORDER_OFF_DOMAIN: dict[str, tuple[Callable[[OpSample], bool], str]] = {
    "Prod": (lambda sample: bool(np.any(np.asarray(sample.inputs[0]) == 0)),
             "a zero in the input: the gradient's own gradient misses the zero's cross terms, "
             "as TensorFlow's does (d/dx1 of the gradient of prod([2, 0, 3]) weighted by "
             "[1, 2, 3] is 0 in both, 9 exactly)"),
}

# Floating inputs that TensorFlow gives no gradient, by op: held fixed rather than perturbed.
FIXED_INPUTS = {"PadV2": {2: "TensorFlow's gradient of the pad value is None"}}


def _labels_are_not_distributions(sample: OpSample) -> bool:
    return not np.allclose(np.sum(sample.inputs[1], axis=-1), 1.0)


# Samples at which an op's gradient is, by design, not the derivative of its value: by op, a
# test of the sample and the reason. (SoftmaxCrossEntropyWithLogits is one of the nn ops whose
# samples are being added with their gradients.)
OFF_DOMAIN: dict[str, tuple[Callable[[OpSample], bool], str]] = {
    "SoftmaxCrossEntropyWithLogits": (
        _labels_are_not_distributions,
        "labels not summing to 1 (as TensorFlow, the gradient assumes they do)"),
}

# The largest gap allowed between the two Jacobians, by the least precise floating dtype of
# the sample, relative to the largest derivative (or absolute below 1). The numerical side is
# computed in float64, so the gap is the theoretical side's rounding and the step's truncation.
TOLERANCE = {"float16": 1e-2, "float32": 1e-5, "float64": 1e-6, "complex64": 1e-5,
             "complex128": 1e-6}
_PRECISION = ["float16", "float32", "complex64", "float64", "complex128"]


def _is_floating(value: Any) -> bool:
    if isinstance(value, ag.Tensor):  # samples of tensor lists hold variant tensors
        return value.dtype.is_floating or value.dtype.is_complex
    return np.asarray(value).dtype.kind in "fc"


def _floating_positions(sample: OpSample) -> list[tuple[int, int | None]]:
    """Where the floating inputs are: (input index, index in a list input or None)."""
    positions: list[tuple[int, int | None]] = []
    for i, x in enumerate(sample.inputs):
        if i in FIXED_INPUTS.get(sample.op, {}):
            continue
        if isinstance(x, list):
            positions += [(i, j) for j, v in enumerate(x) if _is_floating(v)]
        elif _is_floating(x):
            positions.append((i, None))
    return positions


def _value_at(sample: OpSample, position: tuple[int, int | None]) -> Any:
    i, j = position
    return sample.inputs[i] if j is None else sample.inputs[i][j]


def _outputs(sample: OpSample, inputs: list[Any], attrs: dict[str, Any] | None = None
             ) -> list[Any]:
    """The op's outputs, flat; inputs are converted as `ag.convert_to_tensor` does (eager
    execution of a NumPy input would take a type attr's default dtype as a hint)."""
    def convert(x: Any) -> Any:
        return [ag.convert_to_tensor(v) for v in x] if isinstance(x, list) else (
            ag.convert_to_tensor(x))
    attrs = dict(sample.attrs) if attrs is None else attrs
    return flatten(execute(sample.op, [convert(x) for x in inputs], attrs))


_WIDER = {"float16": ag.float64, "float32": ag.float64, "complex64": ag.complex128}


def _function(sample: OpSample, output: int) -> Callable[..., Any]:
    """The sample's op as a function of its floating inputs, returning output `output`.

    Given inputs wider than the sample's (the checker's float64 central differences), dtype
    attrs widen with them (a `Tout: float32` of `Real` becomes float64), so the differences
    keep float64's precision."""
    positions = _floating_positions(sample)
    own = [np.asarray(_value_at(sample, p)).dtype.name for p in positions]
    wide_attrs = {name: _WIDER.get(getattr(value, "name", None), value)
                  for name, value in sample.attrs.items()}

    def f(*floats: Any) -> Any:
        inputs = [list(x) if isinstance(x, list) else x for x in sample.inputs]
        for (i, j), value in zip(positions, floats):
            if j is None:
                inputs[i] = value
            else:
                inputs[i][j] = value
        wide = any(t.dtype.name != name for t, name in zip(floats, own))
        return _outputs(sample, inputs, wide_attrs if wide else None)[output]
    return f


def _skip_reason(sample: OpSample) -> str | None:
    if sample.op in PENDING and not has_gradient(sample.op):
        return "no gradient yet (PENDING)"
    if sample.op in UNCHECKABLE:
        return UNCHECKABLE[sample.op]
    off_domain, why = OFF_DOMAIN.get(sample.op, (None, ""))
    if off_domain is not None and off_domain(sample):
        return why
    if not _floating_positions(sample):
        return "no floating input"
    if not any(t.dtype.is_floating or t.dtype.is_complex
               for t in _outputs(sample, sample.inputs)):
        return "no floating output"
    return None


def _cases() -> list[Any]:
    cases, counts = [], {}
    for sample in SAMPLES + EXTRA_SAMPLES:
        if not (has_gradient(sample.op) or sample.op in PENDING):
            continue  # marked not differentiable
        counts[sample.op] = counts.get(sample.op, -1) + 1
        test_id = f"{sample.op}-{counts[sample.op]}"
        reason = _skip_reason(sample)
        if reason is None:
            cases.append(pytest.param(sample, id=test_id))
        else:
            slug = re.sub(r"\W+", "_", reason.split("(")[0].strip())
            cases.append(pytest.param(sample, id=f"{test_id}-skip-{slug}",
                                      marks=pytest.mark.skip(reason=reason)))
    return cases


CASES = _cases()


def _tolerance(sample: OpSample, outputs: list[Any]) -> float:
    names = [np.asarray(_value_at(sample, p)).dtype.name for p in _floating_positions(sample)]
    names += [t.dtype.name for t in outputs if t.dtype.is_floating or t.dtype.is_complex]
    return TOLERANCE[min(names, key=_PRECISION.index)]


def _gradient_function(sample: OpSample, output: int) -> Callable[..., Any]:
    """The gradient of output `output` (weighted by fixed random numbers) with respect to the
    sample's first floating input, as a function of its floating inputs."""
    f = _function(sample, output)
    weights = np.random.default_rng(0).standard_normal(
        _outputs(sample, sample.inputs)[output].shape.as_list())

    def g(*floats: Any) -> Any:
        with ag.GradientTape() as tape:
            tape.watch(floats)
            y = f(*floats)
        return tape.gradient(y, floats[0], ag.constant(weights.astype(y.dtype.as_numpy_dtype)),
                             unconnected_gradients=ag.UnconnectedGradients.ZERO)
    return g


def _assert_matches(sample: OpSample, make_function: Callable[[OpSample, int], Any],
                    slack: float = 1.0) -> None:
    """For each floating output, `make_function`'s Jacobians agree within the tolerance."""
    floats = [_value_at(sample, p) for p in _floating_positions(sample)]
    outputs = _outputs(sample, sample.inputs)
    tolerance = _tolerance(sample, outputs) * slack
    for k, out in enumerate(outputs):
        if not (out.dtype.is_floating or out.dtype.is_complex):
            continue
        theoretical, numerical = ag.test.compute_gradient(make_function(sample, k), floats)
        scale = max([1.0] + [float(np.max(np.abs(n))) for n in numerical if n.size])
        error = ag.test.max_error(theoretical, numerical)
        assert error <= tolerance * scale, (
            f"output {k}: off by {error:.3g} (allowed {tolerance * scale:.3g})"
            f"\ntheoretical: {theoretical}\nnumerical: {numerical}")


@pytest.mark.parametrize("sample", CASES)
def test_gradient_matches_central_differences(sample, device):
    _assert_matches(sample, _function)


# Differences of a derivative: the step's truncation error grows with the op's fourth
# derivative, and the theoretical side rounds twice.
SECOND_ORDER_SLACK = 10.0


@pytest.mark.parametrize("sample", CASES)
def test_second_derivative_matches_central_differences(sample, device):
    """The gradient is built from ops that have gradients, and they compose correctly."""
    off_domain, why = SECOND_ORDER_OFF_DOMAIN.get(sample.op, (None, ""))
    if off_domain is not None and off_domain(sample):
        pytest.skip(why)
    try:
        _assert_matches(sample, _gradient_function, SECOND_ORDER_SLACK)
    except LookupError as e:
        missing = re.search(r"op type '(\w+)'", str(e))
        if missing is None or missing.group(1) not in PENDING:
            raise
        pytest.skip(f"the gradient uses {missing.group(1)}, which has no gradient yet "
                    f"(PENDING)")


def test_every_differentiable_op_is_checked():
    checked = {c.values[0].op for c in CASES if not c.marks}
    unchecked = sorted(op for op in {s.op for s in SAMPLES + EXTRA_SAMPLES}
                       if has_gradient(op) and op not in checked and op not in UNCHECKABLE)
    assert not unchecked, (f"No sample checks the gradient of {', '.join(unchecked)}: add a "
                           f"sample with floating inputs to EXTRA_SAMPLES in {__name__}.")
