"""Optimizer steps with the gradient of an embedding lookup (an `IndexedSlices`): Keras 3.15's
numbers, recorded there (two steps on a 5 x 2 table of ones, rows [1, 1] then [2], learning
rate 0.1: a repeated row shows how Keras combines repeats); `LazyAdam` against its formula."""

import numpy as np
import pytest
from numpy.testing import assert_allclose

import autograph as ag

KERAS = {  # column 0 of rows 1 and 2 after the two steps
    "SGD": (ag.optimizers.SGD, {}, 0.7999999523162842, 0.8999999761581421),
    "SGD_momentum": (ag.optimizers.SGD, {"momentum": 0.9}, 0.6200000047683716,
                     0.8999999761581421),
    "Adam": (ag.optimizers.Adam, {}, 0.763820469379425, 0.9255872964859009),
    "Adam_amsgrad": (ag.optimizers.Adam, {"amsgrad": True}, 0.7638678550720215,
                     0.9255872964859009),
    "Adagrad": (ag.optimizers.Adagrad, {}, 0.8619868755340576, 0.9046537280082703),
    "RMSprop": (ag.optimizers.RMSprop, {}, 0.5527864694595337, 0.6837723851203918),
    "RMSprop_centered": (ag.optimizers.RMSprop, {"centered": True, "momentum": 0.5},
                         0.2500001788139343, 0.6666668653488159),
}


def _two_steps(optimizer):
    emb = ag.keras.layers.Embedding(5, 2, embeddings_initializer="ones")
    emb.build((None,))
    for ids in ([1, 1], [2]):
        with ag.GradientTape() as tape:
            loss = ag.reduce_sum(emb(ag.constant(ids)))
        grads = tape.gradient(loss, emb.trainable_variables)
        assert isinstance(grads[0], ag.IndexedSlices)
        optimizer.apply_gradients(zip(grads, emb.trainable_variables))
    return emb.embeddings.numpy()


@pytest.mark.parametrize("name", sorted(KERAS))
def test_a_sparse_gradient_steps_as_keras_does(name):
    cls, kwargs, row1, row2 = KERAS[name]
    table = _two_steps(cls(0.1, **kwargs))
    assert_allclose(table[1:3, 0], [row1, row2], rtol=0, atol=0)
    assert (table[[0, 3, 4]] == 1.0).all()


def test_lazy_adam_moves_and_decays_only_the_rows_read():
    table = _two_steps(ag.optimizers.LazyAdam(0.1))
    # Step 1: row 1 (gradient 2, repeats summed) moves by alpha * m / (sqrt(v) + eps).
    # Step 2 reads row 2 only: row 1 keeps its value, as TensorFlow Addons' LazyAdam.
    alpha1 = 0.1 * np.sqrt(1 - 0.999) / (1 - 0.9)
    m, v = 0.1 * 2.0, 0.001 * 4.0
    assert_allclose(table[1, 0], 1.0 - alpha1 * m / (np.sqrt(v) + 1e-7), rtol=1e-6)
    alpha2 = 0.1 * np.sqrt(1 - 0.999 ** 2) / (1 - 0.9 ** 2)
    assert_allclose(table[2, 0], 1.0 - alpha2 * 0.1 / (np.sqrt(0.001) + 1e-7), rtol=1e-6)


def test_lazy_adam_steps_a_dense_gradient_as_adam():
    lazy, plain = ag.Variable([1.0, 2.0]), ag.Variable([1.0, 2.0])
    for var, opt in ((lazy, ag.optimizers.LazyAdam(0.1)), (plain, ag.optimizers.Adam(0.1))):
        for _ in range(3):
            opt.apply_gradients([(ag.constant([0.5, -1.0]), var)])
    assert_allclose(lazy.numpy(), plain.numpy())


def test_lazy_adam_refuses_amsgrad():
    with pytest.raises(ValueError, match="LazyAdam does not support amsgrad"):
        ag.optimizers.LazyAdam(amsgrad=True)


def _stored_address(variable):
    return variable.read_value()._value.__array_interface__["data"][0]


def test_a_row_step_updates_the_table_in_place_when_nothing_holds_it():
    emb = ag.keras.layers.Embedding(1000, 4)
    emb.build((None,))
    opt, table = ag.optimizers.SGD(0.1), emb.embeddings
    with ag.GradientTape() as tape:
        loss = ag.reduce_sum(emb(ag.constant([3])))
    grads = tape.gradient(loss, [table])
    before, row = _stored_address(table), table.numpy()[3]
    opt.apply_gradients(zip(grads, [table]))
    assert _stored_address(table) == before
    assert_allclose(table.numpy()[3], row - 0.1)


def test_a_row_step_copies_the_table_while_a_read_tensor_holds_it():
    table = ag.Variable(np.ones((10, 2), np.float32))
    held = table.read_value()
    ag.optimizers.SGD(0.5).apply_gradients(
        [(ag.IndexedSlices(ag.ones([1, 2]), ag.constant([4]), ag.constant([10, 2])), table)])
    assert held.numpy()[4].tolist() == [1.0, 1.0]
    assert table.numpy()[4].tolist() == [0.5, 0.5]


def test_a_traced_training_step_with_lazy_adam_changes_only_the_rows_read():
    emb = ag.keras.layers.Embedding(50, 3, embeddings_initializer="ones")
    emb.build((None,))
    opt = ag.optimizers.LazyAdam(0.1)

    @ag.function
    def step(ids):
        with ag.GradientTape() as tape:
            loss = ag.reduce_sum(emb(ids))
        opt.apply_gradients(zip(tape.gradient(loss, emb.trainable_variables),
                                emb.trainable_variables))

    step(ag.constant([4, 7]))
    step(ag.constant([7]))
    table = emb.embeddings.numpy()
    changed = sorted(set(np.nonzero(table != 1.0)[0].tolist()))
    assert changed == [4, 7]
