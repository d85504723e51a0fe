"""`ag.nn`, `ag.math` and `ag.linalg` list TensorFlow's names and none of their helpers."""

import pytest

import autograph as ag

# What each namespace lists. Each name is one of the same namespace of TensorFlow 2.21 (checked
# against `dir(tf.nn)`, ...), except MATH_BEYOND_TENSORFLOW: the runtime's math family, which
# ag.math re-exports whole, holds these too (TensorFlow has them in tf.bitwise, tf.linalg,
# tf.nn and at the top level).
NN = """
avg_pool avg_pool1d avg_pool2d batch_normalization bias_add compute_average_loss conv1d conv2d
conv3d convolution crelu dropout elu embedding_lookup gelu in_top_k l2_loss l2_normalize
leaky_relu log_poisson_loss log_softmax max_pool max_pool1d max_pool2d moments normalize_moments
relu relu6 scale_regularization_loss selu sigmoid sigmoid_cross_entropy_with_logits silu softmax
softmax_cross_entropy_with_logits softplus softsign sparse_softmax_cross_entropy_with_logits
sufficient_statistics swish tanh top_k weighted_cross_entropy_with_logits weighted_moments
zero_fraction
""".split()

LINALG = """
adjoint band_part cholesky cholesky_solve cross det diag diag_part eigh eigvalsh einsum eye
global_norm inv l2_normalize logdet lstsq matmul matrix_rank matrix_transpose matvec norm pinv qr
set_diag slogdet solve svd tensordot trace triangular_solve
""".split()

MATH = """
abs accumulate_n acos acosh add add_n angle argmax argmin asin asinh atan atan2 atanh bincount
bitwise_and bitwise_or bitwise_xor ceil clip_by_value confusion_matrix conj cos cosh
count_nonzero cumprod cumsum cumulative_logsumexp divide divide_no_nan einsum equal erf erfc exp
expm1 floor floordiv floormod greater greater_equal imag in_top_k invert invert_permutation
is_finite is_inf is_nan is_non_decreasing is_strictly_increasing l2_normalize less less_equal
log log1p log_sigmoid log_softmax logical_and logical_not logical_or logical_xor matmul maximum
minimum mod multiply multiply_no_nan negative not_equal polyval pow real reciprocal
reciprocal_no_nan reduce_all reduce_any reduce_euclidean_norm reduce_logsumexp reduce_max
reduce_mean reduce_min reduce_prod reduce_std reduce_sum reduce_variance relu rint round rsqrt
scalar_mul segment_max segment_mean segment_min segment_prod segment_sum sigmoid sign sin sinh
softmax softplus softsign sqrt square squared_difference subtract tan tanh tensordot top_k
truediv unsorted_segment_max unsorted_segment_mean unsorted_segment_min unsorted_segment_prod
unsorted_segment_sqrt_n unsorted_segment_sum xdivy xlog1py xlogy zero_fraction
""".split()

MATH_BEYOND_TENSORFLOW = ["bitwise_and", "bitwise_or", "bitwise_xor", "clip_by_value", "einsum",
                          "invert", "matmul", "relu", "tensordot"]

NAMESPACES = {"nn": NN, "linalg": LINALG, "math": MATH}


@pytest.mark.parametrize("namespace", sorted(NAMESPACES))
def test_dir_lists_the_namespace_names_only(namespace):
    assert sorted(dir(getattr(ag, namespace))) == sorted(NAMESPACES[namespace])


@pytest.mark.parametrize("namespace", sorted(NAMESPACES))
def test_every_listed_name_is_a_function(namespace):
    module = getattr(ag, namespace)
    assert [name for name in NAMESPACES[namespace] if not callable(getattr(module, name))] == []


def test_shared_functions_are_one_object_across_namespaces():
    assert ag.nn.softplus is ag.math.softplus and ag.nn.l2_normalize is ag.linalg.l2_normalize
    assert ag.linalg.matmul is ag.math.matmul is ag.matmul
    assert ag.nn.relu is ag.relu and ag.nn.swish is ag.nn.silu


def test_math_extras_are_the_runtime_math_family():
    assert set(MATH_BEYOND_TENSORFLOW) <= set(MATH)
