"""`ag.saved_model.save` / `load`: what a loaded object holds, calls, trains and refuses."""

import collections
import os
import pathlib
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import autograph as ag

ROOT = pathlib.Path(__file__).resolve().parents[2]


class Counter(ag.Module):
    """Two functions (one with a tensor `while`), a variable in a list and one in a dict."""

    def __init__(self):
        super().__init__()
        self.scale = ag.Variable(2.0)
        self.offsets = [ag.Variable([1.0, 2.0]), {"bias": ag.Variable(0.5)}]

    @ag.function(input_signature=[ag.TensorSpec([None], ag.float32)])
    def grow(self, x):
        steps = 0
        while ag.reduce_sum(x) < 100.0:
            x = x * self.scale + self.offsets[1]["bias"]
            steps += 1
        return {"y": x, "steps": steps}

    @ag.function
    def shift(self, x, times=1):
        return x * times + self.offsets[0]


def _save_load(obj, tmp_path, **kwargs):
    ag.saved_model.save(obj, str(tmp_path / "export"), **kwargs)
    return ag.saved_model.load(str(tmp_path / "export"))


def test_loaded_function_with_a_tensor_while_gives_the_same_outputs(tmp_path):
    module = Counter()
    loaded = _save_load(module, tmp_path)
    x = ag.constant([1.0, 2.0])
    expected = module.grow(x)
    got = loaded.grow(x)
    assert list(got) == ["y", "steps"]  # the dict's order as returned
    np.testing.assert_array_equal(got["y"].numpy(), expected["y"].numpy())
    assert int(got["steps"]) == int(expected["steps"]) == 5


def test_every_trace_of_a_function_is_saved_with_its_python_arguments(tmp_path):
    module = Counter()
    x = ag.constant([1.0, 1.0])
    module.shift(x)
    module.shift(x, times=3)
    loaded = _save_load(module, tmp_path)
    assert len(loaded.shift.concrete_functions) == 2
    np.testing.assert_array_equal(loaded.shift(x).numpy(), [2.0, 3.0])
    np.testing.assert_array_equal(loaded.shift(x, times=3).numpy(), [4.0, 5.0])


def test_a_call_no_saved_trace_serves_lists_the_saved_traces(tmp_path):
    module = Counter()
    module.shift(ag.constant([1.0, 1.0]))
    loaded = _save_load(module, tmp_path)
    with pytest.raises(TypeError, match=r"(?s)no Python code to trace again.*Option 1: "
                                        r"shift\(x, times=1\)"):
        loaded.shift(ag.constant([1, 2]))


def test_variables_come_back_with_their_values_names_and_trainability(tmp_path):
    module = Counter()
    module.frozen = ag.Variable(7, trainable=False, name="frozen")
    loaded = _save_load(module, tmp_path)
    assert float(loaded.scale) == 2.0
    np.testing.assert_array_equal(loaded.offsets[0].numpy(), [1.0, 2.0])
    assert float(loaded.offsets[1]["bias"]) == 0.5
    assert loaded.frozen.name == "frozen:0" and not loaded.frozen.trainable
    assert len(loaded.trainable_variables) == 3


def test_a_loaded_function_outlives_the_loaded_object(tmp_path):
    ag.saved_model.save(Counter(), str(tmp_path))
    grow = ag.saved_model.load(str(tmp_path)).grow  # the object itself is collected here
    np.testing.assert_array_equal(grow(ag.constant([60.0]))["y"].numpy(), [120.5])


def test_a_variable_reachable_twice_is_loaded_once(tmp_path):
    module = ag.Module()
    shared = ag.Variable(1.0)
    module.a, module.b = shared, [shared]
    loaded = _save_load(module, tmp_path)
    assert loaded.a is loaded.b[0]


def test_a_loaded_function_updates_the_loaded_variables(tmp_path):
    class Accumulator(ag.Module):
        def __init__(self):
            super().__init__()
            self.total = ag.Variable(0.0)

        @ag.function(input_signature=[ag.TensorSpec([], ag.float32)])
        def add(self, x):
            self.total.assign_add(x)

    loaded = _save_load(Accumulator(), tmp_path)
    assert len(loaded.signatures) == 0  # returning nothing, it is no signature (TensorFlow 2.21)
    loaded.add(2.0)
    loaded.add(3.0)
    assert float(loaded.total) == 5.0


def test_fine_tuning_a_loaded_module_lowers_its_loss(tmp_path):
    module = Counter()
    module.shift(ag.constant([1.0, 1.0]))
    loaded = _save_load(module, tmp_path)
    optimizer = ag.optimizers.SGD(0.1)
    target = ag.constant([5.0, 5.0])
    losses = []
    for _ in range(20):
        with ag.GradientTape() as tape:
            loss = ag.reduce_sum((loaded.shift(ag.constant([1.0, 1.0])) - target) ** 2)
        variables = tape.watched_variables()
        optimizer.apply_gradients(zip(tape.gradient(loss, variables), variables))
        losses.append(float(loss))
    assert [v.name for v in variables] == [loaded.offsets[0].name]
    assert losses[-1] < 1e-2 * losses[0]
    np.testing.assert_allclose(loaded.offsets[0].numpy(), [4.0, 4.0], rtol=1e-2)
    np.testing.assert_array_equal(module.offsets[0].numpy(), [1.0, 2.0])  # the original stays


def test_a_keras_model_exports_its_inference_call_and_serving_signature(tmp_path):
    model = ag.keras.Sequential([ag.keras.Input(shape=(4,)),
                                 ag.keras.layers.Dense(8, activation="relu"),
                                 ag.keras.layers.Dropout(0.5), ag.keras.layers.Dense(3)])
    x = np.random.RandomState(0).rand(5, 4).astype(np.float32)
    loaded = _save_load(model, tmp_path)
    expected = model.predict(x, verbose=0)
    np.testing.assert_allclose(loaded(x).numpy(), expected, rtol=1e-6)
    serving = loaded.signatures["serving_default"]
    assert list(serving.structured_outputs) == ["output_0"]
    np.testing.assert_allclose(serving(inputs=x)["output_0"].numpy(), expected, rtol=1e-6)


def test_fine_tuning_a_loaded_keras_model_lowers_its_loss(tmp_path):
    model = ag.keras.Sequential([ag.keras.Input(shape=(3,)), ag.keras.layers.Dense(4),
                                 ag.keras.layers.Dense(1)])
    rng = np.random.RandomState(1)
    x = rng.rand(32, 3).astype(np.float32)
    y = (x @ np.array([[1.0], [-2.0], [0.5]], np.float32)).astype(np.float32)
    model.compile(optimizer="sgd", loss="mse")
    model.fit(x, y, epochs=2, verbose=0)
    loaded = _save_load(model, tmp_path)
    optimizer = ag.optimizers.SGD(0.05)

    def loss():
        return ag.reduce_mean((loaded(x) - y) ** 2)
    before = float(loss())
    np.testing.assert_allclose(before, float(ag.reduce_mean((model(x) - y) ** 2)), rtol=1e-6)
    for _ in range(30):
        with ag.GradientTape() as tape:
            value = loss()
        grads = tape.gradient(value, loaded.trainable_variables)
        optimizer.apply_gradients(zip(grads, loaded.trainable_variables))
    assert float(loss()) < before / 2


def test_a_jit_compiled_function_loads_jit_compiled(tmp_path):
    module = ag.Module()
    module.f = ag.function(lambda x: ag.exp(x) * 2.0, jit_compile=True,
                           input_signature=[ag.TensorSpec([3], ag.float32)])
    restored = _save_load(module, tmp_path).f
    assert restored.concrete_functions[0].jit_compile
    np.testing.assert_allclose(restored([0.0, 1.0, 2.0]).numpy(), 2.0 * np.exp([0.0, 1.0, 2.0]),
                               rtol=1e-6)


def test_the_one_function_with_an_input_signature_becomes_serving_default(tmp_path):
    module = ag.Module()
    module.double = ag.function(lambda x: {"twice": 2.0 * x},
                                input_signature=[ag.TensorSpec([], ag.float32)])
    serving = _save_load(module, tmp_path).signatures["serving_default"]
    assert float(serving(x=4.0)["twice"]) == 8.0


def test_two_functions_give_no_default_signature_as_in_tensorflow(tmp_path):
    assert len(_save_load(Counter(), tmp_path).signatures) == 0


def test_signatures_by_name_return_dicts_of_named_outputs(tmp_path):
    module = Counter()
    grow = module.grow.get_concrete_function()
    pair = ag.function(lambda a, b: (a + b, a * b)).get_concrete_function(
        ag.TensorSpec([], ag.float32), ag.TensorSpec([], ag.float32))
    loaded = _save_load(module, tmp_path, signatures={"grow": grow, "pair": pair})
    result = loaded.signatures["pair"](a=2.0, b=3.0)
    assert {k: float(v) for k, v in result.items()} == {"output_0": 5.0, "output_1": 6.0}
    assert set(loaded.signatures["grow"](x=ag.constant([60.0]))) == {"y", "steps"}
    spec = loaded.signatures["pair"].structured_outputs["output_1"]
    assert (spec.name, spec.dtype) == ("output_1", ag.float32)


def test_strings_tensor_arrays_and_switch_case_round_trip(tmp_path):
    class Words(ag.Module):
        @ag.function(input_signature=[ag.TensorSpec([None], ag.string),
                                      ag.TensorSpec([], ag.int32)])
        def run(self, words, n):
            lengths = []
            for i in ag.range(n):
                lengths.append(ag.strings.length(words[0]) + i)
            suffix = ag.switch_case(n % 3, [lambda: ag.constant("a"), lambda: ag.constant("b"),
                                            lambda: ag.constant("ç")])
            return ag.strings.join([words[0], suffix]), lengths

    words = ag.constant(["hé", "x"])
    joined, lengths = _save_load(Words(), tmp_path).run(words, 5)
    assert joined.numpy() == "héç".encode()
    np.testing.assert_array_equal(lengths.numpy(), [3, 4, 5, 6, 7])


def test_a_function_calling_functions_and_a_cond_round_trips(tmp_path):
    @ag.function
    def inner(x):
        return ag.nn.relu(x) - 1.0

    class Outer(ag.Module):
        @ag.function(input_signature=[ag.TensorSpec([2, 2], ag.float32)])
        def run(self, x):
            if ag.reduce_max(x) > 0.0:
                return inner(x) @ x
            return -x

    x = ag.constant([[1.0, -2.0], [3.0, 0.5]])
    module = Outer()
    loaded = _save_load(module, tmp_path)
    np.testing.assert_allclose(loaded.run(x).numpy(), module.run(x).numpy())
    negative = ag.constant([[-1.0, -2.0], [-3.0, -0.5]])
    np.testing.assert_array_equal(loaded.run(negative).numpy(), -negative.numpy())


def test_namedtuple_and_large_constant_outputs_round_trip(tmp_path):
    Pair = collections.namedtuple("Pair", ["low", "high"])
    table = np.arange(1000, dtype=np.float64).reshape(10, 100)
    module = ag.Module()
    module.split = ag.function(lambda x: Pair(x - table, x + table),
                               input_signature=[ag.TensorSpec([], ag.float64)])
    result = _save_load(module, tmp_path).split(1.0)
    assert type(result).__name__ == "Pair" and result._fields == ("low", "high")
    np.testing.assert_array_equal(result.high.numpy(), table + 1)


def _line_of(text):
    source = pathlib.Path(__file__).read_text().splitlines()
    return f"{__file__}:{next(i + 1 for i, line in enumerate(source) if text in line)}"


def test_a_function_reading_a_variable_the_object_does_not_hold_is_refused(tmp_path):
    outside = ag.Variable(1.0, name="outside")
    module = ag.Module()
    module.f = ag.function(lambda x: x * outside, input_signature=[ag.TensorSpec([])])
    with pytest.raises(ValueError) as caught:
        ag.saved_model.save(module, str(tmp_path / "export"))
    line = _line_of("module.f = ag.function(lambda x: x * outside")
    assert str(caught.value) == (
        f"ag.function 'root.f' cannot be saved: it reads the variable 'outside' (attr 'value' "
        f"of op 'outside_handle' (made at {line})), which the saved object does not hold. "
        f"Assign the variable to an attribute of the object saved (or of one of its modules), "
        f"so that the export holds it too.")
    assert not os.path.exists(tmp_path / "export" / "saved_model.json")


def test_a_py_function_is_refused_naming_the_users_line(tmp_path):
    module = ag.Module()
    module.f = ag.function(lambda x: ag.py_function(np.sin, [x], ag.float32),
                           input_signature=[ag.TensorSpec([])])
    with pytest.raises(ValueError) as caught:
        ag.saved_model.save(module, str(tmp_path / "export"))
    line = _line_of("module.f = ag.function(lambda x: ag.py_function")
    assert str(caught.value) == (
        f"ag.function 'root.f' cannot be saved: its op 'EagerPyFunc' (EagerPyFunc) (made at "
        f"{line}) cannot be exported: ag.py_function runs a Python function, which an export "
        f"cannot carry.")


@pytest.mark.parametrize("stateful, op", [(True, "PyFunc"), (False, "PyFuncStateless")])
def test_a_numpy_function_is_refused(tmp_path, stateful, op):
    module = ag.Module()
    module.f = ag.function(lambda x: ag.numpy_function(np.sin, [x], ag.float32, stateful),
                           input_signature=[ag.TensorSpec([])])
    with pytest.raises(ValueError, match=rf"its op '{op}' \({op}\) .* cannot be exported: "
                                         r"ag.numpy_function runs a Python function"):
        ag.saved_model.save(module, str(tmp_path / "export"))


def test_an_op_with_no_source_line_is_named_without_one(tmp_path):
    module = ag.Module()
    module.f = ag.function(lambda x: ag.py_function(np.sin, [x], ag.float32),
                           input_signature=[ag.TensorSpec([])])
    for op in module.f.get_concrete_function().graph.get_operations():
        op.source = ""
    with pytest.raises(ValueError, match=r"its op 'EagerPyFunc' \(EagerPyFunc\) cannot be "):
        ag.saved_model.save(module, str(tmp_path / "export"))


def test_a_function_iterating_a_dataset_of_the_saving_process_is_refused(tmp_path):
    dataset = ag.data.Dataset.range(3)

    def total():
        result = ag.constant(0, ag.int64)
        for value in dataset:
            result += value
        return result
    module = ag.Module()
    module.f = ag.function(total, input_signature=[])
    with pytest.raises(ValueError, match=r"\(MakeIteratorFromHeld\) .* cannot be exported: it "
                                         r"iterates a dataset object of the saving process\.$"):
        ag.saved_model.save(module, str(tmp_path / "export"))


def test_functions_never_traced_and_without_a_signature_are_left_out(tmp_path):
    loaded = _save_load(Counter(), tmp_path)
    assert not hasattr(loaded, "shift") and hasattr(loaded, "grow")


def test_saving_a_plain_value_is_a_type_error(tmp_path):
    with pytest.raises(TypeError, match="takes an ag.Module"):
        ag.saved_model.save([ag.Variable(1.0)], str(tmp_path))


def test_contains_saved_model(tmp_path):
    assert not ag.saved_model.contains_saved_model(str(tmp_path))
    ag.saved_model.save(Counter(), str(tmp_path))
    assert ag.saved_model.contains_saved_model(str(tmp_path))


CHILD_SAVE = """
import json, sys
import autograph as ag
import my_counter

module = my_counter.Counter()
module.shift(ag.constant([1.0, 1.0]))
ag.saved_model.save(module, sys.argv[1], signatures=module.grow)
print(json.dumps({"grow": module.grow(ag.constant([1.0, 2.0]))["y"].numpy().tolist(),
                  "shift": module.shift(ag.constant([1.0, 1.0])).numpy().tolist()}))
"""

CHILD_LOAD = """
import json, sys
import autograph as ag

loaded = ag.saved_model.load(sys.argv[1])
assert "my_counter" not in sys.modules
print(json.dumps({
    "grow": loaded.grow(ag.constant([1.0, 2.0]))["y"].numpy().tolist(),
    "shift": loaded.shift(ag.constant([1.0, 1.0])).numpy().tolist(),
    "serving": loaded.signatures["serving_default"](x=ag.constant([1.0, 2.0]))["y"]
        .numpy().tolist()}))
"""


def test_an_export_loads_in_a_fresh_process_after_its_source_is_deleted(tmp_path):
    source = tmp_path / "src"
    source.mkdir()
    module_text = pathlib.Path(__file__).read_text()
    start = module_text.index("class Counter(ag.Module):")
    end = module_text.index("def _save_load")
    (source / "my_counter.py").write_text("import autograph as ag\n\n\n"
                                          + module_text[start:end])

    def run(code, *paths):
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(str(p) for p in paths))
        done = subprocess.run([sys.executable, "-c", textwrap.dedent(code),
                               str(tmp_path / "export")], env=env, capture_output=True,
                              text=True, cwd=tmp_path, timeout=120)
        assert done.returncode == 0, done.stderr
        return done.stdout.strip().splitlines()[-1]

    import json
    saved = json.loads(run(CHILD_SAVE, ROOT, source))
    (source / "my_counter.py").unlink()
    loaded = json.loads(run(CHILD_LOAD, ROOT))
    assert loaded == {**saved, "serving": saved["grow"]}


def test_a_loaded_and_fine_tuned_module_saves_again_with_its_functions_and_signatures(tmp_path):
    module = Counter()
    module.shift(ag.constant([1.0, 1.0]))
    ag.saved_model.save(module, str(tmp_path / "first"), signatures=module.grow)
    loaded = ag.saved_model.load(str(tmp_path / "first"))
    loaded.offsets[0].assign([10.0, 20.0])  # as a fine-tuning step would
    ag.saved_model.save(loaded, str(tmp_path / "second"))
    again = ag.saved_model.load(str(tmp_path / "second"))
    np.testing.assert_array_equal(again.shift(ag.constant([1.0, 1.0])).numpy(), [11.0, 21.0])
    assert list(again.signatures) == ["serving_default"]
    np.testing.assert_array_equal(
        again.signatures["serving_default"](x=ag.constant([60.0]))["y"].numpy(), [120.5])
    ag.saved_model.save(again, str(tmp_path / "third"), signatures={"shift": again.shift})
    assert list(ag.saved_model.load(str(tmp_path / "third")).signatures) == ["shift"]


class TwoHeads(ag.keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = ag.keras.layers.Dense(2, kernel_initializer="ones")

    def call(self, x):
        return self.dense(x)

    @ag.function(input_signature=[ag.TensorSpec([None, 3], ag.float32)])
    def double(self, x):
        return 2.0 * self.dense(x)


def test_a_keras_models_call_is_its_default_signature_before_its_own_functions(tmp_path):
    # TensorFlow 2.21 with Keras 3 (recorded): serving_default is the model's call, input
    # `inputs`, even though the model has one function with an input_signature. Its shape
    # there is the one the model was built with, (1, 3); here any batch size, (None, 3).
    model = TwoHeads()
    model(np.ones((1, 3), np.float32))
    loaded = _save_load(model, tmp_path)
    serving = loaded.signatures["serving_default"]
    assert list(loaded.signatures) == ["serving_default"]
    assert vars(loaded)["__call__"].concrete_functions[0].name == "__call__"
    (spec,) = serving.structured_input_signature[1].values()
    assert (spec.name, spec.shape.as_list(), spec.dtype) == ("inputs", [None, 3], ag.float32)
    np.testing.assert_array_equal(serving(inputs=np.ones((4, 3), np.float32))["output_0"],
                                  np.full((4, 2), 3.0, np.float32))
    np.testing.assert_array_equal(loaded.double(np.ones((1, 3), np.float32)), [[6.0, 6.0]])


@pytest.mark.parametrize("make", ["functional", "sequential called", "layer called"])
def test_every_kind_of_built_keras_model_or_layer_saves_its_call(tmp_path, make):
    if make == "functional":
        inputs = ag.keras.Input(shape=(3,))
        model = ag.keras.Model(inputs, ag.keras.layers.Dense(2)(inputs))
    elif make == "sequential called":
        model = ag.keras.Sequential([ag.keras.layers.Dense(2)])
        model(np.ones((1, 3), np.float32))
    else:
        model = ag.keras.layers.Dense(2)
        model(np.ones((1, 3), np.float32))
    loaded = _save_load(model, tmp_path)
    x = np.random.RandomState(0).rand(5, 3).astype(np.float32)
    np.testing.assert_allclose(loaded(x).numpy(), model(x).numpy(), rtol=1e-6)


def test_a_float64_keras_layer_serves_float64(tmp_path):
    model = ag.keras.layers.Dense(2, dtype="float64")
    model(np.ones((1, 3)))
    (spec,) = _save_load(model, tmp_path).signatures["serving_default"] \
        .structured_input_signature[1].values()
    assert spec.dtype == ag.float64


def test_an_unbuilt_keras_model_saves_no_call(tmp_path):
    loaded = _save_load(ag.keras.Sequential([ag.keras.layers.Dense(2)]), tmp_path)
    assert "__call__" not in vars(loaded) and len(loaded.signatures) == 0
