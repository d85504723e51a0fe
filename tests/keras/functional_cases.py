"""Cases run the same way under `tf.keras` and `ag.keras`: merge layers on fixed inputs, and
functional models with several inputs and outputs, shared layers and nested models, weights
set explicitly. `record_functional_answers.py` runs them under TensorFlow.

Each case takes a `Framework`: the `keras` namespace (`tf.keras` or `ag.keras`), its
`reduce_sum`, `gradients(fn, sources)`, the gradients of the scalar `fn(*sources)` with
respect to each source (arrays or variables), computed by that framework's tape, and
`mask_of(tensor)`, the Keras mask a layer attached to a tensor (or None).
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

import numpy as np


class Framework(NamedTuple):
    keras: Any
    reduce_sum: Callable[[Any], Any]
    gradients: Callable[[Callable[..., Any], list[Any]], list[Any]]
    mask_of: Callable[[Any], Any]


def arrays() -> dict[str, np.ndarray]:
    rng = np.random.default_rng(7)

    def normal(*shape: int) -> np.ndarray:
        return rng.normal(size=shape).round(2).astype(np.float32)

    return {"a": normal(2, 3), "b": normal(2, 3), "c": normal(2, 1), "d3": normal(2, 2, 3),
            "e": normal(2, 2)}


def _ramp(shape: tuple[int, ...]) -> np.ndarray:
    """Fixed weights for a weighted sum of an output, so every element's gradient differs."""
    size = int(np.prod(shape))
    return np.linspace(-1, 1, size, dtype=np.float32).reshape(shape)


# name: (layer class, keyword arguments, input names)
MERGES: dict[str, tuple[str, dict, list[str]]] = {
    "add_two": ("Add", {}, ["a", "b"]),
    "add_three_broadcast": ("Add", {}, ["a", "b", "c"]),
    "add_lower_rank_gains_an_axis": ("Add", {}, ["d3", "a"]),
    "subtract": ("Subtract", {}, ["a", "b"]),
    "multiply_broadcast": ("Multiply", {}, ["a", "c"]),
    "average": ("Average", {}, ["a", "b", "c"]),
    "maximum": ("Maximum", {}, ["a", "b"]),
    "minimum": ("Minimum", {}, ["a", "b"]),
    "concatenate_last": ("Concatenate", {}, ["a", "b", "e"]),
    "concatenate_axis_1": ("Concatenate", {"axis": 1}, ["d3", "d3"]),
}


def run_merge(fw: Framework, name: str) -> dict[str, Any]:
    """The layer's output, the gradients of sum(output * ramp) for each input, its config."""
    layer_class, kwargs, names = MERGES[name]
    values = arrays()
    layer = getattr(fw.keras.layers, layer_class)(name=name, **kwargs)
    inputs = [values[n] for n in names]
    output = np.asarray(layer(inputs))
    ramp = _ramp(output.shape)
    grads = fw.gradients(lambda *xs: fw.reduce_sum(layer(list(xs)) * ramp), inputs)
    return {"output": output.tolist(), "gradients": [np.asarray(g).tolist() for g in grads],
            "config": layer.get_config()}


def two_branch_model(keras: Any) -> Any:
    """Two inputs, two outputs, a layer shared by both branches, a Concatenate; weights
    set from a seeded generator in `model.weights` order."""
    a, b = keras.Input((3,), name="a"), keras.Input((2,), name="b")
    shared = keras.layers.Dense(4, activation="tanh", name="shared")
    ha = shared(a)
    hb = shared(keras.layers.Dense(3, name="pb")(b))
    merged = keras.layers.Concatenate(name="cat")([ha, hb])
    out1 = keras.layers.Dense(1, name="out1")(merged)
    out2 = keras.layers.Dense(2, activation="softmax", name="out2")(ha)
    model = keras.Model(inputs=[a, b], outputs=[out1, out2], name="two")
    rng = np.random.default_rng(3)
    model.set_weights([rng.normal(size=w.shape).round(2).astype(np.float32) / 2
                       for w in model.weights])
    return model


def two_branch_inputs() -> list[np.ndarray]:
    values = arrays()
    return [values["a"], values["e"]]


def run_two_branch(fw: Framework) -> dict[str, Any]:
    """Outputs, the gradients of a weighted sum of both outputs for each weight, the
    layers' order, the weights' shapes and the config."""
    model = two_branch_model(fw.keras)
    inputs = two_branch_inputs()
    out1, out2 = model(inputs)

    def objective(*_: Any) -> Any:
        first, second = model(inputs)
        return (fw.reduce_sum(first * _ramp((2, 1)))
                + fw.reduce_sum(second * _ramp((2, 2))))

    grads = fw.gradients(objective, list(model.trainable_weights))
    return {"outputs": [np.asarray(out1).tolist(), np.asarray(out2).tolist()],
            "gradients": [np.asarray(g).tolist() for g in grads],
            "layers": [layer.name for layer in model.layers],
            "weights": [list(w.shape) for w in model.weights],
            "config": model.get_config()}


def dict_model(keras: Any) -> Any:
    """Inputs and outputs given as dicts (keys that are the Inputs' names)."""
    x, y = keras.Input((3,), name="x"), keras.Input((2,), name="y")
    joined = keras.layers.Concatenate(name="joined")([x, y])
    p = keras.layers.Dense(1, kernel_initializer="ones", name="p")(joined)
    q = keras.layers.Dense(2, kernel_initializer="ones", name="q")(x)
    return keras.Model(inputs={"x": x, "y": y}, outputs={"p": p, "q": q}, name="dicts")


def run_dict_model(fw: Framework) -> dict[str, Any]:
    model = dict_model(fw.keras)
    values = arrays()
    outputs = model({"y": values["e"], "x": values["a"]})
    config = model.get_config()
    return {"outputs": {k: np.asarray(v).tolist() for k, v in outputs.items()},
            "input_layers": config["input_layers"], "output_layers": config["output_layers"]}


def nested_models(keras: Any) -> tuple[Any, Any]:
    """A Sequential of a long name inside a functional model and inside a Sequential."""
    inner = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, name="inner_dense")],
                             name="inner_model_with_a_very_long_name_indeed")
    x = keras.Input((3,), name="xin")
    y = keras.layers.Dense(1, name="a_dense_layer_with_a_really_long_name_x")(inner(x))
    outer = keras.Model(x, y, name="outer")
    stack = keras.Sequential([keras.Input((3,)), inner, keras.layers.Dense(2, name="d2")],
                             name="stack")
    return outer, stack


def summaries(keras: Any) -> dict[str, str]:
    """The summaries Keras prints for the models above (to a pipe), before and after a fit
    (which adds the optimizer's variables)."""
    texts: dict[str, str] = {}

    def capture(key: str, model: Any, **kwargs: Any) -> None:
        lines: list[str] = []
        model.summary(print_fn=lines.append, **kwargs)
        texts[key] = "\n".join(lines).rstrip("\n")

    capture("two_branch", two_branch_model(keras))
    outer, stack = nested_models(keras)
    capture("outer", outer)
    capture("outer_expanded", outer, expand_nested=True)
    capture("stack_expanded", stack, expand_nested=True)
    stack.compile(optimizer="adam", loss="mse")
    capture("stack_compiled_not_fit", stack)  # the optimizer has no variables yet
    capture("two_states", _two_states(keras))
    capture("one_state", _one_state(keras))
    capture("nested_in_a_graph_expanded", _nested_in_a_graph(keras), expand_nested=True)
    x, y = np.ones((4, 3), np.float32), np.ones((4, 2), np.float32)
    for optimizer in ("adam", "sgd"):
        stack.compile(optimizer=optimizer, loss="mse")
        stack.fit(x, y, verbose=0)
        capture(f"stack_after_{optimizer}", stack)
    return texts


MASK_IDS = [np.array([[1, 0, 2], [0, 3, 3]]), np.array([[0, 4, 1], [2, 0, 0]])]


def _embedding(keras: Any, name: str) -> Any:
    layer = keras.layers.Embedding(5, 2, mask_zero=True, name=name)
    layer.build((None, 3))
    layer.set_weights([np.arange(10, dtype=np.float32).reshape(5, 2) / 10 - 0.3])
    return layer


def run_masks(fw: Framework) -> dict[str, Any]:
    """Masks made by `Embedding(mask_zero=True)` flowing through layers that pass them on
    (Dense), merge them (Add, Concatenate, Multiply, Maximum) and use them (the average of
    the unmasked steps), in a Sequential, a functional model and plain calls."""
    keras = fw.keras
    found: dict[str, Any] = {}

    def record(key: str, tensor: Any) -> None:
        mask = fw.mask_of(tensor)
        found[key] = {"output": np.asarray(tensor).tolist(),
                      "mask": None if mask is None else np.asarray(mask).tolist()}

    dense = keras.layers.Dense(3, name="dense_steps")
    dense.build((None, 3, 2))
    dense.set_weights([_ramp((2, 3)), np.array([0.1, 0.0, -0.1], np.float32)])
    stack = keras.Sequential([_embedding(keras, "emb_seq"), dense,
                              keras.layers.GlobalAveragePooling1D()])
    record("sequential_mean_of_unmasked_steps", stack(MASK_IDS[0]))
    first, second = _embedding(keras, "emb_a"), _embedding(keras, "emb_b")
    record("dense_passes_the_mask_on", dense(first(MASK_IDS[0])))
    for name, layer in [("add", keras.layers.Add()), ("multiply", keras.layers.Multiply()),
                        ("maximum", keras.layers.Maximum()),
                        ("concatenate_steps", keras.layers.Concatenate(axis=1)),
                        ("concatenate_features", keras.layers.Concatenate())]:
        record(name, layer([first(MASK_IDS[0]), second(MASK_IDS[1])]))
    record("concatenate_with_an_unmasked_input", keras.layers.Concatenate()(
        [first(MASK_IDS[0]), np.ones((2, 3, 2), np.float32)]))
    ids = keras.Input((3,), dtype="int32")
    pooled = keras.layers.GlobalAveragePooling1D()(keras.layers.Add()(
        [_embedding(keras, "emb_f1")(ids), _embedding(keras, "emb_f2")(ids)]))
    record("functional_mean_of_unmasked_steps", keras.Model(ids, pooled)(MASK_IDS[1]))
    return found


def regression_and_classes(keras: Any) -> Any:
    """Two inputs, a shared hidden layer, a regression output `reg` and a softmax `cls`."""
    a, b = keras.Input((3,), name="a"), keras.Input((2,), name="b")
    hidden = keras.layers.Dense(4, activation="tanh", name="h")(
        keras.layers.Concatenate()([a, b]))
    reg = keras.layers.Dense(1, name="reg")(hidden)
    cls = keras.layers.Dense(3, activation="softmax", name="cls")(hidden)
    model = keras.Model([a, b], [reg, cls])
    rng = np.random.default_rng(0)
    model.set_weights([rng.normal(size=w.shape).round(2).astype(np.float32) / 2
                       for w in model.weights])
    return model


def regression_and_classes_data() -> tuple[list[np.ndarray], list[np.ndarray]]:
    rng = np.random.default_rng(1)
    x = [rng.normal(size=(8, 3)).round(2).astype(np.float32),
         rng.normal(size=(8, 2)).round(2).astype(np.float32)]
    y = [rng.normal(size=(8, 1)).round(2).astype(np.float32), rng.integers(0, 3, size=(8,))]
    return x, y


# name: compile's loss, loss_weights and metrics for the two outputs
MULTI_OUTPUT_FITS: dict[str, dict[str, Any]] = {
    "losses_by_position": {"loss": ["mse", "sparse_categorical_crossentropy"]},
    "losses_and_weights_by_name": {
        "loss": {"reg": "mse", "cls": "sparse_categorical_crossentropy"},
        "loss_weights": {"reg": 0.5, "cls": 2.0}},
    "metrics_per_output": {"loss": ["mse", "sparse_categorical_crossentropy"],
                           "metrics": [["mae"], ["accuracy"]]},
    "metrics_by_name": {"loss": ["mse", "sparse_categorical_crossentropy"],
                        "metrics": {"cls": "accuracy"}},
    "a_zero_loss_weight": {"loss": ["mse", "sparse_categorical_crossentropy"],
                           "loss_weights": [1.0, 0.0]},
}


def run_multi_output_fit(keras: Any, optimizer: Any, name: str) -> dict[str, Any]:
    """Two epochs of SGD(0.1) in batches of 4 (no shuffling): the history, then evaluate's
    list."""
    model = regression_and_classes(keras)
    model.compile(optimizer, **MULTI_OUTPUT_FITS[name])
    x, y = regression_and_classes_data()
    history = model.fit(x, y, batch_size=4, epochs=2, shuffle=False, verbose=0).history
    return {"history": {k: [float(v) for v in vs] for k, vs in history.items()},
            "evaluate": [float(v) for v in model.evaluate(x, y, verbose=0)]}


# name: (layer class, keyword arguments, the Inputs' shapes)
SYMBOLIC_MERGES: dict[str, tuple[str, dict, list[tuple]]] = {
    "unknown_steps_and_one": ("Add", {}, [(None, 3), (1, 3)]),
    "one_and_unknown": ("Multiply", {}, [(1, 3), (None, 3)]),
    "lower_rank_first": ("Average", {}, [(3,), (2, 3)]),
    "size_one_broadcast": ("Maximum", {}, [(2, 1), (2, 4)]),
    "concatenate_unknown_axis": ("Concatenate", {}, [(None, 3), (2, 3)]),
    "concatenate_axis_1": ("Concatenate", {"axis": 1}, [(2, 3), (4, 3)]),
    "subtract": ("Subtract", {}, [(2, 3), (2, 3)]),
    "unknown_and_known": ("Add", {}, [(None,), (4,)]),
    "concatenate_unknown_first_on_axis": ("Concatenate", {"axis": 1}, [(None, 3), (2, 3)]),
    "concatenate_unknown_second_on_axis": ("Concatenate", {"axis": 1}, [(2, 3), (None, 3)]),
}


def symbolic_merge_shape(keras: Any, name: str) -> list:
    """The output shape of a merge layer called on Inputs (computed, not run)."""
    layer_class, kwargs, shapes = SYMBOLIC_MERGES[name]
    output = getattr(keras.layers, layer_class)(**kwargs)([keras.Input(s) for s in shapes])
    return list(output.shape)


def run_partial_masks(fw: Framework) -> dict[str, Any]:
    """Merge layers where some inputs are masked (`Embedding(mask_zero=True)`) and some are
    not: their outputs and output masks."""
    layers = fw.keras.layers
    first = _embedding(fw.keras, "emb_partial")
    plain = np.linspace(-1, 1, 12, dtype=np.float32).reshape(2, 3, 2)
    cases = {"multiply_one_masked": (layers.Multiply(), [first(MASK_IDS[0]), plain]),
             "multiply_both_masked": (layers.Multiply(), [first(MASK_IDS[0]),
                                                          first(MASK_IDS[1])]),
             "maximum_masked_second": (layers.Maximum(), [plain, first(MASK_IDS[0])]),
             "maximum_masked_first": (layers.Maximum(), [first(MASK_IDS[0]), plain]),
             "minimum_both_masked": (layers.Minimum(), [first(MASK_IDS[0]), first(MASK_IDS[1])]),
             "average_both_masked": (layers.Average(), [first(MASK_IDS[0]), first(MASK_IDS[1])]),
             "concatenate_steps_one_masked": (layers.Concatenate(axis=1),
                                              [first(MASK_IDS[0]), plain]),
             "multiply_the_same_masks": (layers.Multiply(), [first(MASK_IDS[0]),
                                                             first(MASK_IDS[0])]),
             "maximum_of_three_masked": (layers.Maximum(), [first(MASK_IDS[0]),
                                                            first(MASK_IDS[1]),
                                                            first(MASK_IDS[0])]),
             "maximum_of_two_masked_then_one_not": (layers.Maximum(), [first(MASK_IDS[0]),
                                                                       first(MASK_IDS[0]),
                                                                       plain - 1.0])}
    found = {}
    for key, (layer, inputs) in cases.items():
        output = layer(inputs)
        mask = fw.mask_of(output)
        found[key] = {"output": np.asarray(output).tolist(),
                      "mask": None if mask is None else np.asarray(mask).tolist()}
    return found


def _two_states(keras: Any) -> Any:
    """A layer of several outputs (an LSTM's output and states) in a functional model."""
    steps = keras.Input((4, 2), name="steps")
    output, h, c = keras.layers.LSTM(3, return_state=True, name="lstm")(steps)
    joined = keras.layers.Concatenate(name="joined")([output, h, c])
    return keras.Model(steps, keras.layers.Dense(1, name="out")(joined), name="states")


def _nested_in_a_graph(keras: Any) -> Any:
    """A Sequential inside a functional model that is not a chain (two Inputs)."""
    inner = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name="inner_dense")],
                             name="inner")
    a, b = keras.Input((3,), name="a"), keras.Input((2,), name="b")
    joined = keras.layers.Add(name="sum")([inner(a), b])
    return keras.Model([a, b], joined, name="graph")


def _one_state(keras: Any) -> Any:
    """A layer of two outputs (a GRU's output and state) in a functional model."""
    steps = keras.Input((4, 2), name="steps")
    output, state = keras.layers.GRU(3, return_state=True, name="gru")(steps)
    joined = keras.layers.Add(name="both")([output, state])
    return keras.Model(steps, joined, name="one_state")
