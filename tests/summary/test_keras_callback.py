"""`ag.keras.callbacks.TensorBoard`: `fit` written under `train/` and `validation/` with the
tags and steps Keras 3.15 writes (recorded from the same model, data and arguments)."""

import numpy as np
import numpy.testing as npt
import pytest

import autograph as ag
from autograph.runtime.summary import profiler
from autograph.runtime.summary.keras_callback import _weight_image
from tests.summary.reading import accumulator, events_on_disk, values

# Keras 3.15 with TensorFlow 2.21, the run of `_fit` below (histogram_freq=1, update_freq=2)
KERAS_TRAIN_TAGS = ["keras", "batch_accuracy", "batch_loss", "epoch_accuracy", "epoch_loss",
                    "epoch_learning_rate", "sequential/d1/kernel/histogram",
                    "sequential/d1/bias/histogram", "sequential/d2/kernel/histogram",
                    "sequential/d2/bias/histogram"]
KERAS_VALIDATION_TAGS = ["evaluation_accuracy_vs_iterations", "evaluation_loss_vs_iterations",
                         "epoch_accuracy", "epoch_loss"]


def _fit(log_dir, **options):
    return _fit_with(ag.keras.callbacks.TensorBoard(str(log_dir), **options))


def _fit_with(callback):
    ag.keras.utils.set_random_seed(0)
    # named as a fresh process names it: the tags start with the model's name
    model = ag.keras.Sequential([ag.keras.Input((4,)), ag.keras.layers.Dense(3, name="d1"),
                                 ag.keras.layers.Dense(2, name="d2")], name="sequential")
    model.compile("sgd", "sparse_categorical_crossentropy", metrics=["accuracy"])
    rng = np.random.default_rng(0)
    x, y = rng.random((20, 4), np.float32), rng.integers(0, 2, 20)
    history = model.fit(x, y, epochs=2, batch_size=5, validation_data=(x, y),
                        callbacks=[callback], verbose=0)
    return model, history


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    log_dir = tmp_path_factory.mktemp("tensorboard")
    model, history = _fit(log_dir, histogram_freq=1, update_freq=2)
    return log_dir, model, history


def test_train_and_validation_runs_have_keras_3s_tags(run):
    log_dir, _, _ = run
    assert accumulator(log_dir / "train").Tags()["tensors"] == KERAS_TRAIN_TAGS
    assert accumulator(log_dir / "validation").Tags()["tensors"] == KERAS_VALIDATION_TAGS


def test_epoch_values_are_the_historys(run):
    log_dir, _, history = run
    for tag, key, folder in (("epoch_loss", "loss", "train"),
                             ("epoch_accuracy", "accuracy", "train"),
                             ("epoch_loss", "val_loss", "validation")):
        found = values(log_dir / folder, tag)
        assert [s for s, _ in found] == [0, 1]
        npt.assert_allclose([float(v) for _, v in found], history.history[key], rtol=1e-6)


def test_batch_values_every_update_freq_steps_and_evaluations_at_the_iteration(run):
    log_dir, _, _ = run
    assert [s for s, _ in values(log_dir / "train", "batch_loss")] == [2, 4, 6, 8]
    assert [s for s, _ in values(log_dir / "validation",
                                 "evaluation_loss_vs_iterations")] == [4, 8]
    npt.assert_allclose([float(v) for _, v in values(log_dir / "train", "epoch_learning_rate")],
                        [0.01, 0.01], rtol=1e-6)


def test_histograms_of_each_weight_and_the_graph_of_the_train_step(run):
    log_dir, model, _ = run
    (_, last) = values(log_dir / "train", "sequential/d2/bias/histogram")[-1]
    assert last.shape == (30, 3) and last[:, 2].sum() == 2  # the bias' two values
    train = accumulator(log_dir / "train")
    assert train.Tags()["graph"] and any(n.op == "MatMul" for n in train.Graph().node)
    (_, config) = values(log_dir / "train", "keras")[0]
    assert b'"class_name": "Sequential"' in config.reshape(-1)[0]


def test_profile_batch_writes_a_trace_of_those_batches(tmp_path):
    _fit(tmp_path, profile_batch=(2, 3), write_graph=False)
    (trace,) = (tmp_path / "train").glob("plugins/profile/*/*.trace.json.gz")
    assert any(e["name"] == "MatMul" for e in profiler.read_trace(str(trace)))
    assert profiler._active == []


def test_embeddings_and_bad_update_freq_are_refused():
    with pytest.raises(ValueError, match="embeddings_freq"):
        ag.keras.callbacks.TensorBoard(embeddings_freq=1)
    with pytest.raises(ValueError, match="update_freq"):
        ag.keras.callbacks.TensorBoard(update_freq=0)
    with pytest.raises(ValueError, match="profile_batch"):
        ag.keras.callbacks.TensorBoard(profile_batch=(3, 1))


def test_images_steps_per_second_and_batch_updates(tmp_path):
    _fit(tmp_path, histogram_freq=2, write_images=True, write_steps_per_second=True,
         update_freq="batch", write_graph=False)
    train = accumulator(tmp_path / "train")
    tags = train.Tags()["tensors"]
    assert "keras" not in tags and not train.Tags()["graph"]  # write_graph=False
    assert [s for s, _ in values(tmp_path / "train", "batch_loss")] == list(range(1, 9))
    assert [s for s, _ in values(tmp_path / "train", "sequential/d1/kernel/histogram")] == [0]
    ((_, kernel_image),) = values(tmp_path / "train", "sequential/d1/kernel/image")
    assert kernel_image[:2].tolist() == [b"4", b"3"]  # the 4x3 kernel, as a 3x4 picture
    ((_, bias_image),) = values(tmp_path / "train", "sequential/d1/bias/image")
    assert bias_image[:2].tolist() == [b"1", b"3"]  # a bias is a column
    for tag in ("batch_steps_per_second", "epoch_steps_per_second"):
        assert all(float(v) > 0 for _, v in values(tmp_path / "train", tag))


def test_profile_batch_as_text_profiles_those_batches(tmp_path):
    _fit(tmp_path, profile_batch="2,3", write_graph=False)
    (trace,) = (tmp_path / "train").glob("plugins/profile/*/*.trace.json.gz")
    steps = {e["name"] for e in profiler.read_trace(str(trace)) if e.get("cat") == "op"}
    assert "MatMul" in steps


def test_weight_images_of_each_rank():
    assert _weight_image(np.ones(3)).shape == (1, 3, 1, 1)
    assert _weight_image(np.ones((5, 2))).shape == (1, 2, 5, 1)  # wider than tall
    assert _weight_image(np.ones((2, 5))).shape == (1, 2, 5, 1)
    assert _weight_image(np.ones((3, 3, 4))).shape == (4, 3, 3, 1)
    assert _weight_image(np.ones((2, 2, 2, 2))) is None


def test_defaults_are_keras_3s(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    callback = ag.keras.callbacks.TensorBoard()
    assert (callback.log_dir, callback.histogram_freq, callback.write_graph,
            callback.update_freq) == ("logs", 0, True, "epoch")
    _fit_with(callback)
    train = accumulator(tmp_path / "logs" / "train")
    assert train.Tags()["tensors"] == ["keras", "epoch_accuracy", "epoch_loss",
                                       "epoch_learning_rate"]  # no batch_*, no histograms
    assert train.Tags()["graph"]
    (graph_event,) = [e for e in events_on_disk(tmp_path / "logs" / "train") if e.graph_def]
    assert graph_event.step == 0
    assert not list((tmp_path / "logs" / "train").glob("plugins/profile/*"))


def test_the_embeddings_refusal_says_exactly_why():
    with pytest.raises(ValueError) as e:
        ag.keras.callbacks.TensorBoard(embeddings_freq=1)
    assert str(e.value) == ("TensorBoard(embeddings_freq=...) is not supported: autograph does "
                            "not write the embedding projector's files; leave it at 0.")


@pytest.mark.parametrize("batches, steps", [((2, 3), 2), ((4, 4), 1)])
def test_profile_batch_profiles_exactly_those_batches(tmp_path, batches, steps):
    _fit(tmp_path, profile_batch=batches, write_graph=False)
    (trace,) = (tmp_path / "train").glob("plugins/profile/*/*.trace.json.gz")
    forward = [e for e in profiler.read_trace(str(trace))
               if e.get("cat") == "op" and e["args"]["name"] == "d1/MatMul"]
    assert len(forward) == steps  # one forward pass of the first layer per step
