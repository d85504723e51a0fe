"""`Session`: runs a graph's fetches with fed values, through cached executor plans.

>>> from autograph.runtime.graph.graph import Graph
>>> from autograph.runtime.ops.graph.ops import placeholder
>>> g = Graph()
>>> with g.as_default():
...     x = placeholder("float32", shape=[None], name="x")
...     y = x * 2.0
>>> with Session(graph=g) as sess:
...     sess.run(y, feed_dict={x: [1.0, 2.0]})
array([2., 4.], dtype=float32)
"""

from __future__ import annotations

import contextlib
from typing import Any

import numpy as np

from autograph.runtime.core.tensor_shape import format_raw, raw_compatible
from autograph.runtime.exec import resources
from autograph.runtime.exec.executor import Plan, as_fast_scalar
from autograph.runtime.graph.default_session import default_session, get_default_session  # noqa: F401
from autograph.runtime.graph.graph import Graph, Operation, SymbolicTensor, get_default_graph
from autograph.runtime.graph.tensor import EagerTensor
from autograph.runtime.graph.tensor_conversion import to_array
from autograph.runtime.graph.type_spec import TypeSpec

_MAX_PLANS = 64


class Session:
    """Runs ops of one graph; holds that graph's variable values (TensorFlow 1's `tf.Session`)."""

    def __init__(self, target: str = "", graph: Graph | None = None, config: Any = None):
        self.graph = graph if graph is not None else get_default_graph()
        self.resources = resources.ResourceManager()
        self._plans: dict[tuple, Plan] = {}
        self._closed = False
        self._contexts: list[Any] = []

    # Running -----------------------------------------------------------------------------------
    def run(self, fetches: Any, feed_dict: dict | None = None, options: Any = None,
            run_metadata: Any = None) -> Any:
        """Runs what `fetches` need and returns their values in the same structure.

        Args:
            fetches: a tensor, an op, a name ('x:0' for a tensor, 'x' for an op), or a nested
                list, tuple, namedtuple or dict of them. Ops fetch as None.
            feed_dict: tensor (or tensor name) -> value, replacing that tensor's value.

        Raises:
            RuntimeError: the session is closed.
            ValueError / TypeError: a fed value of incompatible shape or lossy dtype.
            InvalidArgumentError: a placeholder that needs a value was not fed, or an op failed.
        """
        if self._closed:
            raise RuntimeError("Attempted to use a closed Session.")
        if isinstance(fetches, SymbolicTensor) and fetches.graph is self.graph:
            flat, rebuild = [fetches], None  # the common case, without the structure machinery
        else:
            flat = []
            rebuild = self._flatten(fetches, flat)
        feeds, values = self._feeds(feed_dict) if feed_dict else ([], [])
        key = (self.graph.version, *map(id, flat), None, *map(id, feeds))
        plan = self._plans.get(key)
        if plan is None:
            if len(self._plans) >= _MAX_PLANS:
                self._plans.clear()
            plan = self._plans[key] = Plan(self.graph, feeds, flat)
        stack = resources._current.stack
        stack.append(self.resources)
        try:
            results = plan.run(values)
        finally:
            stack.pop()
        if rebuild is None:
            return _output(results[0])
        return rebuild(iter([_output(r) for r in results]))

    def _flatten(self, fetches: Any, flat: list[Any]):
        """Appends the graph elements of `fetches` to `flat`; returns a rebuilder."""
        if isinstance(fetches, (list, tuple)) and not isinstance(fetches, str):
            parts = [self._flatten(f, flat) for f in fetches]
            if hasattr(fetches, "_fields"):  # namedtuple
                return lambda it: type(fetches)(*[p(it) for p in parts])
            return lambda it: type(fetches)(p(it) for p in parts)
        if isinstance(fetches, dict):
            by_key = {k: self._flatten(v, flat) for k, v in fetches.items()}
            return lambda it: type(fetches)((k, p(it)) for k, p in by_key.items())
        spec = getattr(fetches, "_type_spec", None)
        if isinstance(spec, TypeSpec):  # a composite: its components, then its value type
            parts = [self._flatten(t, flat) for t in spec._to_components(fetches)]
            return lambda it: spec._fetched_value([p(it) for p in parts])
        flat.append(self._element(fetches))
        return lambda it: next(it)

    def _element(self, fetch: Any) -> SymbolicTensor | Operation:
        if isinstance(fetch, EagerTensor):
            raise TypeError(f"Fetch argument {fetch!r} is an eager tensor, not a tensor of "
                            f"this session's graph; it already has a value: use .numpy().")
        if fetch is None:
            raise TypeError("Fetch argument None has invalid type <class 'NoneType'>.")
        try:
            return self.graph.as_graph_element(fetch)
        except (KeyError, TypeError, ValueError) as e:
            error = TypeError if isinstance(e, TypeError) else ValueError  # as TensorFlow's
            raise error(f"Fetch argument {fetch!r} cannot be interpreted as a Tensor or "
                        f"Operation of this session's graph: {_message(e)}") from None

    def _feeds(self, feed_dict: dict) -> tuple[list[SymbolicTensor], list[Any]]:
        feeds, values = [], []
        for key, value in feed_dict.items():
            tensor: SymbolicTensor | Operation
            if type(key) is SymbolicTensor and key.graph is self.graph:
                tensor = key
                if type(value) is tensor._dtype.as_numpy_dtype and tensor._shape in ((), None):
                    feeds.append(tensor)  # a NumPy scalar of the right type: nothing to check
                    values.append(value)
                    continue
            else:
                try:
                    tensor = self.graph.as_graph_element(key)
                except (KeyError, TypeError, ValueError) as e:
                    raise TypeError(f"Cannot interpret feed_dict key {key!r} as a tensor of "
                                    f"this session's graph: {_message(e)}") from None
            if not isinstance(tensor, SymbolicTensor):
                raise TypeError(f"Cannot feed {key!r}: only tensors can be fed, not ops.")
            array = to_array(value, tensor.dtype)
            if not raw_compatible(tensor._shape, array.shape):
                raise ValueError(f"Cannot feed value of shape {format_raw(array.shape)} for "
                                 f"Tensor {tensor.name}, which has shape "
                                 f"{format_raw(tensor._shape)}.")
            feeds.append(tensor)
            values.append(as_fast_scalar(array))
        return feeds, values

    # Lifetime and defaults ---------------------------------------------------------------------
    def close(self) -> None:
        self._closed = True
        self._plans.clear()
        self.resources.clear()

    def as_default(self) -> contextlib.AbstractContextManager[Session]:
        return default_session(self)

    def __enter__(self) -> Session:
        graph_context = self.graph.as_default()
        session_context = self.as_default()
        graph_context.__enter__()
        session_context.__enter__()
        self._contexts.append((graph_context, session_context))
        return self

    def __exit__(self, *exc: Any) -> None:
        graph_context, session_context = self._contexts.pop()
        session_context.__exit__(*exc)
        graph_context.__exit__(*exc)
        self.close()


def _output(value: Any) -> Any:
    if value is None:
        return None
    if isinstance(value, np.generic):
        return value  # NumPy scalars are immutable
    host = np.asarray(value)  # plans return fetched values on the host
    # A copy: the value may be a graph constant or a view of one, which callers must not change.
    return host[()] if host.ndim == 0 else host.copy()


def _message(e: Exception) -> str:
    return str(e.args[0]) if e.args else str(e)  # a KeyError's own str() adds quotes
