"""Records TensorFlow's answers for the composed-function tests: the bodies of their CASES.

Run by hand from the repository root with TensorFlow's interpreter, never from the suite:

    /work/tfvenv/bin/python -m tests.composed.record math

prints the lines between `CASES = [` and `]` of test_math_functions.py (groups and their
files: math, nn, linalg (linalg and clipping), solve (test_linalg_solve.py), conv (with the
input arrays above CASES), ints (test_integer_inputs.py)). Paste them over the old ones and
review the difference. Floats print in their shortest form that reads back to the same value.
"""

import sys

import numpy as np
import tensorflow as tf


def fmt(value) -> str:
    """A NumPy value as a Python literal (nested lists; inf and nan as names)."""
    a = np.asarray(value)
    if a.dtype.kind in "biuc":
        return repr(a.tolist())

    def number(x):
        if np.isnan(x):
            return "nan"
        if np.isinf(x):
            return "inf" if x > 0 else "-inf"
        return str(a.dtype.type(x))

    def nested(x):
        if np.ndim(x) == 0:
            return number(float(x))
        return "[" + ", ".join(nested(e) for e in x) + "]"

    return nested(a)


def _wrap(line: str) -> list[str]:
    """`line` broken after ', ' to fit 99 columns, continuation lines indented 9 spaces."""
    lines = []
    while len(line) > 99:
        cut = line.rfind(", ", 0, 98)
        if cut <= 19:
            break
        lines.append(line[:cut + 1])
        line = " " * 9 + line[cut + 2:]
    return lines + [line]


class Recorder:
    """Collects one `Case(...)` line per call of TensorFlow, with its answer."""

    def __init__(self):
        self.lines = []
        self.named = {}  # arrays the test file defines by name (conv's inputs)

    def arg(self, value) -> str:
        for key, named in self.named.items():
            if value is named:
                return key
        if isinstance(value, list) and value and isinstance(value[0], np.ndarray):
            return "[" + ", ".join(self.arg(e) for e in value) + "]"
        if isinstance(value, np.ndarray):
            return f'A({fmt(value)}, "{value.dtype.name}")'
        return repr(value).replace("'", '"')

    def case(self, case_id, path, tf_fn, args, kwargs=None):
        kwargs = kwargs or {}

        def tensors(a):
            if isinstance(a, np.ndarray):
                return tf.constant(a)
            if isinstance(a, list) and a and isinstance(a[0], np.ndarray):
                return [tensors(e) for e in a]
            return a

        def flat(r):
            return [x for e in r for x in (flat(e) if isinstance(e, (list, tuple)) else [e])]

        result = tf_fn(*[tensors(a) for a in args], **kwargs)
        if isinstance(result, (tuple, list)):
            parts = [f'({fmt(t.numpy())}, "{t.dtype.name}")' for t in flat(result)
                     if t is not None]
            expected = "(" + ", ".join(parts) + ",)"
        else:
            expected = f'({fmt(result.numpy())}, "{result.dtype.name}")'
        kwargs_text = repr(kwargs).replace("'", '"')
        args_text = ", ".join(self.arg(a) for a in args)
        self.lines.append(f'    Case("{case_id}", "{path}", [{args_text}], {kwargs_text},')
        self.lines.append(f"         {expected}),")

    def text(self) -> str:
        return "\n".join(w for line in self.lines for w in _wrap(line))


f32 = lambda x: np.array(x, np.float32)  # noqa: E731
f64 = lambda x: np.array(x, np.float64)  # noqa: E731
i32 = lambda x: np.array(x, np.int32)  # noqa: E731
i64 = lambda x: np.array(x, np.int64)  # noqa: E731
X = f32([-3.0, -1.0, -0.5, 0.0, 0.5, 1.0, 3.0])
M = f32([[1.0, -2.0, 3.0], [0.5, 4.0, -1.0]])


def math(r: Recorder) -> None:
    r.case("expm1_small_and_large", "math.expm1", tf.math.expm1, [f32([1e-10, -1e-7, 1e-3, 0.5,
            -2.0, 10.0, -100.0])])
    r.case("expm1_float64", "math.expm1", tf.math.expm1, [f64([1e-12, -3e-9, 0.25, 5.0])])
    r.case("erf", "math.erf", tf.math.erf, [f32([-5.0, -1.5, -0.3, -1e-6, 0.0, 1e-6, 0.3, 1.0,
            2.5, 4.5])])
    r.case("erfc_tails", "math.erfc", tf.math.erfc, [f32([-3.0, -0.5, 0.0, 0.25, 1.0, 2.0, 4.0,
            6.0, 9.0])])
    r.case("sinh", "math.sinh", tf.math.sinh, [f32([-2.0, -1e-4, 0.0, 1e-4, 0.5, 3.0])])
    r.case("cosh", "math.cosh", tf.math.cosh, [f32([-2.0, 0.0, 0.5, 3.0])])
    r.case("tan", "math.tan", tf.math.tan, [f32([-1.0, 0.0, 0.5, 1.2])])
    r.case("softplus", "math.softplus", tf.math.softplus, [f32([-100.0, -20.0, -1.0, 0.0, 1.0,
            20.0, 100.0])])
    r.case("softsign", "math.softsign", tf.math.softsign, [X])
    r.case("log_sigmoid", "math.log_sigmoid", tf.math.log_sigmoid, [f32([-100.0, -1.0, 0.0, 2.0,
            50.0])])
    r.case("reciprocal", "math.reciprocal", tf.math.reciprocal, [f32([-4.0, 0.5, 2.0])])
    r.case("reciprocal_no_nan", "math.reciprocal_no_nan", tf.math.reciprocal_no_nan, [f32([0.0,
            2.0, -4.0])])
    r.case("divide_no_nan", "math.divide_no_nan", tf.math.divide_no_nan, [f32([1.0, 0.0, 3.0,
            np.inf]), f32([0.0, 0.0, 2.0, 0.0])])
    r.case("multiply_no_nan", "math.multiply_no_nan", tf.math.multiply_no_nan, [f32([np.inf,
            np.nan, 2.0]), f32([0.0, 0.0, 3.0])])
    r.case("squared_difference", "math.squared_difference", tf.math.squared_difference, [M,
            f32([1.0, 1.0, -1.0])])
    r.case("xlogy", "math.xlogy", tf.math.xlogy, [f32([0.0, 0.0, 1.0, 2.0]), f32([0.0, 2.0, 2.0,
            3.0])])
    r.case("xlog1py", "math.xlog1py", tf.math.xlog1py, [f32([0.0, 1.0, 2.0]), f32([-1.0, 1.0,
            0.5])])
    r.case("xdivy", "math.xdivy", tf.math.xdivy, [f32([0.0, 1.0, 2.0]), f32([0.0, 4.0, 0.5])])
    r.case("is_inf", "math.is_inf", tf.math.is_inf, [f32([np.inf, -np.inf, np.nan, 1.0])])
    r.case("rint_halves_to_even", "math.rint", tf.math.rint, [f32([0.5, 1.5, 2.5, -0.5, -1.7,
            2.2])])
    r.case("scalar_mul", "math.scalar_mul", tf.math.scalar_mul, [2.5, M])
    r.case("polyval", "math.polyval", tf.math.polyval, [[1.0, -2.0, 3.0], f32([0.0, 1.0, 2.5])])
    r.case("reduce_logsumexp_all", "math.reduce_logsumexp", tf.math.reduce_logsumexp, [M])
    r.case("reduce_logsumexp_axis_keepdims", "math.reduce_logsumexp", tf.math.reduce_logsumexp,
            [f32([[1000.0, 1000.0], [-1.0, 2.0]])], {"axis": 1, "keepdims": True})
    r.case("reduce_logsumexp_infinite_max", "math.reduce_logsumexp", tf.math.reduce_logsumexp,
            [f32([[np.inf, 1.0], [-np.inf, -np.inf]])], {"axis": 1})
    r.case("reduce_variance", "math.reduce_variance", tf.math.reduce_variance, [M], {"axis": 0})
    r.case("reduce_std", "math.reduce_std", tf.math.reduce_std, [M], {"axis": -1, "keepdims": True})
    r.case("reduce_euclidean_norm", "math.reduce_euclidean_norm", tf.math.reduce_euclidean_norm,
            [M], {"axis": 1})
    r.case("reduce_euclidean_norm_int", "math.reduce_euclidean_norm",
            tf.math.reduce_euclidean_norm, [i32([[3, 4], [1, 1]])], {"axis": 1})
    r.case("count_nonzero", "math.count_nonzero", tf.math.count_nonzero, [f32([[0.0, 1.0, 2.0],
            [0.0, 0.0, 3.0]])], {"axis": 1})
    r.case("zero_fraction", "math.zero_fraction", tf.math.zero_fraction, [i32([0, 1, 0, 3])])
    r.case("log_softmax", "math.log_softmax", tf.math.log_softmax, [M])
    r.case("log_softmax_axis0", "math.log_softmax", tf.math.log_softmax, [M], {"axis": 0})
    r.case("l2_normalize", "math.l2_normalize", tf.math.l2_normalize, [M], {"axis": 1})
    r.case("asinh", "math.asinh", tf.math.asinh, [f32([-1e20, -2.0, -1e-8, 0.0, 0.5, 3.0, 1e30])])
    r.case("acosh", "math.acosh", tf.math.acosh, [f32([1.0, 1.0001, 2.0, 5.0, 1e20])])
    r.case("atanh", "math.atanh", tf.math.atanh, [f32([-0.9, -0.5, -1e-8, 0.0, 0.25, 0.99])])
    r.case("is_non_decreasing", "math.is_non_decreasing", tf.math.is_non_decreasing, [f32([[1.0,
            1.0], [2.0, 3.0]])])
    r.case("is_non_decreasing_false", "math.is_non_decreasing", tf.math.is_non_decreasing,
            [i32([1, 3, 2])])
    r.case("is_strictly_increasing", "math.is_strictly_increasing",
            tf.math.is_strictly_increasing, [i32([1, 1, 2])])
    r.case("is_strictly_increasing_one", "math.is_strictly_increasing",
            tf.math.is_strictly_increasing, [f32([4.0])])
    r.case("invert_permutation", "math.invert_permutation", tf.math.invert_permutation, [i32([3,
            4, 0, 2, 1])])
    r.case("unsorted_segment_sum", "math.unsorted_segment_sum", tf.math.unsorted_segment_sum,
            [f32([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]), i32([0, 2, 0]), 3])
    r.case("unsorted_segment_sum_ints_negative_id", "math.unsorted_segment_sum",
            tf.math.unsorted_segment_sum, [i32([1, 2, 3, 4]), i32([1, -1, 1, 0]), 2])
    r.case("unsorted_segment_sum_2d_ids", "math.unsorted_segment_sum",
            tf.math.unsorted_segment_sum, [f32([[1.0, 2.0], [3.0, 4.0]]), i64([[0, 1], [1, 1]]), 2])
    r.case("unsorted_segment_mean", "math.unsorted_segment_mean", tf.math.unsorted_segment_mean,
            [f32([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]), i32([0, 2, 0]), 4])
    r.case("unsorted_segment_sqrt_n", "math.unsorted_segment_sqrt_n",
            tf.math.unsorted_segment_sqrt_n, [f32([1.0, 2.0, 3.0, 4.0]), i32([0, 0, 1, 0]), 3])
    r.case("segment_sum", "math.segment_sum", tf.math.segment_sum, [f32([1.0, 2.0, 3.0, 4.0]),
            i32([0, 0, 1, 3])])
    r.case("segment_mean", "math.segment_mean", tf.math.segment_mean, [f32([[1.0, 2.0], [3.0,
            4.0], [6.0, 8.0]]), i32([0, 0, 1])])
    r.case("atan", "math.atan", tf.math.atan, [f32([-1e10, -30.0, -2.5, -1.0, -0.3, 0.0, 1e-7,
            0.41, 0.5, 2.0, 2.5, 1e30])])
    r.case("atan2_quadrants", "math.atan2", tf.math.atan2, [f32([1.0, 1.0, -1.0, -1.0, 0.0, 0.0,
            2.0, -2.0, 3.0]), f32([1.0, -1.0, -1.0, 1.0, 0.0, -1.0, 0.0, 0.0, 0.5])])
    r.case("asin", "math.asin", tf.math.asin, [f32([-1.0, -0.999, -0.5, 0.0, 1e-6, 0.7, 1.0, 1.5])])
    r.case("acos", "math.acos", tf.math.acos, [f32([-1.0, -0.5, 0.0, 0.3, 0.9999, 1.0, -2.0])])
    r.case("cumprod", "math.cumprod", tf.math.cumprod, [i32([1, 2, 3, 4, 5, 6, 7])])
    r.case("cumprod_axis_exclusive_reverse", "math.cumprod", tf.math.cumprod, [f32([[1.0, 2.0,
            3.0], [4.0, 0.5, -2.0]])], {"axis": 1, "exclusive": True, "reverse": True})
    r.case("cumprod_axis0_exclusive", "math.cumprod", tf.math.cumprod, [f32([[1.0, 2.0], [3.0,
            4.0], [5.0, 6.0]])], {"exclusive": True})
    r.case("cumulative_logsumexp", "math.cumulative_logsumexp", tf.math.cumulative_logsumexp,
            [f32([-1000.0, 0.0, 1.0, -np.inf, 2.0])])
    r.case("cumulative_logsumexp_reverse_exclusive", "math.cumulative_logsumexp",
            tf.math.cumulative_logsumexp, [f32([[1.0, 2.0, 3.0], [100.0, 100.0, -5.0]])],
            {"axis": 1, "reverse": True, "exclusive": True})
    r.case("unsorted_segment_max", "math.unsorted_segment_max", tf.math.unsorted_segment_max,
            [f32([[1.0, 2.0], [3.0, 0.0], [5.0, 1.0]]), i32([0, 2, 0]), 4])
    r.case("unsorted_segment_min_ints", "math.unsorted_segment_min", tf.math.unsorted_segment_min,
            [i32([4, 2, 7, 1]), i32([1, 1, -1, 0]), 3])
    r.case("unsorted_segment_prod", "math.unsorted_segment_prod", tf.math.unsorted_segment_prod,
            [f32([2.0, 3.0, 4.0, 5.0]), i64([1, 1, 0, 1]), 3])
    r.case("segment_max", "math.segment_max", tf.math.segment_max, [i32([1, 5, 3, 2]), i32([0, 0,
            2, 2])])
    r.case("segment_min", "math.segment_min", tf.math.segment_min, [f32([[1.0, 5.0], [3.0, 2.0],
            [0.5, 9.0]]), i32([0, 0, 2])])
    r.case("segment_prod", "math.segment_prod", tf.math.segment_prod, [f32([1.0, 5.0, 3.0, 2.0]),
            i32([0, 0, 2, 2])])
    r.case("bincount", "math.bincount", tf.math.bincount, [i32([1, 1, 3, 0, 3, 3])])
    r.case("bincount_weights_maxlength", "math.bincount", tf.math.bincount, [i32([[1, 5], [3,
            1]]), f32([[0.5, 1.0], [2.0, 1.0]])], {"maxlength": 4})
    r.case("bincount_minlength", "math.bincount", tf.math.bincount, [i32([0, 1])], {"minlength": 4})
    r.case("confusion_matrix", "math.confusion_matrix", tf.math.confusion_matrix, [i32([1, 2, 4,
            2]), i32([2, 2, 4, 1])])
    r.case("confusion_matrix_weights", "math.confusion_matrix", tf.math.confusion_matrix, [i64([0,
            1, 1]), i64([1, 1, 0]), 3, f32([2.0, 3.0, 0.5])], {"dtype": "float32"})
    r.case("top_k", "math.top_k", tf.math.top_k, [f32([[1.0, 4.0, 3.0, 4.0], [0.0, -1.0, 2.0,
            2.0]])], {"k": 3})
    r.case("top_k_ints_all", "math.top_k", tf.math.top_k, [i32([3, 1, 2, 3])], {"k": 4})
    r.case("top_k_infinities", "nn.top_k", tf.nn.top_k, [f32([-np.inf, -np.inf, 1.0])], {"k": 3})
    r.case("in_top_k", "math.in_top_k", tf.math.in_top_k, [i32([2, 0, 1]), f32([[0.1, 0.5,
            0.4], [0.1, 0.5, 0.4], [1.0, 1.0, 1.0]]), 2])
    r.case("in_top_k_not_finite", "nn.in_top_k", tf.nn.in_top_k, [i64([0, 1]), f32([[np.nan,
            1.0], [1.0, np.inf]]), 2])
    r.case("accumulate_n", "math.accumulate_n", tf.math.accumulate_n, [[f32([1.0, 2.0]), f32([3.0,
            4.0]), f32([0.5, 0.5])]])


def nn(r: Recorder) -> None:
    r.case("relu6", "nn.relu6", tf.nn.relu6, [f32([-1.0, 0.0, 3.0, 6.0, 8.0])])
    r.case("leaky_relu", "nn.leaky_relu", tf.nn.leaky_relu, [X])
    r.case("leaky_relu_alpha", "nn.leaky_relu", tf.nn.leaky_relu, [X], {"alpha": 0.01})
    r.case("elu", "nn.elu", tf.nn.elu, [X])
    r.case("selu", "nn.selu", tf.nn.selu, [X])
    r.case("gelu", "nn.gelu", tf.nn.gelu, [f32([-5.0, -3.0, -1.0, -0.5, 0.0, 0.5, 1.0, 3.0, 5.0])])
    r.case("gelu_approximate", "nn.gelu", tf.nn.gelu, [X], {"approximate": True})
    r.case("gelu_float64", "nn.gelu", tf.nn.gelu, [f64([-2.0, -0.25, 0.75, 2.0])])
    r.case("silu", "nn.silu", tf.nn.silu, [X])
    r.case("swish_beta", "nn.swish", tf.nn.swish, [X], {"beta": 2.0})
    r.case("crelu", "nn.crelu", tf.nn.crelu, [M])
    r.case("sigmoid", "nn.sigmoid", tf.nn.sigmoid, [X])
    r.case("softplus", "nn.softplus", tf.nn.softplus, [X])
    r.case("softsign", "nn.softsign", tf.nn.softsign, [X])
    r.case("log_softmax", "nn.log_softmax", tf.nn.log_softmax, [M])
    r.case("softmax", "nn.softmax", tf.nn.softmax, [M])
    r.case("l2_normalize", "nn.l2_normalize", tf.nn.l2_normalize, [M], {"axis": 0})
    r.case("sigmoid_cross_entropy_with_logits", "nn.sigmoid_cross_entropy_with_logits",
         lambda labels, logits: tf.nn.sigmoid_cross_entropy_with_logits(labels=labels,
                 logits=logits),
         [f32([[0.0, 1.0, 0.3], [1.0, 0.0, 1.0]]), f32([[-50.0, 2.0, 0.0], [50.0, -1.0, 0.5]])])
    r.case("weighted_cross_entropy_with_logits", "nn.weighted_cross_entropy_with_logits",
         tf.nn.weighted_cross_entropy_with_logits,
         [f32([[0.0, 1.0, 0.3], [1.0, 0.0, 1.0]]), f32([[-50.0, 2.0, 0.0], [50.0, -1.0, 0.5]]),
                 3.0])
    r.case("softmax_cross_entropy_with_logits", "nn.softmax_cross_entropy_with_logits",
         tf.nn.softmax_cross_entropy_with_logits,
         [f32([[0.0, 1.0, 0.0], [0.2, 0.3, 0.5]]), f32([[1.0, 2.0, 3.0], [100.0, -100.0, 0.0]])])
    r.case("softmax_cross_entropy_axis0", "nn.softmax_cross_entropy_with_logits",
         tf.nn.softmax_cross_entropy_with_logits,
         [f32([[0.0, 1.0], [1.0, 0.0]]), f32([[1.0, 2.0], [3.0, -1.0]])], {"axis": 0})
    r.case("sparse_softmax_cross_entropy_with_logits",
            "nn.sparse_softmax_cross_entropy_with_logits",
         lambda labels, logits: tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels,
                 logits=logits),
         [i32([2, 0]), f32([[1.0, 2.0, 3.0], [100.0, -100.0, 0.0]])])
    r.case("sparse_softmax_cross_entropy_int64", "nn.sparse_softmax_cross_entropy_with_logits",
         lambda labels, logits: tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels,
                 logits=logits),
         [i64([[1], [0]]), f32([[[0.5, -0.5]], [[2.0, 2.0]]])])
    r.case("l2_loss", "nn.l2_loss", tf.nn.l2_loss, [M])
    r.case("moments", "nn.moments", tf.nn.moments, [M, [0]])
    r.case("moments_keepdims", "nn.moments", tf.nn.moments, [M, [0, 1]], {"keepdims": True})
    r.case("batch_normalization", "nn.batch_normalization", tf.nn.batch_normalization,
         [M, f32([0.5, 1.0, 1.0]), f32([1.0, 4.0, 0.25]), f32([0.0, 1.0, -1.0]), f32([2.0, 1.0,
                 0.5]), 1e-3])
    r.case("batch_normalization_no_offset_scale", "nn.batch_normalization",
            tf.nn.batch_normalization,
         [M, f32([0.5, 1.0, 1.0]), f32([1.0, 4.0, 0.25]), None, None, 1e-3])
    r.case("bias_add", "nn.bias_add", tf.nn.bias_add, [M, f32([1.0, 2.0, 3.0])])
    r.case("bias_add_nchw", "nn.bias_add", tf.nn.bias_add,
         [np.arange(12, dtype=np.float32).reshape(1, 2, 2, 3), f32([10.0, 20.0])],
                 {"data_format": "NCHW"})
    r.case("sufficient_statistics", "nn.sufficient_statistics", tf.nn.sufficient_statistics, [M,
            [0]])
    r.case("sufficient_statistics_shift_keepdims", "nn.sufficient_statistics",
            tf.nn.sufficient_statistics, [M, [1]], {"shift": 1.0, "keepdims": True})
    r.case("normalize_moments", "nn.normalize_moments", tf.nn.normalize_moments, [f32(6.0),
            f32([4.0, 8.0]), f32([30.0, 40.0]), f32(0.5)])
    r.case("weighted_moments", "nn.weighted_moments", tf.nn.weighted_moments, [M, [1], f32([[1.0,
            0.0, 1.0], [2.0, 1.0, 1.0]])])
    r.case("weighted_moments_keepdims", "nn.weighted_moments", tf.nn.weighted_moments, [M, [0],
            f32([1.0, 3.0, 0.0])], {"keepdims": True})
    r.case("log_poisson_loss", "nn.log_poisson_loss", tf.nn.log_poisson_loss, [f32([0.0, 1.0,
            3.0]), f32([0.1, 0.5, 1.0])])
    r.case("log_poisson_loss_full", "nn.log_poisson_loss", tf.nn.log_poisson_loss, [f32([0.0, 1.0,
            3.0]), f32([0.1, 0.5, 1.0])], {"compute_full_loss": True})
    r.case("compute_average_loss", "nn.compute_average_loss", tf.nn.compute_average_loss,
            [f32([1.0, 2.0, 3.0, 4.0])])
    r.case("compute_average_loss_weighted", "nn.compute_average_loss", tf.nn.compute_average_loss,
            [f32([1.0, 2.0, 3.0, 4.0]), f32([1.0, 0.0, 2.0, 1.0]), 8])
    r.case("scale_regularization_loss", "nn.scale_regularization_loss",
            tf.nn.scale_regularization_loss, [f32(2.5)])
    r.case("embedding_lookup", "nn.embedding_lookup", tf.nn.embedding_lookup, [f32([[3.0, 4.0],
            [1.0, 0.0], [0.5, 0.5]]), i32([[2, 0], [1, 1]])])
    r.case("embedding_lookup_max_norm", "nn.embedding_lookup", tf.nn.embedding_lookup, [f32([[3.0,
            4.0], [1.0, 0.0], [0.5, 0.5]]), i32([2, 0, 1])], {"max_norm": 2.0})
    r.case("zero_fraction", "nn.zero_fraction", tf.nn.zero_fraction, [f32([[0.0, 1.0], [0.0,
            0.0]])])


def linalg(r: Recorder) -> None:
    A = f32([[2.0, -1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 4.0]])
    B = np.arange(24, dtype=np.float32).reshape(2, 3, 4) - 10.0
    r.case("matvec", "linalg.matvec", tf.linalg.matvec, [M, f32([1.0, 2.0, 3.0])])
    r.case("matvec_transpose_a", "linalg.matvec", tf.linalg.matvec, [M, f32([1.0, -1.0])],
            {"transpose_a": True})
    r.case("matmul", "linalg.matmul", tf.linalg.matmul, [M, A])
    r.case("matrix_transpose", "linalg.matrix_transpose", tf.linalg.matrix_transpose, [B])
    r.case("adjoint", "linalg.adjoint", tf.linalg.adjoint, [np.array([[1 + 2j, 3 - 1j]],
            np.complex64)])
    r.case("diag", "linalg.diag", tf.linalg.diag, [f32([[1.0, 2.0], [3.0, 4.0]])])
    r.case("diag_above", "linalg.diag", tf.linalg.diag, [f32([1.0, 2.0])], {"k": 1})
    r.case("diag_below", "linalg.diag", tf.linalg.diag, [f32([1.0, 2.0])], {"k": -2})
    r.case("diag_part", "linalg.diag_part", tf.linalg.diag_part, [B])
    r.case("diag_part_tall", "linalg.diag_part", tf.linalg.diag_part, [np.swapaxes(B, 1, 2).copy()])
    r.case("diag_part_above", "linalg.diag_part", tf.linalg.diag_part, [B], {"k": 1})
    r.case("diag_part_below", "linalg.diag_part", tf.linalg.diag_part, [B], {"k": -1})
    r.case("set_diag", "linalg.set_diag", tf.linalg.set_diag, [B, f32([[1.0, 2.0, 3.0], [4.0, 5.0,
            6.0]])])
    r.case("set_diag_tall", "linalg.set_diag", tf.linalg.set_diag, [np.swapaxes(B, 1, 2).copy(),
            f32([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])])
    r.case("trace", "linalg.trace", tf.linalg.trace, [B])
    r.case("band_part_upper", "linalg.band_part", tf.linalg.band_part, [B, 0, -1])
    r.case("band_part_tridiagonal", "linalg.band_part", tf.linalg.band_part, [B, 1, 1])
    r.case("band_part_lower", "linalg.band_part", tf.linalg.band_part, [A, -1, 0])
    r.case("cross", "linalg.cross", tf.linalg.cross, [f32([[1.0, 0.0, 0.0], [1.0, 2.0, 3.0]]),
            f32([[0.0, 1.0, 0.0], [-2.0, 0.5, 4.0]])])
    r.case("norm_euclidean", "linalg.norm", tf.linalg.norm, [M])
    r.case("norm_vector_axis", "linalg.norm", tf.linalg.norm, [M], {"axis": 1, "keepdims": True})
    r.case("norm_vector_l1", "linalg.norm", tf.linalg.norm, [M], {"ord": 1, "axis": 0})
    r.case("norm_vector_inf", "linalg.norm", tf.linalg.norm, [M], {"ord": np.inf, "axis": 1})
    r.case("norm_vector_p3", "linalg.norm", tf.linalg.norm, [M], {"ord": 3, "axis": 1})
    r.case("norm_frobenius", "linalg.norm", tf.linalg.norm, [B], {"ord": "fro", "axis": [-2, -1]})
    r.case("norm_matrix_l1", "linalg.norm", tf.linalg.norm, [B], {"ord": 1, "axis": [-2, -1]})
    r.case("norm_matrix_inf", "linalg.norm", tf.linalg.norm, [B], {"ord": np.inf, "axis": [1, 2],
            "keepdims": True})
    r.case("l2_normalize", "linalg.l2_normalize", tf.linalg.l2_normalize, [M], {"axis": 1})
    r.case("eye_batch", "linalg.eye", tf.linalg.eye, [2, 3], {"batch_shape": [2]})
    r.case("tensordot", "linalg.tensordot", tf.linalg.tensordot, [M, A, 1])
    r.case("einsum", "linalg.einsum", tf.linalg.einsum, ["ij,jk->ik", M, A])
    r.case("transpose_conjugate", "transpose", tf.transpose, [np.array([[1 + 2j, 3 - 1j]],
            np.complex64)], {"conjugate": True})
    r.case("clip_by_norm", "clip_by_norm", tf.clip_by_norm, [f32([[3.0, 4.0], [1.0, 0.0]]), 2.0])
    r.case("clip_by_norm_axes", "clip_by_norm", tf.clip_by_norm, [f32([[3.0, 4.0], [0.3, 0.4]]),
            1.0], {"axes": [1]})
    r.case("clip_by_norm_zero", "clip_by_norm", tf.clip_by_norm, [f32([0.0, 0.0]), 1.0])
    r.case("global_norm", "linalg.global_norm", tf.linalg.global_norm, [[f32([3.0, 4.0]),
            f32([[12.0]])]])
    r.case("clip_by_global_norm", "clip_by_global_norm", tf.clip_by_global_norm, [[f32([3.0,
            4.0]), f32([[12.0]])], 6.5])
    r.case("clip_by_global_norm_below", "clip_by_global_norm", tf.clip_by_global_norm, [[f32([3.0,
            4.0]), f32([[12.0]])], 20.0])
    r.case("clip_by_global_norm_use_norm", "clip_by_global_norm", tf.clip_by_global_norm,
            [[f32([3.0, 4.0])], 1.0, f32(10.0)])


def solve(r: Recorder) -> None:
    A = f32([[2.0, -1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 4.0]])
    P = f32([[0.0, 2.0, 1.0], [1.0, 1.0, 0.0], [3.0, 0.0, 1.0]])  # needs row swaps
    batch = np.stack([A, P])
    S = f32([[4.0, 2.0, 0.6], [2.0, 5.0, 1.0], [0.6, 1.0, 3.0]])
    rhs = f32([[1.0, 0.0], [2.0, 1.0], [3.0, -1.0]])
    r.case("det", "linalg.det", tf.linalg.det, [A])
    r.case("det_pivoting_batch", "linalg.det", tf.linalg.det, [batch])
    r.case("det_singular", "linalg.det", tf.linalg.det, [f32([[1.0, 2.0], [2.0, 4.0]])])
    r.case("det_float64", "linalg.det", tf.linalg.det, [f64([[1e-3, 2.0], [3.0, 4.0]])])
    r.case("slogdet", "linalg.slogdet", tf.linalg.slogdet, [batch])
    r.case("inv", "linalg.inv", tf.linalg.inv, [P])
    r.case("inv_adjoint_batch", "linalg.inv", tf.linalg.inv, [batch], {"adjoint": True})
    r.case("solve", "linalg.solve", tf.linalg.solve, [P, rhs])
    r.case("solve_adjoint", "linalg.solve", tf.linalg.solve, [A, rhs], {"adjoint": True})
    r.case("solve_batch", "linalg.solve", tf.linalg.solve, [batch, np.stack([rhs, 2 * rhs])])
    r.case("cholesky", "linalg.cholesky", tf.linalg.cholesky, [S])
    r.case("cholesky_reads_the_lower_triangle", "linalg.cholesky", tf.linalg.cholesky,
            [np.tril(S) + np.triu(f32(np.full((3, 3), 9.0)), 1)])
    r.case("logdet", "linalg.logdet", tf.linalg.logdet, [S])
    r.case("triangular_solve_lower", "linalg.triangular_solve", tf.linalg.triangular_solve,
            [np.tril(S), rhs])
    r.case("triangular_solve_upper", "linalg.triangular_solve", tf.linalg.triangular_solve,
            [np.triu(S), rhs], {"lower": False})
    r.case("triangular_solve_adjoint", "linalg.triangular_solve", tf.linalg.triangular_solve,
            [np.tril(S), rhs], {"adjoint": True})
    r.case("cholesky_solve", "linalg.cholesky_solve", tf.linalg.cholesky_solve,
            [np.linalg.cholesky(S).astype(np.float32), rhs])


def conv(r: Recorder) -> None:
    rng = np.random.default_rng(0)
    X = np.round(rng.normal(size=(2, 5, 6, 2)), 2).astype(np.float32)
    W = np.round(rng.normal(size=(3, 2, 2, 3)), 2).astype(np.float32)
    X1 = np.round(rng.normal(size=(1, 7, 2)), 2).astype(np.float32)
    W1 = np.round(rng.normal(size=(3, 2, 1)), 2).astype(np.float32)
    X3 = np.round(rng.normal(size=(1, 3, 4, 3, 1)), 2).astype(np.float32)
    W3 = np.round(rng.normal(size=(2, 2, 2, 1, 2)), 2).astype(np.float32)
    r.named.update(X=X, W=W, X1=X1, W1=W1, X3=X3, W3=W3)
    for key, value in r.named.items():
        r.lines.append(f"{key} = A({fmt(value)}, \"float32\")")
    r.case("conv2d_valid", "nn.conv2d", tf.nn.conv2d, [X, W, 1, "VALID"])
    r.case("conv2d_same_strided", "nn.conv2d", tf.nn.conv2d, [X, W, 2, "SAME"])
    r.case("conv2d_same_strides_per_dim", "nn.conv2d", tf.nn.conv2d, [X, W, [1, 2, 3, 1], "SAME"])
    r.case("conv2d_dilated", "nn.conv2d", tf.nn.conv2d, [X, W, 1, "SAME"], {"dilations": 2})
    r.case("conv2d_explicit_padding", "nn.conv2d", tf.nn.conv2d, [X, W, 1, [[0, 0], [1, 0], [2,
            1], [0, 0]]])
    r.case("conv1d", "nn.conv1d", tf.nn.conv1d, [X1, W1, 2, "SAME"])
    r.case("conv3d", "nn.conv3d", tf.nn.conv3d, [X3, W3, [1, 1, 1, 1, 1], "VALID"])
    r.case("convolution", "nn.convolution", tf.nn.convolution, [X, W], {"padding": "SAME"})
    r.case("max_pool2d_valid", "nn.max_pool2d", tf.nn.max_pool2d, [X, 2, 2, "VALID"])
    r.case("max_pool2d_same", "nn.max_pool2d", tf.nn.max_pool2d, [X, [3, 2], [2, 2], "SAME"])
    r.case("avg_pool2d_valid", "nn.avg_pool2d", tf.nn.avg_pool2d, [X, 2, 1, "VALID"])
    r.case("avg_pool2d_same_excludes_padding", "nn.avg_pool2d", tf.nn.avg_pool2d, [X, 3, 2, "SAME"])
    r.case("max_pool1d", "nn.max_pool1d", tf.nn.max_pool1d, [X1, 3, 2, "SAME"])
    r.case("avg_pool1d", "nn.avg_pool1d", tf.nn.avg_pool1d, [X1, 2, 2, "VALID"])
    r.case("max_pool_3d", "nn.max_pool", tf.nn.max_pool, [X3, 2, 1, "VALID"])
    r.case("avg_pool", "nn.avg_pool", tf.nn.avg_pool, [X, 2, 2, "SAME"])


def ints(r: Recorder) -> None:
    r.case("leaky_relu_casts_ints", "nn.leaky_relu", tf.nn.leaky_relu, [i32([1, -2, 0])])
    r.case("crelu_ints", "nn.crelu", tf.nn.crelu, [i32([[1, -2], [0, 3]])])
    r.case("relu6_ints", "nn.relu6", tf.nn.relu6, [i32([-1, 3, 9])])
    r.case("divide_no_nan_ints", "math.divide_no_nan", tf.math.divide_no_nan, [i32([1, 2, 3]),
            i32([2, 0, -3])])
    r.case("squared_difference_ints", "math.squared_difference", tf.math.squared_difference,
            [i32([1, 5]), i32([4, 2])])
    r.case("unsorted_segment_mean_ints", "math.unsorted_segment_mean",
            tf.math.unsorted_segment_mean, [i32([1, 2, -7]), i32([0, 0, 1]), 2])
    r.case("segment_mean_ints_truncate", "math.segment_mean", tf.math.segment_mean, [i32([1, 2,
            -7, 0, 5]), i32([0, 0, 1, 1, 3])])
    r.case("cumprod_int64", "math.cumprod", tf.math.cumprod, [i64([3, -2, 5, 10])],
            {"reverse": True})


GROUPS = {"math": math, "nn": nn, "linalg": linalg, "solve": solve, "conv": conv, "ints": ints}


if __name__ == "__main__":
    recorder = Recorder()
    GROUPS[sys.argv[1]](recorder)
    print(recorder.text())
