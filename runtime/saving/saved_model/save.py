"""`ag.saved_model.save`: an object's variables, functions and signatures, as an export.

What is saved from `obj` (an `ag.Module`, a Keras model or layer, or any object with
`_trackable_children`):

- **objects**: everything the checkpoint protocol reaches (`runtime/train/trackable.py`):
  modules, layers, lists, dicts and variables, each once, with the names that reach it;
- **functions**: every `ag.function` held by an object reached (a method decorated in its
  class, or an attribute), with every trace it has, plus the trace its `input_signature` gives
  when it has not been called yet; a Keras model or layer that has been built also gets
  `__call__`, its call in inference mode for its input shape. Functions never traced and
  without an `input_signature` cannot be saved, and are left out (as in TensorFlow);
- **signatures**: `signatures` (a traced function, a concrete function, or a dict of them by
  name); else, under the name `serving_default`, a Keras model's `__call__`, or `obj`'s
  function when it has just one and that has an `input_signature` (TensorFlow's rule); a
  loaded object's own signatures are saved again. A signature takes its tensors by keyword
  and returns a dict: the function's dict, or `output_0`, `output_1`, ... for other results.

Each function's graph is written as it was traced (`graph_codec`); the export holds no Python
code and no pickle.

>>> import tempfile, autograph as ag
>>> class Adder(ag.Module):
...     def __init__(self):
...         super().__init__()
...         self.v = ag.Variable(1.0)
...     @ag.function(input_signature=[ag.TensorSpec([], ag.float32)])
...     def add(self, x):
...         return x + self.v
>>> with tempfile.TemporaryDirectory() as export_dir:
...     save(Adder(), export_dir)
...     loaded = ag.saved_model.load(export_dir)
...     float(loaded.add(2.0)), list(loaded.signatures)
(3.0, ['serving_default'])
"""

from __future__ import annotations

import inspect
import os
from typing import Any

import numpy as np

from autograph.runtime.function.concrete_function import ConcreteFunction
from autograph.runtime.function.function import Function, function
from autograph.runtime.graph.func_graph import flatten
from autograph.runtime.graph.graph import SymbolicTensor
from autograph.runtime.graph.tensor_spec import TensorSpec
from autograph.runtime.saving.saved_model import files
from autograph.runtime.saving.saved_model.composites import composite_spec, encode_fields
from autograph.runtime.saving.saved_model.graph_codec import Encoder, SaveError
from autograph.runtime.saving.saved_model.load import LoadedObject, RestoredFunction
from autograph.runtime.state.variables import Variable
from autograph.runtime.train.keras.base_layer import Layer
from autograph.runtime.train.keras.functional import input_specs
from autograph.runtime.train.trackable import checkpoint_array, children_of, is_trackable

SERVING_DEFAULT = "serving_default"


def save(obj: Any, export_dir: str, signatures: Any = None, options: Any = None) -> None:
    """Writes `obj`'s variables, traced functions and signatures to `export_dir`.

    The directory is replaced atomically: a save that fails or is killed leaves the export
    that was there loadable (`runtime/saving/saved_model/files.py`).

    Args:
        obj: the object to save: an `ag.Module`, a Keras model or layer, or an object with
            `_trackable_children`.
        export_dir: the directory to write (made if needed).
        signatures: the serving signatures: an `ag.function` with an `input_signature` (or
            traced once), a concrete function, or a dict of them by name.
        options: accepted for TensorFlow's `tf.saved_model.SaveOptions`; not used.

    Raises:
        ValueError: `obj` holds a function that cannot be exported (it runs Python code, as
            `ag.py_function`, or reads a variable `obj` does not hold), or a signature is not
            a traced function.
        TypeError: `obj` is not a trackable object.
    """
    del options
    if not is_trackable(obj) or isinstance(obj, Variable):
        raise TypeError(f"ag.saved_model.save takes an ag.Module, a Keras model or layer, or "
                        f"an object with _trackable_children, got {type(obj).__name__}.")
    writer = _Writer()
    root = writer.node(obj)
    content = {
        "root": root,
        "objects": writer.objects,
        "variables": writer.variable_docs,
        "functions": writer.function_docs,
        "signatures": writer.signatures(obj, signatures),
    }
    files.write_export(os.fspath(export_dir), content, {
        "variables": writer.variable_values, "constants": writer.encoder.arrays})


class _Writer:
    """Numbers the objects, variables and concrete functions of one export as it meets them."""

    def __init__(self) -> None:
        self.objects: list[Any] = []
        self._object_ids: dict[int, int] = {}
        self._held: list[Any] = []  # keeps ids valid while the export is written
        self.variable_docs: list[dict[str, Any]] = []
        self.variable_values: dict[str, np.ndarray] = {}
        self._variable_ids: dict[int, int] = {}  # id(resource handle) -> number
        self.encoder = Encoder(self._variable_ids, _describe_handle)
        self.function_docs: list[dict[str, Any]] = []
        self._concrete_ids: dict[tuple[int, str | None], int] = {}
        self._functions_of: dict[int, dict[str, Any]] = {}

    # Objects ------------------------------------------------------------------------------
    def node(self, value: Any, path: str = "root") -> int:
        """The number of `value`'s object node, written (with what it holds) on first meeting."""
        found = self._object_ids.get(id(value))
        if found is not None:
            return found
        index = self._object_ids[id(value)] = len(self.objects)
        self._held.append(value)
        self.objects.append(None)
        if isinstance(value, Variable):
            self.objects[index] = {"kind": "variable", "variable": self._variable(value, path)}
            return index
        children = [[name, self.node(child, f"{path}/{name}")]
                    for name, child in children_of(value)]
        if isinstance(value, (list, tuple, dict)):
            kind = "dict" if isinstance(value, dict) else "list"
            self.objects[index] = {"kind": kind, "children": children}
            return index
        doc = {"kind": "object", "class": type(value).__name__, "children": children}
        name = getattr(value, "name", None)
        if isinstance(name, str):
            doc["name"] = name
        functions = self._functions(value, path)
        if functions:
            doc["functions"] = functions
        self.objects[index] = doc
        return index

    def _variable(self, variable: Variable, path: str) -> int:
        index = len(self.variable_docs)
        handle = variable.handle.numpy()
        self._variable_ids[id(handle)] = index
        self._held.append(handle)
        self.variable_values[f"v{index}"] = checkpoint_array(path, variable)
        self.variable_docs.append({
            "name": variable.name.rsplit(":", 1)[0], "path": path,
            "dtype": variable.dtype.name, "shape": variable.shape.as_list()
            if variable.shape.rank is not None else None,
            "trainable": bool(variable.trainable)})
        return index

    # Functions ----------------------------------------------------------------------------
    def _functions(self, obj: Any, path: str) -> list[list[Any]]:
        """[[attribute, [concrete numbers]], ...] for the ag.functions `obj` holds."""
        found = []
        held = self._functions_of[id(obj)] = functions_of(obj)
        for name, fn in held.items():
            concretes = traces_of(fn)
            if concretes:
                found.append([name, [self.concrete(c, f"{path}.{name}") for c in concretes]])
        return found

    def concrete(self, concrete: ConcreteFunction, where: str,
                 signature: str | None = None) -> int:
        """The number of `concrete`'s entry (as a signature: taking its tensors by keyword
        and returning a dict)."""
        key = (id(concrete), signature)
        found = self._concrete_ids.get(key)
        if found is not None:
            return found
        self._held.append(concrete)
        graph = concrete.graph
        doc: dict[str, Any] = {"name": concrete.name,
                               "graph": self.encoder.encode_graph(graph, where)}
        if concrete.jit_compile:
            doc["jit_compile"] = True
        if any(t.dtype.name == "resource" for t in graph.inputs):
            raise SaveError(f"ag.function {where!r} cannot be saved: a trace of it takes a "
                            f"variable as an argument. Have it read the variable from its "
                            f"object (self.v) instead.")
        inputs = {id(t): i for i, t in enumerate(graph.inputs)}
        if signature is None:
            args, kwargs = concrete._placeholder_arguments
            doc["parameters"] = _parameters(concrete._binder.signature, where)
            doc["args"] = self._structure(list(args), inputs, "input", where)
            doc["kwargs"] = self._structure(dict(kwargs), inputs, "input", where)
            doc["outputs"] = self._structure(concrete._symbolic_outputs, None, "output", where)
        else:
            names = _input_names(graph)
            doc["signature"] = signature
            doc["parameters"] = [[n, "KEYWORD_ONLY"] for n in names]
            doc["args"] = []
            doc["kwargs"] = {"dict": [[n, {"input": i}] for i, n in enumerate(names)]}
            doc["outputs"] = {"dict": [[k, {"output": t.name}]
                                       for k, t in _signature_outputs(concrete, where)]}
        index = self._concrete_ids[key] = len(self.function_docs)
        self.function_docs.append(doc)
        return index

    def _structure(self, value: Any, inputs: dict[int, int] | None, tag: str,
                   where: str) -> Any:
        if isinstance(value, SymbolicTensor):
            if inputs is None:
                return {tag: value.name}
            return {tag: inputs[id(value)]}
        if isinstance(value, list):
            return [self._structure(v, inputs, tag, where) for v in value]
        if isinstance(value, tuple) and hasattr(value, "_fields"):
            return {"namedtuple": {"name": type(value).__name__, "fields": list(value._fields),
                                   "values": [self._structure(v, inputs, tag, where)
                                              for v in value]}}
        if isinstance(value, tuple):
            return {"tuple": [self._structure(v, inputs, tag, where) for v in value]}
        if isinstance(value, dict):
            return {"dict": [[self.encoder.encode(k, f"a key in {where}"),
                              self._structure(value[k], inputs, tag, where)]
                             for k in value]}
        spec = composite_spec(value)
        if spec is not None:
            return {"composite": {
                "spec": type(spec).__name__,
                "fields": encode_fields(spec, lambda f: self.encoder.encode(f, where)),
                "components": [self._structure(c, inputs, tag, where)
                               for c in spec._to_components(value)]}}
        return self.encoder.encode(value, f"a value in the arguments or results of {where}")

    # Signatures ---------------------------------------------------------------------------
    def signatures(self, obj: Any, signatures: Any) -> dict[str, int]:
        if signatures is None and isinstance(obj, LoadedObject):
            signatures = dict(obj.signatures)  # saved again as they were loaded
        if signatures is None:
            default = _default_signature(obj, self._functions_of.get(id(obj), {}))
            signatures = {}
            if default is not None and _returns_tensors(
                    _signature_concrete(default, SERVING_DEFAULT)):
                signatures = {SERVING_DEFAULT: default}  # else none, as in TensorFlow
        elif not isinstance(signatures, dict):
            signatures = {SERVING_DEFAULT: signatures}
        found = {}
        for name, fn in signatures.items():
            if not isinstance(name, str):
                raise ValueError(f"Signature names must be strings, got {name!r}.")
            found[name] = self.concrete(_signature_concrete(fn, name), name, signature=name)
        return found


def functions_of(obj: Any) -> dict[str, Any]:
    """The ag.functions `obj` holds: decorated methods of its class (bound to it) and
    attributes (functions loaded from an export included), by name; a built Keras layer's
    inference call as `__call__`."""
    found: dict[str, Any] = {}
    for klass in reversed(type(obj).__mro__):
        for name, value in vars(klass).items():
            if isinstance(value, Function):
                found[name] = getattr(obj, name)
    for name, value in sorted(vars(obj).items()):
        if isinstance(value, (Function, RestoredFunction)):
            found[name] = value
    keras_call = _keras_call(obj)
    if keras_call is not None and "__call__" not in found:
        found["__call__"] = keras_call
    return found


def _keras_call_of(functions: dict[str, Function]) -> Function | None:
    call = functions.get("__call__")
    return call if getattr(call, "_keras_inference_call", False) else None


def traces_of(fn: Any) -> list[ConcreteFunction]:
    """`fn`'s traces, or the one its input_signature gives when it has none."""
    if isinstance(fn, RestoredFunction):
        return list(fn.concrete_functions)
    traces = list(fn._cache.values())
    if not traces:  # traced only as a strategy's replicas: the first replica's, as TensorFlow
        traces = [c for key, cache in fn._replica_caches.items() if key[1] == 0
                  for c in cache.values()]
    if not traces and fn.input_signature is not None:
        traces = [fn.get_concrete_function()]
    return traces


def _keras_call(obj: Any) -> Function | None:
    """A built Keras layer's call in inference mode, for its input shape, as a Function."""
    spec = keras_input_spec(obj)
    if spec is None:
        return None

    def call(inputs: Any) -> Any:
        return obj(inputs, training=False)
    fn = function(call, input_signature=[spec], name="__call__")
    fn._keras_inference_call = True  # type: ignore[attr-defined]
    return fn


def keras_input_spec(obj: Any) -> Any:
    """A built Keras layer's input spec (any batch size; a functional model's several
    inputs: their specs in their structure), else None."""
    if not (isinstance(obj, Layer) and obj.built):
        return None
    shape = None
    ends = getattr(obj, "_graph_ends", None)
    if ends is not None:
        return input_specs(ends[0])
    for attr in ("_build_input_shape", "_built_input_shape"):
        if shape is None:
            shape = getattr(obj, attr, None)
    if shape is None or getattr(shape, "rank", None) is None:
        return None
    dims = list(shape.as_list())
    if dims:
        dims[0] = None  # any batch size, as Keras serves
    return TensorSpec(dims, obj.dtype, name="inputs")


def _default_signature(obj: Any, functions: dict[str, Any]) -> Any:
    """As TensorFlow: a Keras model's call (Keras gives TensorFlow its default signature);
    else the object's one ag.function, when it has exactly one and that has an
    input_signature; else none."""
    keras_call = _keras_call_of(functions)
    if keras_call is not None:
        return keras_call
    if len(functions) == 1:
        (only,) = functions.values()
        if getattr(only, "input_signature", None) is not None:
            return only
    return None


def _signature_concrete(fn: Any, name: str) -> ConcreteFunction:
    if isinstance(fn, ConcreteFunction):
        return fn
    if isinstance(fn, (Function, RestoredFunction)):
        traces = traces_of(fn)
        if len(traces) == 1:
            return traces[0]
        function_name = fn._name if isinstance(fn, Function) else fn.__name__
        raise ValueError(f"Signature {name!r}: ag.function {function_name!r} has "
                         f"{len(traces)} traces; give it an input_signature, or pass one "
                         f"trace (f.get_concrete_function(ag.TensorSpec(...))).")
    raise ValueError(f"Signature {name!r} must be an ag.function with an input_signature or "
                     f"a concrete function (f.get_concrete_function(...)), got {fn!r}.")


def _returns_tensors(concrete: ConcreteFunction) -> bool:
    leaves = flatten(concrete._symbolic_outputs)
    return bool(leaves) and all(isinstance(t, SymbolicTensor) for t in leaves)


def _input_names(graph: Any) -> list[str]:
    """A signature's keywords: its placeholders' names (unique, as the graph's op names are)."""
    return [t.op.name for t in graph.inputs]


def _signature_outputs(concrete: ConcreteFunction, name: str) -> list[tuple[str, Any]]:
    structured = concrete._symbolic_outputs
    if isinstance(structured, dict) and all(isinstance(k, str) for k in structured):
        items = [(k, structured[k]) for k in sorted(structured)]
        if all(isinstance(t, SymbolicTensor) for _, t in items):
            return items
    leaves = flatten(structured)
    if not all(isinstance(t, SymbolicTensor) for t in leaves):
        raise ValueError(f"Signature {name!r} must return tensors (or a dict of them); "
                         f"{concrete.name} returns {structured!r}.")
    return [(f"output_{i}", t) for i, t in enumerate(leaves)]


def _parameters(signature: inspect.Signature, where: str) -> list[list[Any]]:
    params = []
    for p in signature.parameters.values():
        entry: list[Any] = [p.name, p.kind.name]
        if p.default is not inspect.Parameter.empty and _literal(p.default):
            entry.append(p.default)
        params.append(entry)
    return params


def _literal(value: Any) -> bool:
    return value is None or type(value) in (bool, int, str) or (
        type(value) is float and value == value and abs(value) != float("inf"))


def _describe_handle(handle: Any) -> str:
    return repr(getattr(handle, "name", handle))
