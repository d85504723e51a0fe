"""`Dataset.rejection_resample`: its draws are random, and not TensorFlow's, so these tests
check what TensorFlow 2.21 guarantees: the class distribution the output converges to, the
element spec, cardinality and repr (checked against TensorFlow), and when the input passes
through untouched."""

import numpy as np
import pytest

import autograph as ag

D = ag.data.Dataset
N = 20_000


@pytest.fixture(scope="module")
def skewed():
    """20,000 classes drawn with probabilities 0.7, 0.2, 0.1."""
    rng = np.random.default_rng(0)
    return D.from_tensor_slices(rng.choice(3, size=N, p=[0.7, 0.2, 0.1]).astype(np.int32))


def class_fractions(ds):
    pairs = list(ds.as_numpy_iterator())
    assert all(c == e for c, e in pairs)  # each element comes with its own class
    classes = np.array([c for c, _ in pairs])
    return np.bincount(classes, minlength=3) / len(classes), len(classes)


@pytest.mark.parametrize("initial_dist", [[0.7, 0.2, 0.1], None])
def test_the_classes_converge_to_the_target(skewed, initial_dist):
    ds = skewed.rejection_resample(lambda x: x, target_dist=[1 / 3, 1 / 3, 1 / 3],
                                   initial_dist=initial_dist, seed=1)
    fractions, count = class_fractions(ds)
    # About 3 * 0.1 * N elements come out (the rarest class limits them); each fraction is
    # within 4 standard deviations of 1/3.
    assert 5_000 < count < 9_000
    np.testing.assert_allclose(fractions, [1 / 3] * 3, atol=4 * np.sqrt(2 / 9 / count))


def test_a_target_that_leaves_a_class_out_drops_it(skewed):
    ds = skewed.rejection_resample(lambda x: x, [0.5, 0.5, 0.0], initial_dist=[0.7, 0.2, 0.1],
                                   seed=3)
    fractions, count = class_fractions(ds)
    assert fractions[2] == 0
    np.testing.assert_allclose(fractions[:2], [0.5, 0.5], atol=4 * np.sqrt(0.25 / count))
    assert repr(ds).startswith("<_PrefetchDataset ")  # TensorFlow's: the filtered input only


def test_an_input_already_at_the_target_passes_through_with_its_classes():
    ds = D.range(5).rejection_resample(lambda x: ag.cast(x % 2, ag.int32), [0.5, 0.5],
                                       initial_dist=[0.5, 0.5])
    assert [(int(c), int(x)) for c, x in ds] == [(0, 0), (1, 1), (0, 2), (1, 3), (0, 4)]
    assert int(ds.cardinality()) == 5
    assert repr(ds).startswith("<_MapDataset ")


def test_element_spec_cardinality_and_repr_are_tensorflows():
    ds = D.range(10).rejection_resample(lambda x: ag.cast(x % 2, ag.int32), [0.5, 0.5])
    assert ds.element_spec == (ag.TensorSpec([], ag.int32), ag.TensorSpec([], ag.int64))
    assert int(ds.cardinality()) == ag.data.UNKNOWN_CARDINALITY
    assert repr(ds).startswith("<_DirectedInterleaveDataset ")
    pairs = D.from_tensor_slices(([1, 2], [3, 4])).rejection_resample(lambda a, b: a % 2,
                                                                       [0.5, 0.5])
    assert pairs.element_spec == (ag.TensorSpec([], ag.int32),
                                  (ag.TensorSpec([], ag.int32), ag.TensorSpec([], ag.int32)))
    records = D.from_tensor_slices({"a": [1, 2]}).rejection_resample(lambda e: e["a"] % 2,
                                                                      [0.5, 0.5])
    assert records.element_spec == (ag.TensorSpec([], ag.int32),
                                    {"a": ag.TensorSpec([], ag.int32)})


def test_a_seed_repeats_the_draws_and_each_pass_draws_anew(skewed):
    def resampled():
        return skewed.take(300).rejection_resample(lambda x: x, [1 / 3] * 3, seed=5)
    ds = resampled()
    first = [int(x) for _, x in ds]
    assert first == [int(x) for _, x in resampled()]
    assert first != [int(x) for _, x in ds]


def test_a_class_func_that_gives_no_integer_scalar_is_refused():
    with pytest.raises(TypeError, match="class_func must return an integer scalar tensor"):
        D.range(3).rejection_resample(lambda x: ag.cast(x, ag.float32), [0.5, 0.5])
    with pytest.raises(ValueError, match="class_func must return a scalar"):
        D.range(3).rejection_resample(lambda x: ag.stack([x, x]), [0.5, 0.5])


def test_a_class_outside_the_target_is_an_error():
    ds = D.range(4).rejection_resample(lambda x: x, [0.5, 0.5], initial_dist=[0.9, 0.1], seed=0)
    with pytest.raises(ag.errors.InvalidArgumentError, match=r"the class 2 is not in \[0, 2\)"):
        list(ds.take(100))


def test_the_experimental_function_resamples_the_same_way(skewed):
    ds = skewed.apply(ag.data.experimental.rejection_resample(
        lambda x: x, [1 / 3] * 3, initial_dist=[0.7, 0.2, 0.1], seed=1))
    same = skewed.rejection_resample(lambda x: x, [1 / 3] * 3, initial_dist=[0.7, 0.2, 0.1],
                                     seed=1)
    assert [int(x) for _, x in ds.take(50)] == [int(x) for _, x in same.take(50)]


def test_an_iterator_over_resampled_elements_saves_its_position(skewed, tmp_path):
    ds = skewed.take(500).rejection_resample(lambda x: x, [1 / 3] * 3, seed=2)
    iterator = iter(ds)
    for _ in range(10):
        next(iterator)
    checkpoint = ag.train.Checkpoint(iterator=iterator)
    path = checkpoint.save(str(tmp_path / "ckpt"))
    after = [int(x) for _, x in (next(iterator) for _ in range(10))]
    checkpoint.restore(path)
    assert [int(x) for _, x in (next(iterator) for _ in range(10))] == after


def test_the_guides_resampling_balances_a_csv_file_of_rare_positives(tmp_path):
    # The data guide's "Rejection resampling" cells, on a small local file shaped like its
    # credit-card CSV (5% positives), with smaller batches and seeds; TensorFlow 2.21 balanced
    # the labels of such a file to 0.509 over 2,000 of them.
    rng = np.random.default_rng(0)
    path = tmp_path / "creditcard.csv"
    columns = ["Time"] + [f"V{i}" for i in range(1, 29)] + ["Amount", "Class"]
    rows = [",".join([str(k), *(f"{v:.3f}" for v in rng.normal(size=29)),
                      str(int(rng.random() < 0.05))]) for k in range(600)]
    path.write_text("\n".join([",".join(columns), *rows]) + "\n")
    creditcard_ds = ag.data.experimental.make_csv_dataset(
        str(path), batch_size=64, label_name="Class", column_defaults=[float()] * 30 + [int()],
        shuffle_seed=0)

    def count(counts, batch):
        features, labels = batch
        counts["class_0"] += ag.reduce_sum(ag.cast(labels == 0, ag.int32))
        counts["class_1"] += ag.reduce_sum(ag.cast(labels == 1, ag.int32))
        return counts
    counts = creditcard_ds.take(10).reduce({"class_0": 0, "class_1": 0}, count)
    counts = np.array([counts["class_0"].numpy(), counts["class_1"].numpy()], np.float32)
    fractions = counts / counts.sum()
    assert fractions[1] < 0.15

    resample_ds = creditcard_ds.unbatch().rejection_resample(
        lambda features, label: label, target_dist=[0.5, 0.5], initial_dist=fractions,
        seed=0).batch(10)
    balanced_ds = resample_ds.map(lambda extra_label, features_and_label: features_and_label)
    assert balanced_ds.element_spec[1] == ag.TensorSpec([None], ag.int32)
    labels = np.concatenate([label.numpy() for _, label in balanced_ds.take(30)])
    assert len(labels) == 300
    np.testing.assert_allclose(labels.mean(), 0.5, atol=4 * np.sqrt(0.25 / 300))
