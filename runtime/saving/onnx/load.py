"""`load`: an ONNX model file as a callable that runs it on our runtime.

The file is parsed (protobuf only: loading never runs stored code) and checked by
`onnx.checker`; every node's op type must be in the import table (`import_*ops.py`), else one
error names the first that is not. The graph is then traced once into an `ag.function` whose
input signature is the model's inputs (unknown and symbolic dims as None), so each call runs
one planned graph of our ops; initializers become constants of that graph.
"""

from __future__ import annotations

import inspect
import keyword
import os
import re
from typing import Any

import numpy as np

from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.function.function import function
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.graph.tensor_spec import TensorSpec
from autograph.runtime.ops.array import ops as array_ops
from autograph.runtime.ops.creation import ops as creation_ops
from autograph.runtime.saving.onnx import (  # noqa: F401  (fill the op table)
    import_array_ops,
    import_control_flow,
    import_math_ops,
    import_nn_ops,
)
from autograph.runtime.saving.onnx.import_table import Scope, check_ops, run_graph
from autograph.runtime.saving.onnx.onnx_module import onnx, our_dtype


def load(path: str | os.PathLike) -> LoadedModel:
    """The ONNX model at `path`, ready to run on our runtime.

    Args:
        path: an `.onnx` file (its external data files, if any, beside it).

    Returns:
        A `LoadedModel`: call it with the inputs (positionally, or by ONNX input name) to get
        one tensor for a model of one output, else a dict of tensors by output name.

    Raises:
        ValueError: the file is not a valid ONNX model, or uses an op or domain autograph
            cannot run (the message names the node).
        FileNotFoundError: there is no file at `path`.
        ImportError: the onnx package is not installed.

    >>> import autograph as ag, os, tempfile
    >>> from autograph.runtime.saving.onnx.export import export
    >>> path = os.path.join(tempfile.mkdtemp(), "double.onnx")
    >>> _ = export(ag.function(lambda x: x * 2.0), path, [ag.TensorSpec([None], ag.float32)])
    >>> load(path)(ag.constant([1.0, 2.0]))
    <ag.Tensor: shape=(2,), dtype=float32, numpy=array([2., 4.], dtype=float32)>
    """
    module = onnx()
    path = os.fspath(path)
    if not os.path.isfile(path):
        raise FileNotFoundError(f"ag.onnx.load: no file at {path!r}.")
    try:
        model = module.load(path)
        module.checker.check_model(model)
    except Exception as e:  # protobuf's DecodeError, the checker's ValidationError, ...
        raise ValueError(f"ag.onnx.load: {path!r} is not a valid ONNX model "
                         f"({type(e).__name__}: {str(e).strip().splitlines()[0] if str(e) else ''}"
                         f").") from None
    return LoadedModel(model, path)


def _opset(model: Any) -> int:
    for entry in model.opset_import:
        if not entry.domain:
            return int(entry.version)
    raise ValueError("ag.onnx.load: the model imports no standard ONNX opset.")


def _spec(value_info: Any) -> TensorSpec:
    tensor_type = value_info.type.tensor_type
    if not value_info.type.HasField("tensor_type"):
        raise ValueError(f"ag.onnx.load: input {value_info.name!r} is not a tensor; autograph "
                         f"runs models of tensor inputs.")
    # the checker requires a graph input's shape; an unknown dim has a name or nothing
    shape = [d.dim_value if d.HasField("dim_value") else None for d in tensor_type.shape.dim]
    try:
        dtype = our_dtype(tensor_type.elem_type)
    except TypeError as e:
        raise TypeError(f"ag.onnx.load: input {value_info.name!r}: {e}") from None
    return TensorSpec(TensorShape(shape), dtype, value_info.name)


def _parameter_names(names: list[str]) -> list[str]:
    """Python identifiers for the model's input names (`input.1` -> `input_1`), unique."""
    found: list[str] = []
    for name in names:
        base = re.sub(r"\W", "_", name)  # the checker requires a name
        if base[0].isdigit() or keyword.iskeyword(base):
            base = "input_" + base
        candidate, n = base, 0
        while candidate in found:
            n += 1
            candidate = f"{base}_{n}"
        found.append(candidate)
    return found


class LoadedModel:
    """An ONNX model traced into an `ag.function`.

    Attributes:
        input_names / output_names: the model's, in order.
        input_signature: a `TensorSpec` per input (named as the ONNX input).
        opset: the standard ONNX opset the model imports.
        function: the `ag.function` that runs it.
    """

    def __init__(self, model: Any, path: str):
        self._model = model
        self.path = path
        self.opset = _opset(model)
        graph = model.graph
        check_ops(graph)
        initialized = {t.name for t in graph.initializer}
        inputs = [v for v in graph.input if v.name not in initialized]  # IR < 4 lists both
        self.input_names = [v.name for v in inputs]
        self.output_names = [v.name for v in graph.output]
        self.input_signature = [_spec(v) for v in inputs]
        parameters = _parameter_names(self.input_names)

        def run(*tensors: Any) -> Any:
            return self._trace(tensors)
        run.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
            [inspect.Parameter(p, inspect.Parameter.POSITIONAL_OR_KEYWORD) for p in parameters])
        specs = [TensorSpec(s.shape, s.dtype, p) for s, p in zip(self.input_signature,
                                                                 parameters)]
        self.function = function(run, input_signature=specs, autograph=False,
                                 name=_function_name(graph.name))
        self._concrete = self.function.get_concrete_function()  # errors now, not at a call

    def _trace(self, tensors: tuple) -> Any:
        numpy_helper = onnx().numpy_helper
        scope = Scope(self.opset)
        for initializer in self._model.graph.initializer:
            scope.values[initializer.name] = creation_ops.constant(
                numpy_helper.to_array(initializer))
        for name, tensor in zip(self.input_names, tensors):
            scope.values[name] = tensor
        run_graph(self._model.graph, scope)
        outputs = {name: array_ops.identity(scope.get(name)) for name in self.output_names}
        if len(outputs) == 1:
            return next(iter(outputs.values()))
        return outputs

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        """Runs the model. Inputs go by position or by ONNX input name; each may be a
        tensor, a NumPy array or a Python value (converted to the input's dtype).

        Returns:
            One tensor for a model of one output, else a dict of tensors by output name.
        """
        values = list(args)
        if len(values) > len(self.input_names):
            raise TypeError(f"{self!r} takes {len(self.input_names)} inputs "
                            f"({', '.join(self.input_names)}), got {len(values)}.")
        values += [_MISSING] * (len(self.input_names) - len(values))
        for name, value in kwargs.items():
            if name not in self.input_names:
                raise TypeError(f"{self!r} has no input {name!r}; its inputs are "
                                f"{', '.join(self.input_names)}.")
            index = self.input_names.index(name)
            if values[index] is not _MISSING:
                raise TypeError(f"{self!r} got input {name!r} twice.")
            values[index] = value
        missing = [n for n, v in zip(self.input_names, values) if v is _MISSING]
        if missing:
            raise TypeError(f"{self!r} is missing input(s) {', '.join(missing)}.")
        tensors = [convert_to_tensor(np.asarray(v) if isinstance(v, (list, tuple)) else v,
                                     spec.dtype)
                   for v, spec in zip(values, self.input_signature)]
        return self._concrete(*tensors)

    def __repr__(self) -> str:
        return f"<LoadedModel {os.path.basename(self.path)!r} (ONNX opset {self.opset})>"


_MISSING = object()


def _function_name(name: str) -> str:
    return re.sub(r"\W", "_", name)  # the checker requires a graph name
