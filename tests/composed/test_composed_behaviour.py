"""The composed functions' errors, randomness and accuracy where they differ from TensorFlow."""

import numpy as np
import numpy.testing as npt
import pytest

import autograph as ag
from autograph.runtime.core.traceback_utils import filter_traceback

LOGITS = [[1.0, 2.0, 3.0], [1.0, 2.0, 3.0]]


def test_sparse_labels_out_of_range_fail_eagerly():
    # TensorFlow's CPU kernel says the same.
    with pytest.raises(ag.errors.InvalidArgumentError,
                       match=r"Received a label value of 3 which is outside the valid range of "
                             r"\[0, 3\)\.  Label values: 3 0"):
        ag.nn.sparse_softmax_cross_entropy_with_logits([3, 0], LOGITS)


def test_sparse_labels_out_of_range_fail_when_the_graph_runs():
    loss = ag.function(ag.nn.sparse_softmax_cross_entropy_with_logits)
    np.testing.assert_allclose(loss(ag.constant([1, 0]), ag.constant(LOGITS)).numpy(),
                               [1.4076059, 2.4076059], rtol=1e-6)
    with pytest.raises(ag.errors.InvalidArgumentError, match=r"Label values: -1 0"):
        loss(ag.constant([-1, 0]), ag.constant(LOGITS))


def test_sparse_labels_must_be_integers_of_one_rank_less():
    with pytest.raises(TypeError, match="int32 or int64 class indices, got float32"):
        ag.nn.sparse_softmax_cross_entropy_with_logits([1.0, 0.0], LOGITS)
    with pytest.raises(ValueError, match="must have rank 1"):
        ag.nn.sparse_softmax_cross_entropy_with_logits([[1], [0]], LOGITS)


def test_cross_entropy_labels_and_logits_must_match():
    with pytest.raises(ValueError, match="same shape"):
        ag.nn.softmax_cross_entropy_with_logits([[0.0, 1.0]], LOGITS)
    with pytest.raises(TypeError, match="labels are float64 but logits are float32"):
        ag.nn.sigmoid_cross_entropy_with_logits(ag.constant([1.0], ag.float64), [0.5])


def test_float_functions_reject_integers_saying_how_to_cast():
    with pytest.raises(TypeError, match=r"softplus takes a floating tensor, got int32.*ag\.cast"):
        ag.nn.softplus([1, 2])
    with pytest.raises(TypeError, match="gelu takes a floating tensor, got int64"):
        ag.nn.gelu(ag.constant([1], ag.int64))


def test_erf_rejects_float64_rather_than_lose_precision_silently():
    with pytest.raises(TypeError, match="float32-accurate"):
        ag.math.erf(ag.constant([0.5], ag.float64))


def test_gelu_on_float64_is_float32_accurate():
    # A deliberate difference: erfc is computed to float32 precision (no float64 kernel yet).
    # TensorFlow's float64 answers for [-2, -0.25, 0.75, 2]:
    expected = [-0.045500267592422677, -0.10032341899286551, 0.58002948281836575,
                1.9544997324075772]
    actual = ag.nn.gelu(ag.constant([-2.0, -0.25, 0.75, 2.0], ag.float64)).numpy()
    np.testing.assert_allclose(actual, expected, rtol=2e-7)


def test_bias_add_checks_the_bias_against_the_channels():
    with pytest.raises(ValueError, match="bias has 3 elements but value .* has 2 channels"):
        ag.nn.bias_add([[1.0, 2.0]], [1.0, 2.0, 3.0])
    with pytest.raises(ValueError, match="bias must be 1-D"):
        ag.nn.bias_add([[1.0, 2.0]], [[1.0, 2.0]])
    with pytest.raises(ValueError, match="data_format"):
        ag.nn.bias_add([[1.0, 2.0]], [1.0, 2.0], data_format="HWCN")


def test_dropout_keeps_scaled_values_and_zeroes_the_rest():
    ag.random.set_seed(7)
    out = ag.nn.dropout(ag.ones([1000]), rate=0.25).numpy()
    assert set(np.unique(out)) <= {0.0, np.float32(1 / 0.75)}
    assert 0.18 < np.mean(out == 0) < 0.32


def test_dropout_with_noise_shape_drops_whole_rows_in_a_graph():
    ag.random.set_seed(3)
    drop = ag.function(lambda x: ag.nn.dropout(x, 0.5, noise_shape=[8, 1]))
    out = drop(ag.ones([8, 4])).numpy()
    assert all(len(set(row)) == 1 for row in out)
    assert set(np.unique(out)) <= {0.0, 2.0}


def test_dropout_rate_zero_is_the_identity_and_one_is_refused():
    x = ag.constant([1.0, 2.0])
    np.testing.assert_array_equal(ag.nn.dropout(x, 0.0).numpy(), [1.0, 2.0])
    with pytest.raises(ValueError, match=r"rate must be in \[0, 1\), got 1.0"):
        ag.nn.dropout(x, 1.0)


def test_matrix_functions_need_the_matrix_size_in_a_graph():
    trace = ag.function(ag.linalg.trace, input_signature=[ag.TensorSpec([None, None])])
    with pytest.raises(ValueError, match="matrix size known .* input_signature"):
        trace(ag.ones([2, 2]))


def test_norm_refuses_the_spectral_norm_and_bad_orders():
    with pytest.raises(ValueError, match="matrix norms take ord 'fro', 'euclidean', 1 or inf"):
        ag.linalg.norm([[1.0, 2.0]], ord=2, axis=[0, 1])
    with pytest.raises(ValueError, match="vector norms take"):
        ag.linalg.norm([1.0, 2.0], ord=-1)


def test_shape_errors_of_linalg_name_the_function():
    with pytest.raises(ValueError, match="ag.linalg.cross takes 3-vectors"):
        ag.linalg.cross([1.0, 2.0], [3.0, 4.0])
    with pytest.raises(ValueError, match="k=3 is outside the matrices"):
        ag.linalg.diag_part(ag.ones([2, 3]), k=3)
    with pytest.raises(ValueError, match="diagonal has length 3 but the matrices"):
        ag.linalg.set_diag(ag.ones([2, 2]), [1.0, 2.0, 3.0])


def test_python_arguments_are_checked():
    with pytest.raises(ValueError, match="coeffs` must be a list"):
        ag.math.polyval(ag.constant([1.0, 2.0]), 2.0)
    with pytest.raises(ValueError, match="`scalar` must be a scalar"):
        ag.math.scalar_mul([1.0, 2.0], [1.0, 2.0])
    with pytest.raises(TypeError, match="takes a list of tensors"):
        ag.linalg.global_norm(ag.constant([1.0]))


def test_composed_functions_filter_their_errors_like_the_ops():
    assert ag.nn.gelu.__wrapped__.__module__ == "autograph.runtime.ops.nn.ops"
    assert ag.math.softplus is ag.nn.softplus
    assert type(ag.linalg.trace) is type(filter_traceback(lambda: None))


def test_a_segment_id_past_num_segments_is_an_error_as_in_tensorflow():
    # TensorFlow's CPU kernel: "segment_ids[1] = 3 is out of range [0, 3)".
    with pytest.raises(ag.errors.InvalidArgumentError, match="below num_segments"):
        ag.math.unsorted_segment_sum([1.0, 2.0], [0, 3], 3)
    summed = ag.function(lambda d, i: ag.math.unsorted_segment_sum(d, i, 2))
    with pytest.raises(ag.errors.InvalidArgumentError, match="below num_segments"):
        summed(ag.constant([1.0, 2.0]), ag.constant([0, 2]))


def test_segment_ids_must_be_integers_shaped_like_the_data():
    with pytest.raises(TypeError, match="segment_ids must be int32 or int64"):
        ag.math.unsorted_segment_sum([1.0, 2.0], [0.0, 1.0], 2)
    with pytest.raises(ValueError, match="must start data's shape"):
        ag.math.unsorted_segment_sum([1.0, 2.0], [0, 1, 1], 2)


def test_invert_permutation_rejects_what_is_not_a_permutation():
    with pytest.raises(ag.errors.InvalidArgumentError, match="not a permutation"):
        ag.math.invert_permutation([0, 0, 2])
    with pytest.raises(ValueError, match="1-D int32 or int64"):
        ag.math.invert_permutation([[0, 1]])


def test_bincount_of_a_negative_value_is_an_error_as_in_tensorflow():
    # TensorFlow: "Input arr must be non-negative!" (InvalidArgumentError).
    with pytest.raises(ag.errors.InvalidArgumentError, match="arr must be non-negative"):
        ag.math.bincount([-1, 2])


def test_confusion_matrix_labels_out_of_range_are_an_error_as_in_tensorflow():
    # TensorFlow: "`labels` out of bound" (InvalidArgumentError).
    with pytest.raises(ag.errors.InvalidArgumentError, match=r"must be in \[0, num_classes\)"):
        ag.math.confusion_matrix([0, 3], [1, 1], num_classes=3)


def test_inverse_trigonometric_functions_refuse_float64():
    with pytest.raises(TypeError, match="takes float16 or float32 tensors, got float64"):
        ag.math.atan(ag.constant([1.0], ag.float64))


def test_atan2_differs_from_tensorflow_on_signed_zeros_and_infinite_pairs():
    # A deliberate difference (no op reads a zero's sign): TensorFlow gives -pi and pi/4.
    result = ag.math.atan2([-0.0, float("inf")], [-1.0, float("inf")]).numpy()
    np.testing.assert_allclose(result[0], np.pi, rtol=1e-6)
    assert np.isnan(result[1])


def test_scans_need_a_python_axis_of_known_length():
    with pytest.raises(TypeError, match="axis must be a Python int"):
        ag.math.cumprod([1, 2], axis=ag.constant(0))
    scan = ag.function(ag.math.cumprod, input_signature=[ag.TensorSpec([None])])
    with pytest.raises(ValueError, match="needs the length of axis 0 known"):
        scan(ag.ones([3]))


def test_sparse_cross_entropy_with_int64_labels_and_unknown_classes_in_a_graph():
    loss = ag.function(ag.nn.sparse_softmax_cross_entropy_with_logits,
                       input_signature=[ag.TensorSpec([None], ag.int64),
                                        ag.TensorSpec([None, None])])
    np.testing.assert_allclose(loss(ag.constant([1, 0], ag.int64), ag.constant(LOGITS)).numpy(),
                               [1.4076059, 2.4076059], rtol=1e-6)


def test_top_k_checks_k_against_the_last_axis():
    with pytest.raises(ValueError, match="k=3 is larger than the last axis"):
        ag.math.top_k([1.0, 2.0], k=3)
    with pytest.raises(ValueError, match="k must be a Python int"):
        ag.math.top_k([1.0, 2.0], k=ag.constant(1))


def test_in_top_k_targets_out_of_range_are_an_error():
    # TensorFlow's CPU kernel: "targets[0] is out of range".
    with pytest.raises(ag.errors.InvalidArgumentError, match=r"every target must be in \[0, 2\)"):
        ag.math.in_top_k([2], [[1.0, 2.0]], 1)


def test_top_k_names_its_values_and_indices():
    found = ag.math.top_k(ag.constant([1.0, 5.0, 3.0]), 2)
    assert type(found).__name__ == "TopKV2"
    npt.assert_array_equal(found.values.numpy(), [5.0, 3.0])
    npt.assert_array_equal(found.indices.numpy(), [1, 2])


def test_top_k_names_its_values_inside_a_function():
    @ag.function
    def largest(x):
        return ag.math.top_k(x, 2).values * 10.0
    npt.assert_array_equal(largest(ag.constant([1.0, 5.0, 3.0])).numpy(), [50.0, 30.0])


def test_slogdet_names_its_sign_and_log_abs_determinant():
    found = ag.linalg.slogdet(ag.constant([[0.0, 2.0], [1.0, 0.0]]))
    assert type(found).__name__ == "LogMatrixDeterminant"
    assert float(found.sign) == -1.0
    npt.assert_allclose(found.log_abs_determinant.numpy(), np.log(2.0), rtol=1e-6)
