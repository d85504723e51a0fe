"""`autograph export` and `autograph inspect`: saved models and ONNX files from the command line."""

import textwrap

import numpy as np
import pytest

import autograph as ag
from autograph.cli.main import main

SOURCE = textwrap.dedent('''\
    import autograph as ag

    def scale(x, factor):
        return {"scaled": x * factor}

    @ag.function(input_signature=[ag.TensorSpec([None], ag.float32)])
    def total(x):
        return ag.reduce_sum(x)

    class Bias(ag.Module):
        def __init__(self):
            super().__init__()
            self.b = ag.Variable([1.0, 2.0], name="b")

        @ag.function(input_signature=[ag.TensorSpec([2], ag.float32)])
        def __call__(self, x):
            return x + self.b

    bias = Bias()
    number = 3
''')


@pytest.fixture()
def source(tmp_path):
    path = tmp_path / "model_code.py"
    path.write_text(SOURCE)
    return str(path)


def test_export_a_function_with_a_signature_then_load_it(source, tmp_path, capsys):
    out = str(tmp_path / "scale")
    assert main(["export", f"{source}:scale", "-s", "x: float32[None], factor: float32[]",
                 "-o", out]) == 0
    assert capsys.readouterr().out == (f"wrote a saved model of scale (signature "
                                       f"serving_default) to {out}\n")
    loaded = ag.saved_model.load(out)
    result = loaded.signatures["serving_default"](x=[1.0, 2.0], factor=3.0)
    np.testing.assert_array_equal(result["scaled"].numpy(), [3.0, 6.0])
    np.testing.assert_array_equal(loaded.scale([1.0], 2.0)["scaled"].numpy(), [2.0])


def test_export_a_module_object_saves_its_variables(source, tmp_path):
    out = str(tmp_path / "bias")
    assert main(["export", f"{source}:bias", "-o", out]) == 0
    np.testing.assert_array_equal(ag.saved_model.load(out)([1.0, 1.0]).numpy(), [2.0, 3.0])


def test_inspect_shows_signatures_functions_and_variables(source, tmp_path, capsys):
    out = str(tmp_path / "bias")
    main(["export", f"{source}:bias", "-o", out])
    capsys.readouterr()
    assert main(["inspect", out]) == 0
    assert capsys.readouterr().out == textwrap.dedent('''\
        signature 'serving_default':
          inputs:
            x: float32 (2,)
          outputs:
            output_0: float32 (2,)
        function __call__:
          __call__(x)
            x: float32 (2,)
        variables: 1 (2 values)
          b:0: float32 (2,)
    ''')


def test_inspect_of_a_directory_without_an_export_is_one_error_line(tmp_path, capsys):
    assert main(["inspect", str(tmp_path)]) == 1
    assert capsys.readouterr().err.startswith(f"autograph: error: {tmp_path}: No saved model")


def test_export_of_a_value_that_is_no_function_is_a_user_error(source, tmp_path, capsys):
    assert main(["export", f"{source}:number", "-o", str(tmp_path / "x")]) == 1
    assert "'number' is neither a function nor a module or model" in capsys.readouterr().err


def test_export_of_a_function_missing_a_signature_names_the_parameter(source, tmp_path, capsys):
    assert main(["export", f"{source}:scale", "-o", str(tmp_path / "x")]) == 1
    assert "parameter 'x' of scale has no default" in capsys.readouterr().err


def test_export_requires_an_output_path(source, capsys):
    assert main(["export", f"{source}:total"]) == 2
    assert "-o/--output" in capsys.readouterr().err


def test_export_as_onnx_then_inspect_the_file(source, tmp_path, capsys):
    onnxruntime = pytest.importorskip("onnxruntime")
    out = str(tmp_path / "total.onnx")
    assert main(["export", f"{source}:total", "--format", "onnx", "-o", out]) == 0
    assert capsys.readouterr().out == f"wrote an ONNX model of total to {out}\n"
    session = onnxruntime.InferenceSession(out)
    (result,) = session.run(None, {"x": np.array([1.0, 2.5], np.float32)})
    assert float(result) == 3.5
    assert main(["inspect", out]) == 0
    assert capsys.readouterr().out == textwrap.dedent('''\
        ONNX model (IR version 8, producer autograph)
        opsets: ai.onnx 18
        inputs:
          x: float32 (x_dim_0,)
        outputs:
          output_0: float32 ()
        initializers: 0
        ops: Constant 1, Identity 1, ReduceSum 1
    ''')


def test_inspect_of_a_damaged_onnx_file_is_one_error_line(tmp_path, capsys):
    path = tmp_path / "bad.onnx"
    path.write_bytes(b"not a model")
    assert main(["inspect", str(path)]) == 1
    assert capsys.readouterr().err.startswith(
        f"autograph: error: {path}: not a readable ONNX model (DecodeError: ")
