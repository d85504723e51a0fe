"""`export`: a traced function, or a Keras model, written as an ONNX model file.

The function's graph becomes the model's graph: its arguments the model's inputs (named as the
parameters, `None` dims symbolic), what it returns the outputs (`output_0`, `output_1`, ...
in the order `tf.nest` flattens them, or a returned dict's keys), the variables it reads
initializers holding their values at export time. The op table (`export_*ops.py`) writes each
op; one without an ONNX form is an error naming it and the line that made it.
"""

from __future__ import annotations

import os
import re
from typing import Any, Sequence

from autograph.runtime.core import dtypes
from autograph.runtime.function.concrete_function import ConcreteFunction
from autograph.runtime.function.function import Function, function
from autograph.runtime.graph.func_graph import flatten_with_paths
from autograph.runtime.graph.graph import SymbolicTensor
from autograph.runtime.graph.tensor_spec import TensorSpec
from autograph.runtime.saving.onnx import (  # noqa: F401  (fill the op table)
    export_array_ops,
    export_control_flow,
    export_math_ops,
    export_nn_ops,
)
from autograph.runtime.saving.onnx.export_graph import GraphExport, ModelExport, prune, value_info
from autograph.runtime.saving.onnx.export_table import MIN_OPSET
from autograph.runtime.saving.onnx.onnx_module import onnx
from autograph.runtime.train.checkpoint_io import atomic_write
from autograph.runtime.train.keras.base_layer import Layer
from autograph.runtime.train.keras.functional import input_specs
from autograph.runtime.train.keras.sequential import Sequential

DEFAULT_OPSET = 18
"""The opset written unless `opset=` says otherwise: one onnxruntime has run for years."""

_PRODUCER = "autograph"


def export(function_or_concrete_function: Any, path: str | os.PathLike,
           input_signature: Sequence[TensorSpec] | None = None,
           opset: int | None = None) -> Any:
    """Writes `function_or_concrete_function` as an ONNX model at `path`.

    Args:
        function_or_concrete_function: an `ag.function` (traced with `input_signature`, its
            own input signature, or its one trace so far), a `ConcreteFunction`, a Keras model
            (its call in inference mode, for inputs of the shape it was built for), or a plain
            Python function (with `input_signature`).
        path: the file to write; written whole or not at all (a temporary file, renamed).
        input_signature: a list of `ag.TensorSpec`s, one per argument.
        opset: the ONNX opset (default `DEFAULT_OPSET`, 18; 13 at least).

    Returns:
        The written `onnx.ModelProto`.

    Raises:
        ValueError: an op has no ONNX form, needs a higher opset, or the function to export
            is ambiguous; `opset` is out of range.
        TypeError: the first argument cannot be exported.
        ImportError: the onnx package is not installed.

    >>> import autograph as ag, os, tempfile
    >>> f = ag.function(lambda x: x * 2.0)
    >>> path = os.path.join(tempfile.mkdtemp(), "double.onnx")
    >>> model = export(f, path, input_signature=[ag.TensorSpec([None], ag.float32)])
    >>> [node.op_type for node in model.graph.node]
    ['Constant', 'Mul', 'Identity']
    """
    module = onnx()
    opset = _checked_opset(opset, module)
    concrete = concrete_function_of(function_or_concrete_function, input_signature)
    model = to_model(concrete, opset)
    _write_atomically(model.SerializeToString(), os.fspath(path))
    return model


def _checked_opset(opset: Any, module: Any) -> int:
    if opset is None:
        return DEFAULT_OPSET
    newest = module.defs.onnx_opset_version()
    if isinstance(opset, bool) or not isinstance(opset, int) or not (
            MIN_OPSET <= opset <= newest):
        raise ValueError(f"ag.onnx.export: opset must be an int from {MIN_OPSET} to {newest} "
                         f"(the newest the installed onnx knows), got {opset!r}.")
    return opset


def concrete_function_of(value: Any, input_signature: Sequence[Any] | None) -> ConcreteFunction:
    """The one trace `export` writes for `value` (see `export`)."""
    if isinstance(value, ConcreteFunction):
        if input_signature is not None:
            raise ValueError("ag.onnx.export: a ConcreteFunction is traced already; pass "
                             "input_signature with the ag.function instead.")
        return value
    if isinstance(value, Layer):
        return _keras_function(value, input_signature)
    if isinstance(value, Function):
        if input_signature is not None:
            return value.get_concrete_function(*input_signature)
        if value.input_signature is not None:
            return value.get_concrete_function()
        traces = list(value._cache.values())  # its traces, oldest first
        if len(traces) == 1:
            return traces[0]
        if not traces:
            raise ValueError(f"ag.onnx.export: {value!r} has not been traced; pass "
                             f"input_signature=[ag.TensorSpec(...), ...] for its arguments.")
        raise ValueError(f"ag.onnx.export: {value!r} has {len(traces)} traces, so which to "
                         f"export is ambiguous; pass input_signature, or export "
                         f"f.get_concrete_function(...). Its traces:\n"
                         f"{value.pretty_printed_concrete_signatures()}")
    if callable(value):
        if input_signature is None:
            raise ValueError("ag.onnx.export: exporting a Python function needs "
                             "input_signature=[ag.TensorSpec(...), ...] for its arguments.")
        return function(value).get_concrete_function(*input_signature)
    raise TypeError(f"ag.onnx.export exports an ag.function, a ConcreteFunction or a Keras "
                    f"model, got {value!r}.")


def _keras_function(model: Any, input_signature: Sequence[Any] | None) -> ConcreteFunction:
    """The model's call in inference mode, traced for its input (batch size left open)."""
    if input_signature is None:
        spec = _keras_input_spec(model)
    elif len(input_signature) != 1:
        raise ValueError(f"ag.onnx.export: a Keras model takes one argument (a list or dict "
                         f"of specs for several inputs); input_signature has "
                         f"{len(input_signature)} entries.")
    else:
        spec = input_signature[0]

    def serve(inputs: Any) -> Any:
        return model(inputs, training=False)
    return function(serve, name=model.name).get_concrete_function(spec)


def _keras_input_spec(model: Any) -> Any:
    shape = None
    if isinstance(model, Sequential):
        shape = model._build_input_shape
    ends = getattr(model, "_graph_ends", None)
    if ends is not None:  # a functional model: its Inputs
        return input_specs(ends[0])
    if shape is None:
        shape = model._built_input_shape
    if shape is None or shape.rank is None:
        raise ValueError(f"ag.onnx.export: Keras model {model.name!r} has no input shape yet; "
                         f"build it (model.build((None, ...)) or a first call), or pass "
                         f"input_signature=[ag.TensorSpec((None, ...))].")
    dims = [None] + shape.as_list()[1:]  # any batch size
    return TensorSpec(dims, model.dtype)


def output_names(structure: Any) -> list[tuple[str, Any]]:
    """`(name, tensor)` for each output tensor: a dict's key path (`out`, `out_0`), else
    `output_<i>` by position."""
    leaves = [(path, t) for path, t in flatten_with_paths(structure)
              if isinstance(t, SymbolicTensor)]
    if not isinstance(structure, dict):
        return [(f"output_{i}", t) for i, (_, t) in enumerate(leaves)]
    named = []
    for path, t in leaves:
        parts = re.findall(r"\['?([^'\]]*)'?\]|\.(\w+)", path)
        named.append(("_".join(a or b for a, b in parts) or "output", t))
    return named


def to_model(concrete: ConcreteFunction, opset: int) -> Any:
    """`concrete` as an ONNX `ModelProto` of `opset`, checked by `onnx.checker`."""
    module = onnx()
    helper = module.helper
    model = ModelExport(opset)
    g = GraphExport(model, "")
    inputs = []
    for placeholder in concrete.inputs:
        if placeholder.dtype is dtypes.resource:
            raise ValueError(f"ag.onnx.export: {concrete.name} takes a variable as argument "
                             f"{placeholder.op.name!r}; read the variable inside the function "
                             f"instead (ONNX inputs are tensors).")
        name = model.unique(placeholder.op.name)
        g.bind(placeholder, name)
        inputs.append(value_info(name, placeholder.dtype, _known_rank(placeholder, "input",
                                                                      name), symbolic=True))
    outputs = [(model.unique(name), t) for name, t in output_names(
        concrete.structured_outputs)]
    for name, tensor in outputs:
        g.prefer(tensor, name)
    g.convert(concrete.graph)
    infos = []
    for name, tensor in outputs:
        if g.name(tensor) != name:  # an output its op did not write under its name
            g.node("Identity", [g.name(tensor)], [name])
        infos.append(value_info(name, tensor.dtype, _known_rank(tensor, "output", name),
                                symbolic=True))
    graph = helper.make_graph(g.nodes, concrete.name, inputs, infos,
                              initializer=model.initializers)
    prune(graph)
    opsets = [helper.make_opsetid("", opset)]
    proto = helper.make_model(graph, opset_imports=opsets, producer_name=_PRODUCER,
                              ir_version=helper.find_min_ir_version_for(opsets))
    module.checker.check_model(proto)
    return proto


def _known_rank(tensor: Any, what: str, name: str) -> list:
    """The shape of a model input or output, which ONNX needs of known rank."""
    if tensor.shape.rank is None:
        raise ValueError(f"ag.onnx.export: {what} {name!r} has an unknown rank, and an ONNX "
                         f"model's inputs and outputs need one; give the function an "
                         f"input_signature of known ranks, or reshape the value to a shape "
                         f"of known length.")
    return tensor.shape.as_list()


def _write_atomically(data: bytes, path: str) -> None:
    directory = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(directory):
        raise FileNotFoundError(f"ag.onnx.export: the folder of {path!r} does not exist.")
    atomic_write(path, lambda f: f.write(data))  # the umask's mode, not mkstemp's 0600
