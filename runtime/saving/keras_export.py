"""`model.export(filepath, format=...)`, as Keras 3: an inference-only artifact of a model.

`format="tf_saved_model"` (the default) writes a saved model whose object has one function,
`serve` (the model's call in inference mode, for any batch size), the model's variables, and
the signatures `serve` and `serving_default`; `ag.saved_model.load(filepath).serve(x)` runs
it. `format="onnx"` writes an ONNX file (`ag.onnx.export`). Importing this module installs
both into `Trainer.export` (a hook: the Keras layer sits below this one).

>>> import tempfile, numpy as np, autograph as ag
>>> model = ag.keras.Sequential([ag.keras.Input(shape=(3,)), ag.keras.layers.Dense(2)])
>>> with tempfile.TemporaryDirectory() as directory:
...     model.export(directory, verbose=False)
...     served = ag.saved_model.load(directory).serve(np.ones((4, 3), np.float32))
>>> served.shape
TensorShape([4, 2])
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.function.function import function
from autograph.runtime.graph.func_graph import flatten
from autograph.runtime.graph.tensor_spec import TensorSpec
from autograph.runtime.saving.onnx.export import export as onnx_export
from autograph.runtime.saving.saved_model.save import keras_input_spec, save
from autograph.runtime.state.module import Module
from autograph.runtime.train.keras import model_methods


def export_saved_model(model: Any, filepath: Any, verbose: bool,
                       input_signature: Any) -> None:
    """Writes `model`'s inference call as a saved model with a `serve` endpoint."""
    specs = _input_specs(model, input_signature)

    def serve(inputs: Any) -> Any:
        return model(inputs, training=False)
    endpoint = function(serve, input_signature=specs, name="serve")
    concrete = endpoint.get_concrete_function()
    artifact: Any = Module(name="exported_model")
    artifact.serve = endpoint
    artifact.model_variables = list(model.variables)
    save(artifact, filepath, signatures={"serve": concrete, "serving_default": concrete})
    if verbose:
        print(f"Saved artifact at {str(filepath)!r}. The following endpoints are available:\n\n"
              f"* Endpoint 'serve'\n  args_0 (POSITIONAL_ONLY): {specs[0]!r}\n"
              f"Output Type:\n  {_output_spec(concrete)}")


def export_onnx(model: Any, filepath: Any, verbose: bool, input_signature: Any) -> None:
    """Writes `model`'s inference call as an ONNX file."""
    onnx_export(model, filepath, input_signature=input_signature)
    if verbose:
        print(f"Saved artifact at {str(filepath)!r}.")


def _input_specs(model: Any, input_signature: Any) -> list[Any]:
    """The serve function's signature: one spec, or for several inputs a list or dict of
    them (by default named after the model's Inputs)."""
    if input_signature is not None:
        specs = list(input_signature)
        if len(specs) != 1 or not all(isinstance(s, TensorSpec) for s in flatten(specs[0])):
            raise ValueError(f"export: input_signature must be a list of one ag.TensorSpec "
                             f"(for several inputs: of one list or dict of them), got "
                             f"{input_signature!r}.")
        return specs
    spec = keras_input_spec(model)
    if spec is None:
        raise ValueError(f"export: model {model.name!r} is not built, so its input shape is "
                         f"unknown. Call it on data or build(input_shape) first, or pass "
                         f"input_signature=[ag.TensorSpec(shape, dtype)].")
    if isinstance(spec, TensorSpec):
        return [TensorSpec(spec.shape, spec.dtype, name="keras_tensor")]
    return [spec]


def _output_spec(concrete: Any) -> str:
    output = concrete.structured_outputs
    if hasattr(output, "dtype"):
        return repr(TensorSpec(output.shape, output.dtype))
    if isinstance(output, (list, tuple)):  # as TensorFlow prints them: List[...], Dict[...]
        kind = "List" if isinstance(output, list) else "Tuple"
        return f"{kind}[{', '.join(_output_spec_of(t) for t in output)}]"
    if isinstance(output, dict):
        pairs = ", ".join(f"[{k!r}, {_output_spec_of(v)}]" for k, v in output.items())
        return f"Dict[{pairs}]"
    return repr(output)


def _output_spec_of(tensor: Any) -> str:
    return repr(TensorSpec(tensor.shape, tensor.dtype))


model_methods.EXPORT_FORMATS.update({"tf_saved_model": export_saved_model, "onnx": export_onnx})
