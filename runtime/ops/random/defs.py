"""Declarations of the random ops: RandomUniform, RandomUniformInt, RandomStandardNormal, ...
(and RandomGammaGrad, the derivative of RandomGamma's samples, which is not random).

The samplers are stateful: each run draws new numbers from the stream that
`runtime.core.random_seed` keeps for the op's `(seed, seed2)` attrs, `(0, 0)` meaning unseeded.
Kernels live in `kernels/random_kernels.py` (RandomGammaGrad's in `kernels/gamma_kernels.py`),
the user-facing functions in `runtime/ops/random/ops.py`.
"""

from __future__ import annotations

from autograph.runtime.ops.creation.defs import scalar_input, shape_from_tensor
from autograph.runtime.registry.op_registry import register_op
from autograph.runtime.registry.shape_inference import InferenceContext, RawShape, broadcast

_SEED_DOC = ("seed: with seed2, selects the random stream; both 0 means unseeded.\n"
             "seed2: the second seed.")


def _shape_only(c: InferenceContext) -> list[RawShape]:
    return [shape_from_tensor(c, 0, "shape")]


def _uniform_int_shape(c: InferenceContext) -> list[RawShape]:
    scalar_input(c, 1, "minval")
    scalar_input(c, 2, "maxval")
    low, high = c.value(1), c.value(2)
    if low is not None and high is not None and not low[()] < high[()]:
        raise c.error(f"Need minval < maxval, got minval {low[()]} and maxval {high[()]}.")
    return _shape_only(c)


for _name, _summary in (("RandomUniform", "Floats drawn uniformly from [0, 1)."),
                        ("RandomStandardNormal", "Floats drawn from the normal distribution "
                                                 "with mean 0 and standard deviation 1.")):
    register_op(_name).input("shape: T").output("output: dtype") \
        .attr("seed: int = 0").attr("seed2: int = 0").attr("dtype: floattype") \
        .attr("T: {int32, int64}").set_is_stateful().set_shape_fn(_shape_only).doc(
            f"{_summary}\n\nshape: the shape of the output, a vector.\n{_SEED_DOC}\n"
            f"dtype: the dtype of the output.")

register_op("RandomUniformInt").input("shape: T").input("minval: Tout").input("maxval: Tout") \
    .output("output: Tout").attr("seed: int = 0").attr("seed2: int = 0") \
    .attr("Tout: {int32, int64}").attr("T: {int32, int64}").set_is_stateful() \
    .set_shape_fn(_uniform_int_shape).doc(
        f"Integers drawn uniformly from [minval, maxval).\n\n"
        f"shape: the shape of the output, a vector.\n"
        f"minval: a scalar, the smallest value drawn.\n"
        f"maxval: a scalar greater than minval, one more than the largest value drawn.\n"
        f"{_SEED_DOC}")


# Stateless ops: a pure function of (shape, seed, dtype); never stateful, so equal calls may be
# merged and each call draws the same numbers.
def _stateless_shape(c: InferenceContext) -> list[RawShape]:
    seed = c.shape(1)
    if seed is not None and seed != (2,):
        raise c.error(f"seed must have shape [2], not {list(seed)}")
    return _shape_only(c)


def _stateless_int_shape(c: InferenceContext) -> list[RawShape]:
    scalar_input(c, 2, "minval")
    scalar_input(c, 3, "maxval")
    low, high = c.value(2), c.value(3)
    if low is not None and high is not None and not low[()] < high[()]:
        raise c.error(f"Need minval < maxval, got minval {low[()]} and maxval {high[()]}.")
    return _stateless_shape(c)


_STATELESS_DOC = ("shape: the shape of the output, a vector.\n"
                  "seed: two integers; the output is a function of them, the shape and the dtype.")
for _name, _summary, _types in (
        ("StatelessRandomUniform", "Floats drawn uniformly from [0, 1).", "floattype"),
        ("StatelessRandomNormal", "Floats from the standard normal distribution.", "floattype"),
        ("StatelessTruncatedNormal", "Floats from the standard normal distribution, redrawn "
                                     "beyond two standard deviations.", "floattype"),
        ("StatelessRandomUniformFullInt", "Integers drawn uniformly from the dtype's whole "
                                          "range.", "{int32, int64, uint32, uint64}")):
    register_op(_name).input("shape: T").input("seed: Tseed").output("output: dtype") \
        .attr(f"dtype: {_types}").attr("T: {int32, int64}").attr("Tseed: {int32, int64}") \
        .set_shape_fn(_stateless_shape).doc(f"{_summary}\n\n{_STATELESS_DOC}")

register_op("StatelessRandomUniformInt").input("shape: T").input("seed: Tseed") \
    .input("minval: dtype").input("maxval: dtype").output("output: dtype") \
    .attr("dtype: {int32, int64}").attr("T: {int32, int64}").attr("Tseed: {int32, int64}") \
    .set_shape_fn(_stateless_int_shape).doc(
        f"Integers drawn uniformly from [minval, maxval).\n\n{_STATELESS_DOC}\n"
        f"minval: a scalar, the smallest value drawn.\n"
        f"maxval: a scalar greater than minval, one more than the largest value drawn.")


# Sampling ops: stateful, like RandomUniform.
def _multinomial_shape(c: InferenceContext) -> list[RawShape]:
    logits = c.shape(0)
    if logits is not None and len(logits) != 2:
        raise c.error(f"logits should be a matrix, got shape {list(logits)}")
    scalar_input(c, 1, "num_samples")
    count = c.value(1)
    batch = None if logits is None else logits[0]
    return [(batch, None if count is None else int(count))]


def _after_shape(c: InferenceContext) -> list[RawShape]:
    """The drawn shape, then the parameter's own shape."""
    drawn, own = shape_from_tensor(c, 0, "shape"), c.shape(1)
    return [None if drawn is None or own is None else drawn + own]


register_op("Multinomial").input("logits: T").input("num_samples: int32") \
    .output("output: output_dtype").attr("seed: int = 0").attr("seed2: int = 0") \
    .attr("T: realnumbertype").attr("output_dtype: {int32, int64} = DT_INT64") \
    .set_is_stateful().set_shape_fn(_multinomial_shape).doc(
        f"Classes drawn for each row of logits (unnormalized log-probabilities).\n\n{_SEED_DOC}")

register_op("RandomShuffle").input("value: T").output("output: T").attr("T: type") \
    .attr("seed: int = 0").attr("seed2: int = 0").set_is_stateful() \
    .set_shape_fn(lambda c: [c.shape(0)]).doc(
        f"value with its first dimension in a random order.\n\n{_SEED_DOC}")

register_op("RandomGamma").input("shape: S").input("alpha: T").output("output: T") \
    .attr("seed: int = 0").attr("seed2: int = 0").attr("S: {int32, int64}") \
    .attr("T: {half, float, double}").set_is_stateful().set_shape_fn(_after_shape).doc(
        f"Draws from Gamma(alpha, 1), `shape` of them for each alpha.\n\n{_SEED_DOC}")

register_op("RandomGammaGrad").input("alpha: T").input("sample: T").output("output: T") \
    .attr("T: {float, double}").set_shape_fn(broadcast).doc(
        "The derivative of Gamma(alpha, 1) samples with respect to alpha (implicit "
        "reparameterisation): RandomGamma's gradient.")

register_op("RandomPoissonV2").input("shape: S").input("rate: R").output("output: dtype") \
    .attr("seed: int = 0").attr("seed2: int = 0").attr("S: {int32, int64}") \
    .attr("R: {half, float, double, int32, int64} = DT_DOUBLE") \
    .attr("dtype: {half, float, double, int32, int64} = DT_INT64").set_is_stateful() \
    .set_shape_fn(_after_shape).doc(
        f"Draws from Poisson(rate), `shape` of them for each rate.\n\n{_SEED_DOC}")
