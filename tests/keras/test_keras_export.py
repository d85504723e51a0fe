"""`model.export(filepath, format=...)`: Keras 3's inference artifacts (a saved model with a
`serve` endpoint, or ONNX). The endpoint and signature names, and the `keras_tensor` input
name, are what TensorFlow 2.21 with Keras 3.15 writes (recorded)."""

import numpy as np
import pytest

import autograph as ag
from tests.keras import functional_cases as cases


def _model():
    model = ag.keras.Sequential([ag.keras.Input(shape=(3,)),
                                 ag.keras.layers.Dense(4, activation="relu"),
                                 ag.keras.layers.Dropout(0.5),  # serving runs no dropout
                                 ag.keras.layers.Dense(2)])
    return model


def test_export_writes_a_saved_model_whose_serve_runs_the_model(tmp_path, capsys):
    model = _model()
    model.export(str(tmp_path))
    assert capsys.readouterr().out.startswith(
        f"Saved artifact at '{tmp_path}'. The following endpoints are available:\n\n"
        f"* Endpoint 'serve'\n  args_0 (POSITIONAL_ONLY): TensorSpec(shape=(None, 3), "
        f"dtype=ag.float32, name='keras_tensor')\nOutput Type:\n  TensorSpec(shape=(None, 2), "
        f"dtype=ag.float32, name=None)")
    reloaded = ag.saved_model.load(str(tmp_path))
    x = np.random.RandomState(0).rand(5, 3).astype(np.float32)
    np.testing.assert_allclose(reloaded.serve(x).numpy(), model.predict(x, verbose=0),
                               rtol=1e-6)
    assert list(reloaded.signatures) == ["serve", "serving_default"]
    assert list(reloaded.signatures["serving_default"].structured_input_signature[1]) == [
        "keras_tensor"]
    assert len(reloaded.variables) == 4
    assert reloaded.name == "exported_model"
    assert [c.name for c in reloaded.serve.concrete_functions] == ["serve"]


def _two_outputs(kind):
    inputs = ag.keras.Input((3,))
    first, second = ag.keras.layers.Dense(2)(inputs), ag.keras.layers.Dense(1)(inputs)
    outputs = {"list": [first, second], "tuple": (first, second),
               "dict": {"first": first, "second": second}}[kind]
    return ag.keras.Model(inputs, outputs)


_SPECS = ("TensorSpec(shape=(None, 2), dtype=ag.float32, name=None)",
          "TensorSpec(shape=(None, 1), dtype=ag.float32, name=None)")


# TensorFlow 2.21 prints these lines (with tf.float32), then its captures
@pytest.mark.parametrize("kind, expected", [
    ("list", f"List[{_SPECS[0]}, {_SPECS[1]}]"),
    ("tuple", f"Tuple[{_SPECS[0]}, {_SPECS[1]}]"),
    ("dict", f"Dict[['first', {_SPECS[0]}], ['second', {_SPECS[1]}]]")])
def test_export_prints_the_output_type_of_several_outputs_as_tensorflow(
        tmp_path, capsys, kind, expected):
    _two_outputs(kind).export(str(tmp_path / "m"))
    assert capsys.readouterr().out.endswith(f"Output Type:\n  {expected}\n")


def test_export_as_onnx_runs_in_onnxruntime(tmp_path, capsys):
    onnxruntime = pytest.importorskip("onnxruntime")
    model = _model()
    path = str(tmp_path / "model.onnx")
    model.export(path, format="onnx")
    assert capsys.readouterr().out == f"Saved artifact at {path!r}.\n"
    session = onnxruntime.InferenceSession(path)
    x = np.random.RandomState(1).rand(2, 3).astype(np.float32)
    (got,) = session.run(None, {session.get_inputs()[0].name: x})
    np.testing.assert_allclose(got, model.predict(x, verbose=0), rtol=1e-5)


def test_export_of_an_unknown_format_names_the_known_ones(tmp_path):
    with pytest.raises(ValueError, match=r"format 'openvino' is not supported; use one of "
                                         r"\['onnx', 'tf_saved_model'\]"):
        _model().export(str(tmp_path), format="openvino")


def test_export_of_an_unbuilt_model_asks_for_an_input_signature(tmp_path):
    model = ag.keras.Sequential([ag.keras.layers.Dense(2)])
    with pytest.raises(ValueError, match=r"^export: model 'sequential\w*' is not built, so its "
                                         r"input shape is unknown. Call it on data or "
                                         r"build\(input_shape\) first, or pass input_signature="
                                         r"\[ag.TensorSpec\(shape, dtype\)\].$"):
        model.export(str(tmp_path))
    model.export(str(tmp_path), verbose=False,
                 input_signature=[ag.TensorSpec([None, 5], ag.float32)])
    assert ag.saved_model.load(str(tmp_path)).serve(np.ones((1, 5), np.float32)).shape == (1, 2)


@pytest.mark.parametrize("signature, shown", [
    ([ag.TensorSpec([None, 3])] * 2, r"\[TensorSpec\(.*\), TensorSpec\(.*\)\]"),
    (["x"], r"\['x'\]")], ids=["two specs", "not a spec"])
def test_export_takes_an_input_signature_of_one_spec(tmp_path, signature, shown):
    with pytest.raises(ValueError, match=r"^export: input_signature must be a list of one "
                                         r"ag.TensorSpec \(for several inputs: of one list or "
                                         rf"dict of them\), got {shown}\.$"):
        _model().export(str(tmp_path), input_signature=signature)


def _two_branch():
    model = cases.two_branch_model(ag.keras)
    inputs = cases.two_branch_inputs()
    return model, inputs, [t.numpy() for t in model(inputs)]


def test_a_model_of_two_inputs_and_outputs_exports_a_serve_taking_both(tmp_path):
    model, inputs, expected = _two_branch()
    model.export(str(tmp_path), verbose=False)
    served = ag.saved_model.load(str(tmp_path)).serve(inputs)
    for found, wanted in zip(served, expected):
        np.testing.assert_allclose(found, wanted, rtol=1e-6)


def test_a_saved_model_of_two_inputs_signs_them_by_their_input_names(tmp_path):
    model, inputs, expected = _two_branch()
    ag.saved_model.save(model, str(tmp_path))
    signature = ag.saved_model.load(str(tmp_path)).signatures["serving_default"]
    outputs = signature(a=ag.constant(inputs[0]), b=ag.constant(inputs[1]))
    for key, wanted in zip(("output_0", "output_1"), expected):
        np.testing.assert_allclose(outputs[key], wanted, rtol=1e-6)


def test_a_model_of_two_inputs_exports_as_onnx_with_both_inputs(tmp_path):
    onnxruntime = pytest.importorskip("onnxruntime")
    model, inputs, expected = _two_branch()
    model.export(str(tmp_path / "m.onnx"), format="onnx", verbose=False)
    session = onnxruntime.InferenceSession(str(tmp_path / "m.onnx"))
    assert [i.name for i in session.get_inputs()] == ["a", "b"]
    found = session.run(None, dict(zip(["a", "b"], inputs)))
    for ours, wanted in zip(found, expected):
        np.testing.assert_allclose(ours, wanted, rtol=1e-5, atol=1e-6)
