"""Keras's `Lambda` layer: any function of a tensor, as a layer without weights.

Its config holds the function as Keras 3 writes it: a named function by its (registered)
name, a `lambda` as its marshalled bytecode. Loading finds a named function in
`custom_objects` or the registry, and refuses bytecode: loading never runs stored code.

>>> Lambda(lambda x: x * 2)([[1.0, 2.0]]).numpy()
array([[2., 4.]], dtype=float32)
"""

from __future__ import annotations

import base64
import inspect
import marshal
from typing import Any, Callable

from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.graph.func_graph import FuncGraph
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.train.keras.base_layer import Layer
from autograph.runtime.train.keras.serialization import (
    deserialize_dtype,
    deserialize_function,
    init_kwargs,
    keras_class,
    serialize_function,
)

__all__ = ["Lambda"]

_STORED_CODE = ("Cannot load a Lambda layer: its code is stored in the file, and loading never "
                "runs stored code. Rewrite it as a layer class and pass it in custom_objects.")


def _is_lambda(function: Callable) -> bool:
    return inspect.isfunction(function) and function.__name__ == "<lambda>"


def _dump(function: Callable) -> dict:
    """A function as Keras 3 writes one it cannot name (its `func_dump`): bytecode in base64,
    default values, and the values its closure holds."""
    code = base64.encodebytes(marshal.dumps(function.__code__)).decode("ascii")
    closure = (tuple(cell.cell_contents for cell in function.__closure__)
               if function.__closure__ else None)
    return {"class_name": "__lambda__",
            "config": {"code": code, "defaults": function.__defaults__, "closure": closure}}


def _serialize(function: Callable) -> dict:
    return _dump(function) if _is_lambda(function) else serialize_function(function)


def _load(value: Any, what: str) -> Callable:
    if isinstance(value, dict) and value.get("class_name") == "__lambda__":
        raise ValueError(_STORED_CODE)
    return deserialize_function(value, what)


@keras_class("keras.layers")
class Lambda(Layer):
    """`function(inputs, **arguments)` as a layer (also given `training` and `mask` when its
    signature names them).

    Args:
        function: the function of the inputs.
        output_shape: the shape of one output sample (without the batch axis), or a function
            of the input shape giving the whole output shape; None: found by tracing.
        mask: a mask for the outputs, or a function `(inputs, mask) -> mask`.
        arguments: keyword arguments passed to `function`.
    """

    def __init__(self, function: Callable, output_shape: Any = None, mask: Any = None,
                 arguments: dict | None = None, **kwargs: Any):
        super().__init__(**kwargs)
        if not callable(function):
            raise TypeError(f"Lambda: function must be callable, got {function!r}.")
        self.function = function
        self.arguments = dict(arguments or {})
        self.mask = mask
        self.supports_masking = mask is not None
        self._output_shape = output_shape
        try:
            parameters = inspect.signature(function).parameters
        except (TypeError, ValueError):  # a builtin without a signature
            parameters = {}  # type: ignore[assignment]
        self._passes = [name for name in ("mask", "training") if name in parameters]

    def call(self, inputs: Tensor, training: bool | None = None, mask: Any = None) -> Any:
        extra = {"mask": mask, "training": training}
        return self.function(inputs, **self.arguments,
                             **{name: extra[name] for name in self._passes})

    def compute_mask(self, inputs: Any, mask: Any = None) -> Any:
        """The outputs' mask: `mask(inputs, mask)` when the layer's mask is a function,
        else the layer's mask itself."""
        return self.mask(inputs, mask) if callable(self.mask) else self.mask

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        input_shape = TensorShape(input_shape)
        if callable(self._output_shape):
            return TensorShape(self._output_shape(input_shape))
        if self._output_shape is not None:
            return TensorShape([input_shape[0] if input_shape.rank else None,
                                *self._output_shape])
        graph = FuncGraph(f"{self.name}_output_shape")  # found by tracing the function once
        with graph.as_default():
            return self(graph.add_input(self.dtype, input_shape)).shape

    def get_config(self) -> dict:
        config = {**super().get_config(), "function": _serialize(self.function)}
        if self._output_shape is not None:
            config["output_shape"] = (_serialize(self._output_shape)
                                      if callable(self._output_shape) else self._output_shape)
        if self.mask is not None:
            config["mask"] = _serialize(self.mask) if callable(self.mask) else self.mask
        config["arguments"] = self.arguments
        return config

    @classmethod
    def from_config(cls, config: dict) -> Lambda:
        """A new `Lambda` from its config; its functions must be named ones the user
        provides (`custom_objects` or the registry).

        Raises:
            ValueError: a `lambda`'s stored bytecode, or a function name not provided.
        """
        config = dict(config)
        config["function"] = _load(config["function"], "function of a Lambda layer")
        if isinstance(config.get("output_shape"), dict):
            config["output_shape"] = _load(config["output_shape"], "output_shape function")
        if isinstance(config.get("mask"), dict):
            config["mask"] = _load(config["mask"], "mask function")
        if "dtype" in config:
            config["dtype"] = deserialize_dtype(config["dtype"])
        return cls(**init_kwargs(cls, config))
