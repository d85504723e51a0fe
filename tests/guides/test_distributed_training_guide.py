"""TensorFlow's distributed training guide, run here cell by cell
(`distributed_training_guide.py`) and compared with what TensorFlow 2.21 showed for each cell
on a machine with CPUs only.

All 20 cells are compared, as a notebook displays them: Keras's progress bar, which
TensorFlow redraws with carriage returns, backspaces and colour codes, by the line it leaves,
its times masked. 19 show TensorFlow's output: 16 exactly (with the ported import's names,
`ag.Variable` where TensorFlow prints `tf.Variable`) and 3 up to the values of a randomly
initialised kernel (Keras's `fit` and `evaluate`, the custom training loop: TensorFlow's
differ from run to run; here they are seeded), which the test checks otherwise: the custom
loop's 210 losses are those of SGD from its first one, as TensorFlow's are, and `fit` brings
the loss down as there. The other one differs as `DIFFERENCES` says. What the cell building
a `MirroredStrategy` on two GPUs did on that machine without GPUs is checked too.
"""

import re

import numpy as np
import pytest

import autograph as ag
from tests.guides import distributed_training_guide, notebook
from tests.guides.compare import displayed, masked, normal

CELLS = distributed_training_guide.CELLS

# Cells whose numbers come from a Dense layer's randomly initialised kernel: compared with
# numbers masked.
RANDOM = {"ZMmxEFRTEjH5", "Lqgd9SdxW5OW", "Egq9eufToRf6", "e5BEvR0-LJAc"}

DIFFERENCES = {  # cell -> (why, what it shows here, numbers masked)
    "Lqgd9SdxW5OW": (
        "the History that `fit` returns: Keras's has the default repr (its module path and "
        "address); here it shows the epochs run and the names logged",
        "Epoch 1/2\n10/10 ━━━━━━━━━━━━━━━━━━━━ #s #s/step - loss: #\n"
        "Epoch 2/2\n10/10 ━━━━━━━━━━━━━━━━━━━━ #s #s/step - loss: #\n"
        "<History epochs=2 keys=['loss']>\n"),
}


def _tensorflow(cell):
    """What TensorFlow showed for `cell`, on a machine with GPUs where this one has them (it
    was recorded on one without; with GPUs, `MirroredStrategy()` mirrors over them, and
    `O4Vmae5jmSE6` builds one, whose variable shows one copy per GPU)."""
    text = distributed_training_guide.TENSORFLOW[cell]
    gpus = len(ag.config.list_physical_devices("GPU"))
    if gpus and cell == "8ZmJqErtS4A1":
        text = f"{gpus}\n"
    elif gpus and cell == "O4Vmae5jmSE6":
        copies = ",\n".join(
            f"  {i}: <tf.Variable 'Variable{f'/replica_{i}' if i else ''}:0' shape=() "
            "dtype=float32, numpy=1.0>" for i in range(gpus))
        text = f"MirroredVariable:{{\n{copies}\n}}\n"
    return text


def _ported(text):
    """TensorFlow's output with the ported import's names (`tf.Tensor` is `ag.Tensor`)."""
    return re.sub(r"\btf\.(Tensor|Variable)\b", r"ag.\1", text)


def _same(cell, ours, theirs):
    theirs = _ported(theirs)
    if cell in RANDOM:
        return masked(ours) == masked(theirs)
    return normal(ours) == normal(theirs)


@pytest.fixture(scope="module")
def shown():
    """What each cell shows here, weights seeded, without a cluster (`TF_CONFIG`)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.delenv("TF_CONFIG", raising=False)
        ag.random.set_seed(0)
        return notebook.run_cells(CELLS, (distributed_training_guide.IMPORT,
                                          "import autograph as tf"))


@pytest.mark.parametrize("cell", [c for c, _ in CELLS if c not in DIFFERENCES])
def test_the_cell_shows_what_tensorflow_shows(shown, cell):
    ours, theirs = shown[cell], _tensorflow(cell)
    assert _same(cell, ours, theirs), (ours, theirs)


@pytest.mark.parametrize("cell", sorted(DIFFERENCES))
def test_the_cell_differs_from_tensorflow_as_explained(shown, cell):
    why, expected = DIFFERENCES[cell]
    assert not _same(cell, shown[cell], _tensorflow(cell)), (
        f"cell {cell} now shows TensorFlow's output: take it out of DIFFERENCES")
    assert masked(shown[cell]) == expected, why


def test_nineteen_of_the_twenty_cells_show_tensorflows_output(shown):
    same = [cell for cell, _ in CELLS if _same(cell, shown[cell], _tensorflow(cell))]
    assert (len(same), len(CELLS)) == (19, 20)
    exact = [cell for cell in same if shown[cell] == _ported(_tensorflow(cell))]
    assert len(exact) == 16


def _losses(text):
    return [float(x) for x in re.findall(r"Tensor\((\S+), shape=\(\), dtype=float32\)", text)]


def _sgd_losses(first, steps):
    """The losses the guide's custom loop prints from a kernel that gives `first` (the bias
    starting at zero): each batch is five examples (1, 1), the loss binary cross-entropy of
    the logit kernel + bias plus 1e-4 * kernel**2, and SGD steps by 0.01."""

    def loss(w, b):
        return np.logaddexp(0, -(w + b)) + 1e-4 * w * w

    low, high = -2.0, 2.0  # the loss falls as the kernel grows there; Glorot's is in ±√3
    for _ in range(60):
        low, high = ((low + high) / 2, high) if loss((low + high) / 2, 0) > first else \
            (low, (low + high) / 2)
    w, b, losses = low, 0.0, []
    for _ in range(steps):
        losses.append(loss(w, b))
        gradient = -1 / (1 + np.exp(w + b))
        w, b = w - 0.01 * (gradient + 2e-4 * w), b - 0.01 * gradient
    return np.array(losses)


@pytest.mark.parametrize("of", ["autograph", "tensorflow"])
def test_the_custom_loop_trains_by_sgd_from_its_first_loss(shown, of):
    # 200 steps over the dataset (1000 examples, 5 a batch), 10 more from a new iterator.
    text = shown if of == "autograph" else distributed_training_guide.TENSORFLOW
    losses = _losses(text["Egq9eufToRf6"]) + _losses(text["e5BEvR0-LJAc"])
    assert len(losses) == 210
    np.testing.assert_allclose(losses, _sgd_losses(losses[0], 210), rtol=1e-5)


def _bar_losses(text):
    return [float(x) for x in re.findall(r"^10/10 .* - loss: (\S+)$", displayed(text), re.M)]


@pytest.mark.parametrize("of", ["autograph", "tensorflow"])
def test_keras_fit_brings_the_loss_down_and_evaluate_returns_what_it_shows(shown, of):
    text = shown if of == "autograph" else distributed_training_guide.TENSORFLOW
    fit, evaluated = _bar_losses(text["ZMmxEFRTEjH5"]), text["ZMmxEFRTEjH5"].splitlines()[-1]
    again = _bar_losses(text["Lqgd9SdxW5OW"])
    assert len(fit) == 3 and len(again) == 2  # two epochs and `evaluate`; two epochs
    assert fit[0] > fit[1] > again[0] > again[1] and fit[1] > fit[2] > again[0]
    assert f"{float(evaluated):.4f}" == f"{fit[2]:.4f}"


def test_a_mirrored_strategy_on_two_named_gpus_has_two_replicas_as_in_tensorflow():
    # TensorFlow 2.21 without GPUs builds the guide's MirroredStrategy(["/gpu:0", "/gpu:1"])
    # with two replicas (worker devices .../device:GPU:0 and .../device:GPU:1, its ops placed
    # on the CPU): a variable in its scope is a MirroredVariable of two copies, and the sum
    # of a constant 1 run on each replica is 2.
    strategy = ag.distribute.MirroredStrategy(devices=["/gpu:0", "/gpu:1"])
    assert strategy.num_replicas_in_sync == 2
    with strategy.scope():
        variable = ag.Variable(1.)
    assert len(variable.values) == 2
    total = strategy.reduce("SUM", strategy.run(lambda: ag.constant(1.)), axis=None)
    assert float(total) == 2.0
