"""`ag.saved_model.load`: an export made into objects again, without the code that saved it.

The export is checked whole first (`files.read_export`: format, version, checksums), then
read into new objects: each saved object becomes a `LoadedObject` (an `ag.Module`) with the
same attribute names, holding new variables with the saved values, lists and dicts as saved,
and a `RestoredFunction` for each saved function. Each trace is made again from its saved graph
(`graph_codec`) as a `ConcreteFunction`, whose graph reads the new variables, so loaded
functions run, are differentiated and train as the originals did. Nothing the export holds is
run as Python: graphs name only registered ops, and values are plain arrays.

Errors: a damaged or edited export is one `DataLossError` (nothing is returned half loaded); a
call that matches no saved trace is a `TypeError` listing the traces.
"""

from __future__ import annotations

import collections
import inspect
import keyword
import os
from typing import Any, Callable

import numpy as np

from autograph.runtime.core import dtypes, errors
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.core.tensor_shape import TensorShape, format_raw, raw_compatible
from autograph.runtime.function.concrete_function import ConcreteFunction, describe_call
from autograph.runtime.function.function_type import ArgumentBinder
from autograph.runtime.graph.func_graph import flatten, pack_sequence_as
from autograph.runtime.graph.graph import SymbolicTensor
from autograph.runtime.graph.tensor_spec import TensorSpec
from autograph.runtime.saving.saved_model import files
from autograph.runtime.saving.saved_model.composites import SPECS, composite_spec, decode_fields
from autograph.runtime.saving.saved_model.graph_codec import Decoder
from autograph.runtime.state.module import Module
from autograph.runtime.state.variables import Variable


def load(export_dir: str, tags: Any = None, options: Any = None) -> Any:
    """The object saved at `export_dir` by `ag.saved_model.save`, with its variables,
    functions and `signatures`.

    Args:
        export_dir: the directory given to `save`.
        tags, options: accepted for TensorFlow's signature; exports have no tags.

    Raises:
        NotFoundError: there is no export at `export_dir`.
        DataLossError: the export is damaged, edited or of another format version.
    """
    del tags, options
    export_dir = os.fspath(export_dir)
    content, arrays = files.read_export(export_dir)
    return _Loader(content, arrays, export_dir).load()


class LoadedObject(Module):
    """An object read from an export: its saved children and functions as attributes.

    A saved Keras model (or any object saved with a `__call__` function) can be called.
    """

    signatures: dict[str, ConcreteFunction]  # the root object's, by name

    def __init__(self, class_name: str, name: str | None):
        super().__init__(name if name and name.isidentifier() else None)
        self._saved_class = class_name

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        call = self.__dict__.get("__call__")
        if call is None:
            raise TypeError(f"The loaded {self._saved_class} is not callable: no __call__ "
                            f"function was saved with it.")
        return call(*args, **kwargs)

    def __repr__(self) -> str:
        return f"<LoadedObject of {self._saved_class} {self.name!r}>"


class RestoredFunction:
    """A saved `ag.function`: calls run the first saved trace whose signature they match."""

    def __init__(self, name: str, concrete_functions: list[ConcreteFunction]):
        self.__name__ = name
        self.concrete_functions = list(concrete_functions)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        for concrete in self.concrete_functions:
            try:
                function_type, values = concrete._bind_checked(args, kwargs)
            except (TypeError, InvalidArgumentError):
                continue
            return concrete.call_flat(function_type.to_tensors(values))
        raise TypeError(self._no_match(args, kwargs))

    def get_concrete_function(self, *args: Any, **kwargs: Any) -> ConcreteFunction:
        """The saved trace that calls like `args` (values or `TensorSpec`s) run."""
        if not args and not kwargs and len(self.concrete_functions) == 1:
            return self.concrete_functions[0]
        for concrete in self.concrete_functions:
            if _matches(concrete, args, kwargs):
                return concrete
        raise TypeError(self._no_match(args, kwargs))

    def pretty_printed_concrete_signatures(self, verbose: bool = True) -> str:
        return "\n\n".join(c.pretty_printed_signature(verbose) for c in self.concrete_functions)

    def _no_match(self, args: tuple, kwargs: dict) -> str:
        options = "\n".join(f"  Option {i + 1}: {c.pretty_printed_signature(verbose=False)}"
                            for i, c in enumerate(self.concrete_functions))
        return (f"Could not find a saved trace of {self.__name__!r} to call with "
                f"{self.__name__}{describe_call(args, kwargs)}. Loaded functions run only "
                f"the traces saved with them (there is no Python code to trace again); "
                f"these were saved:\n{options}")

    def __repr__(self) -> str:
        return f"<RestoredFunction {self.__name__} ({len(self.concrete_functions)} traces)>"


def _matches(concrete: ConcreteFunction, args: tuple, kwargs: dict) -> bool:
    """Whether calls like `args` (values or TensorSpecs) are of the type `concrete` serves."""
    try:
        call_type, _ = concrete._binder.bind(args, kwargs)
    except TypeError:
        return False
    return call_type.is_subtype_of(concrete.function_type)


class _Loader:
    def __init__(self, content: dict[str, Any], arrays: dict[str, dict[str, np.ndarray]],
                 export_dir: str):
        self.content = content
        self.values = arrays.get("variables", {})
        self.variables: list[Variable] = []
        self.decoder = Decoder(arrays.get("constants", {}), self.variables, export_dir)

    def fail(self, why: str) -> errors.DataLossError:
        return self.decoder.fail(why)

    def load(self) -> Any:
        for i, doc in enumerate(self._list("variables")):
            self.variables.append(self._variable(i, doc))
        concretes = [self._concrete(doc) for doc in self._list("functions")]
        objects = self._list("objects")
        made = [self._shell(doc) for doc in objects]
        for shell, doc in zip(made, objects):
            self._fill(shell, doc, made, concretes)
        root_index = self.content.get("root")
        if type(root_index) is not int or not 0 <= root_index < len(made) or not isinstance(
                made[root_index], LoadedObject):
            raise self.fail("the root object is missing")
        root = made[root_index]
        signatures = self.content.get("signatures", {})
        if not isinstance(signatures, dict):
            raise self.fail("the signatures are not a JSON object")
        root.__dict__["signatures"] = {
            name: self._pick(concretes, index, f"signature {name!r}")
            for name, index in signatures.items()}
        return root

    def _list(self, key: str) -> list:
        value = self.content.get(key)
        if not isinstance(value, list):
            raise self.fail(f"the manifest has no {key} list")
        return value

    def _pick(self, items: list, index: Any, what: str) -> Any:
        if type(index) is not int or not 0 <= index < len(items):
            raise self.fail(f"{what} refers to entry {index!r}, which does not exist")
        return items[index]

    # Variables ----------------------------------------------------------------------------
    def _variable(self, i: int, doc: Any) -> Variable:
        if not isinstance(doc, dict) or not isinstance(doc.get("name"), str) or (
                "shape" not in doc) or not isinstance(doc.get("trainable"), bool):
            raise self.fail(f"variable {i} is malformed")
        value = self.values.get(f"v{i}")
        if value is None:
            raise self.fail(f"the value of variable {doc['name']!r} is missing")
        dtype = self.decoder._dtype(doc.get("dtype"))
        shape = self.decoder._shape(doc["shape"])  # None dimensions: the variable's may vary
        if (value.dtype.kind == "S") != (dtype == dtypes.string) or (
                value.dtype.kind != "S" and value.dtype != dtype.as_numpy_dtype):
            raise self.fail(f"variable {doc['name']!r} is saved as {value.dtype}, not "
                            f"{dtype.name}")
        if shape is not None and not raw_compatible(tuple(value.shape), shape):
            raise self.fail(f"variable {doc['name']!r} has shape {value.shape}, not "
                            f"{format_raw(shape)}")
        name = doc["name"] if doc["name"] else None
        varying = shape is None or None in shape
        return Variable(value, trainable=doc["trainable"], name=name,
                        dtype=dtype, shape=TensorShape(shape) if varying else None)

    # Functions ----------------------------------------------------------------------------
    def _concrete(self, doc: Any) -> ConcreteFunction:
        if not isinstance(doc, dict) or not isinstance(doc.get("name"), str):
            raise self.fail("a function entry is malformed")
        name = doc["name"]
        graph = self.decoder.decode_graph(doc.get("graph"))
        inputs = graph.inputs
        binder = ArgumentBinder(self._signature_function(name, doc.get("parameters")))
        args = self._structure(doc.get("args"), lambda i: self._pick(inputs, i, "an input"))
        kwargs = self._structure(doc.get("kwargs"), lambda i: self._pick(inputs, i, "an input"))
        if not isinstance(args, list) or not isinstance(kwargs, dict):
            raise self.fail(f"function {name!r} has malformed arguments")
        specs = _with_specs((tuple(args), kwargs))
        try:
            function_type, _ = binder.bind(*specs)
        except TypeError as e:
            raise self.fail(f"function {name!r}'s arguments do not fit its parameters "
                            f"({e})") from None
        outputs = self._structure(doc.get("outputs"), lambda n: self.decoder._tensor_named(
            graph, n), tag="output")
        concrete = ConcreteFunction(graph, name, binder, function_type, (tuple(args), kwargs),
                                    outputs, [], created_variables=[],
                                    jit_compile=doc.get("jit_compile") is True)
        # As TensorFlow shows a loaded function's results: specs (a signature's named by key).
        concrete.structured_outputs = _output_specs(outputs,
                                                    isinstance(doc.get("signature"), str))
        # Its graph names the variables' resources only: it holds the variables alive, so
        # that `load(path).f` keeps working after the loaded object is gone.
        concrete.held_variables = self.variables  # type: ignore[attr-defined]
        return concrete

    def decoder_list(self, value: Any) -> list:
        if not isinstance(value, list):
            raise self.fail(f"{value!r} is not a list")
        return value

    def _signature_function(self, name: str, params: Any) -> Callable:
        parameters = []
        for entry in self.decoder_list(params):
            if not (isinstance(entry, list) and len(entry) in (2, 3)
                    and isinstance(entry[0], str) and entry[0].isidentifier()
                    and not keyword.iskeyword(entry[0])
                    and entry[1] in _KINDS):
                raise self.fail(f"function {name!r} has a malformed parameter {entry!r}")
            default = entry[2] if len(entry) == 3 else inspect.Parameter.empty
            parameters.append(inspect.Parameter(entry[0], _KINDS[entry[1]], default=default))
        try:
            signature = inspect.Signature(parameters)
        except ValueError as e:
            raise self.fail(f"function {name!r}'s parameters are malformed ({e})") from None

        def restored(*args: Any, **kwargs: Any) -> Any:
            raise TypeError(f"{name} was loaded from a saved model; it has no Python code.")
        restored.__name__ = restored.__qualname__ = name
        restored.__signature__ = signature  # type: ignore[attr-defined]
        return restored

    def _structure(self, doc: Any, leaf: Callable[[Any], Any], tag: str = "input") -> Any:
        if isinstance(doc, list):
            return [self._structure(v, leaf, tag) for v in doc]
        if isinstance(doc, dict) and len(doc) == 1:
            (key, body), = doc.items()
            if key == tag:
                return leaf(body)
            if key == "tuple":
                return tuple(self._structure(v, leaf, tag) for v in self.decoder_list(body))
            if key == "dict":
                pairs = self.decoder_list(body)
                if not all(isinstance(p, list) and len(p) == 2 for p in pairs):
                    raise self.fail("a dict in a function's arguments or results is malformed")
                return {self.decoder.decode(k): self._structure(v, leaf, tag) for k, v in pairs}
            if key == "namedtuple":
                return self._namedtuple(body, leaf, tag)
            if key == "composite":
                return self._composite(body, leaf, tag)
        return self.decoder.decode(doc)

    def _composite(self, body: Any, leaf: Callable[[Any], Any], tag: str) -> Any:
        kind = SPECS.get(str(body.get("spec"))) if isinstance(body, dict) else None
        if kind is None:
            raise self.fail("a composite tensor in a function's arguments or results is "
                            "malformed")
        spec = kind._deserialize(decode_fields(self.decoder_list(body.get("fields")),
                                               self.decoder.decode))
        components = [self._structure(c, leaf, tag)
                      for c in self.decoder_list(body.get("components"))]
        return spec._from_components(components)

    def _namedtuple(self, body: Any, leaf: Callable[[Any], Any], tag: str) -> Any:
        if not isinstance(body, dict):
            raise self.fail("a namedtuple is malformed")
        name, fields = body.get("name"), self.decoder_list(body.get("fields"))
        values = self.decoder_list(body.get("values"))
        if not isinstance(name, str):
            raise self.fail("a namedtuple has no name")
        try:
            kind = collections.namedtuple(name, fields)  # type: ignore[misc]
        except (TypeError, ValueError):
            raise self.fail(f"the namedtuple {name!r} is malformed") from None
        if len(values) != len(fields):
            raise self.fail(f"the namedtuple {name!r} is malformed")
        return kind(*[self._structure(v, leaf, tag) for v in values])

    # Objects ------------------------------------------------------------------------------
    def _shell(self, doc: Any) -> Any:
        kind = doc.get("kind") if isinstance(doc, dict) else None
        if kind == "variable":
            return self._pick(self.variables, doc.get("variable"), "an object")
        if kind == "list":
            return []
        if kind == "dict":
            return {}
        if kind == "object":
            name = doc.get("name")
            return LoadedObject(str(doc.get("class", "object")),
                                name if isinstance(name, str) else None)
        raise self.fail(f"an object has the unknown kind {kind!r}")

    def _fill(self, shell: Any, doc: dict, made: list, concretes: list) -> None:
        if isinstance(shell, Variable):
            return
        children = self.decoder_list(doc.get("children", []))
        for entry in children:
            if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], str)):
                raise self.fail("an object's child is malformed")
            child = self._pick(made, entry[1], f"child {entry[0]!r}")
            if isinstance(shell, list):
                shell.append(child)
            elif isinstance(shell, dict):
                shell[entry[0]] = child
            else:
                _set(shell, entry[0], child)
        for entry in self.decoder_list(doc.get("functions", [])):
            if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], str)):
                raise self.fail("an object's function is malformed")
            traces = [self._pick(concretes, i, f"function {entry[0]!r}")
                      for i in self.decoder_list(entry[1])]
            _set(shell, entry[0], RestoredFunction(entry[0], traces))


_KINDS = {kind.name: kind for kind in (
    inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD,
    inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.KEYWORD_ONLY,
    inspect.Parameter.VAR_KEYWORD)}


def _set(obj: LoadedObject, name: str, value: Any) -> None:
    """Sets an attribute, also where the class defines one of that name (`variables`)."""
    obj.__dict__[name] = value


def _output_specs(outputs: Any, named: bool) -> Any:
    if named and isinstance(outputs, dict):
        return {key: TensorSpec(t.shape, t.dtype, name=key) for key, t in outputs.items()}
    return _with_specs(outputs)


def _with_specs(structure: Any) -> Any:
    """`structure` with each placeholder replaced by the TensorSpec of its dtype and shape
    (a composite of placeholders by its spec)."""
    leaves = [TensorSpec(t.shape, t.dtype) if isinstance(t, SymbolicTensor) else
              t._type_spec if composite_spec(t) is not None else t for t in flatten(structure)]
    return pack_sequence_as(structure, leaves)
