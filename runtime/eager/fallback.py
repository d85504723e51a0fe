"""Ops given composite tensors: when an op's inputs do not convert to tensors (a
`RaggedTensor` added to a number, `reduce_sum` of a ragged tensor), the op asks the handlers
registered here before raising, as TensorFlow's fallback dispatch does for its API functions.

A handler takes `(op_name, inputs, attrs, name)` and returns the op's result, or
`NotImplemented` when these inputs are not its kind. Handlers are registered by the layer that
defines the composite (`ops/ragged` registers the ragged one), so this layer imports none of
them. The check costs nothing for inputs that convert: it runs only after conversion failed.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

__all__ = ["register_fallback", "fallback", "register_mapper", "map_composite",
           "register_shape_type", "is_composite_shape"]

Handler = Callable[[str, Sequence[Any], "dict[str, Any] | None", "str | None"], Any]
_HANDLERS: list[Handler] = []


def register_fallback(handler: Handler) -> Handler:
    """Adds `handler` to those asked when an op's inputs do not convert (once)."""
    if handler not in _HANDLERS:
        _HANDLERS.append(handler)
    return handler


def fallback(op_name: str, inputs: Sequence[Any], attrs: dict[str, Any] | None,
             name: str | None) -> Any:
    """The first registered handler's result for this op call, or `NotImplemented`."""
    for handler in _HANDLERS:
        result = handler(op_name, inputs, attrs, name)
        if result is not NotImplemented:
            return result
    return NotImplemented


# Front-end functions that convert their operand before any op runs (`cast`, `abs`,
# `truediv`, `zeros_like`) hand a composite operand to the mapper the composite's layer
# registers (ragged: the function applied to the flat values).
_MAPPERS: list[Callable[..., Any]] = []


def register_mapper(mapper: Callable[..., Any]) -> None:
    """Adds `mapper(fn, *args, **kwargs)`, which returns `fn` applied through the composites
    among `args` or NotImplemented."""
    if mapper not in _MAPPERS:
        _MAPPERS.append(mapper)


def map_composite(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """`fn(*args, **kwargs)` through the composite tensors among `args`.

    Raises:
        TypeError: no registered mapper takes them.
    """
    for mapper in _MAPPERS:
        result = mapper(fn, *args, **kwargs)
        if result is not NotImplemented:
            return result
    raise TypeError(f"{fn.__name__} does not take "
                    f"{', '.join(type(a).__name__ for a in args)} arguments.")


# Shapes that are not vectors (a ragged tensor's `DynamicRaggedShape`): the ops taking a shape
# (`Fill`, `Reshape`) pass one to their op unconverted, so that the op's fallback gets it.
_SHAPE_TYPES: list[type] = []


def register_shape_type(cls: type) -> None:
    """Marks `cls` as a shape the fallback handlers take (once)."""
    if cls not in _SHAPE_TYPES:
        _SHAPE_TYPES.append(cls)


def is_composite_shape(value: Any) -> bool:
    """Whether `value` is a registered composite shape."""
    return isinstance(value, tuple(_SHAPE_TYPES))
