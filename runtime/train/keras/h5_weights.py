"""Keras 3's weights file: `model.weights.h5` inside a `.keras` zip, and `*.weights.h5`.

Keras 3 lays the weights out by walking the model as `keras.src.saving.saving_lib` does: each
layer (and the optimizer) is an HDF5 group named by the path of attributes that reach it, its
own variables the datasets `vars/0`, `vars/1`, ... (trainable ones first), and `vars` carries
the layer's name as an attribute. A model's `layers` come first (`layers/dense`,
`layers/dense_1`: inside a list, by class name in snake case and a counter, never by the
layer's own name, which may differ between two copies of a model), then its other attributes
in sorted order, private ones last; an object met twice is written once, where first met.
The optimizer's group holds `iterations`, the learning rate, then the slots per trainable
variable in Keras's order.

Reading walks our model the same way and takes each group's datasets, so a file Keras 3
wrote for a model of layers we have fills ours, and ours fills Keras's. Our files also carry
the model's build input shape as a root attribute (`autograph_build_input_shape`), so that
loading into a model not yet built can build it; Keras ignores it.

>>> from autograph.runtime.train.keras.layers import Dense
>>> from autograph.runtime.train.keras.sequential import Sequential
>>> model = Sequential([Dense(3), Dense(1)])
>>> model.build((None, 2))
>>> [path for path, _ in saveables(model)]
['', 'layers/dense', 'layers/dense_1']
"""

from __future__ import annotations

import io
import json
import re
import warnings
from typing import Any, Iterator

import numpy as np

from autograph.runtime.state.variables import Variable
from autograph.runtime.train.keras.base_layer import Layer

__all__ = ["h5py_module", "saveables", "write_weights", "read_weights", "keras_layers",
           "trainable_in_keras_order"]

BUILD_SHAPE_ATTR = "autograph_build_input_shape"


def h5py_module() -> Any:
    """h5py, imported on first use.

    Raises:
        ImportError: h5py is missing; the message names the extra that installs it.
    """
    try:
        import h5py  # type: ignore[import-untyped]
    except ImportError:
        raise ImportError('Keras weight files (.keras, .weights.h5) need h5py: pip install '
                          '"autograph-dataflow[keras]" (or pip install h5py).') from None
    return h5py


def _snake(name: str) -> str:
    """Keras 3's `to_snake_case`, which names the entries of a list of layers."""
    name = re.sub(r"\W+", "", name)
    name = re.sub("(.)([A-Z][a-z]+)", r"\1_\2", name)
    return re.sub("([a-z])([A-Z])", r"\1_\2", name).lower()


def _is_model(obj: Any) -> bool:
    return hasattr(obj, "_compiled")  # `Trainer`'s: Sequential, Model and their subclasses


def _is_functional(obj: Any) -> bool:
    return getattr(obj, "_graph_ends", None) is not None


def _sublayers(obj: Any) -> list[Layer]:
    """The layers `obj` holds directly, in the order they were assigned (Keras's `_layers`)."""
    if hasattr(obj, "_layers") and _is_model(obj):  # Sequential: its Input included
        return list(obj._layers)
    if _is_functional(obj):  # its Inputs included, in Keras's order
        return list(obj.layers)
    found: list[Layer] = []
    for value in vars(obj).values():
        for leaf in _leaves(value):
            if isinstance(leaf, Layer) and leaf is not obj and all(leaf is not f for f in found):
                found.append(leaf)
    return found


def _leaves(value: Any) -> Iterator[Any]:
    if isinstance(value, dict):
        for item in value.values():
            yield from _leaves(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _leaves(item)
    else:
        yield value


def keras_layers(model: Layer) -> list[Layer]:
    """Keras's `model.layers`: a Sequential's without its Input, a functional model's with
    it, a subclassed model's direct sublayers."""
    layers = _sublayers(model)
    if hasattr(model, "_layers") and _is_model(model):
        return [layer for layer in layers if not hasattr(layer, "keras_tensor")]
    return layers


# Attributes our base classes set that hold layers Keras's walk does not reach there: a
# Sequential's `_layers` (its Input included), the arguments `__init__` took. The others
# hold no layers, lists or dicts of them.
_BASE_ATTRIBUTES = frozenset({"_layers", "_init_arguments"})


def _children(obj: Any) -> Iterator[tuple[str, Any]]:
    """Keras's `_walk_saveable`: a model's layers first, then the attributes in sorted order,
    private ones last."""
    attributes = {k: v for k, v in vars(obj).items() if k not in _BASE_ATTRIBUTES}
    if _is_model(obj):
        layers = keras_layers(obj)
        if hasattr(obj, "_layers") or _is_functional(obj):
            yield "layers", layers
        attributes["layers"] = layers
        if obj.optimizer is not None:
            attributes["optimizer"] = obj.optimizer
    for name in sorted(attributes, key=lambda n: f"~{n}" if n.startswith("_") else n):
        yield name, attributes[name]


def _join(path: str, name: str) -> str:
    return f"{path}/{name}" if path else name


def saveables(model: Layer) -> list[tuple[str, Any]]:
    """The (path, object) pairs Keras 3 writes for `model`: its layers and its optimizer."""
    found: list[tuple[str, Any]] = []
    _walk(model, "", set(), found)
    return found


def _saveable(obj: Any) -> bool:
    return isinstance(obj, Layer) or hasattr(obj, "_slot_groups")  # a layer or an optimizer


def _walk(obj: Any, path: str, visited: set[int], found: list) -> None:
    if id(obj) in visited:
        return
    visited.add(id(obj))
    found.append((path, obj))
    if not isinstance(obj, Layer):
        return
    for name, child in _children(obj):
        if _saveable(child):
            _walk(child, _join(path, name), visited, found)
        elif isinstance(child, (list, tuple, dict)):
            _walk_container(child, _join(path, name), visited, found, set())


def _walk_container(container: Any, path: str, visited: set[int], found: list,
                    containers: set[int]) -> None:
    if id(container) in containers:
        return
    containers.add(id(container))
    used: dict[str, int] = {}
    for item in (container.values() if isinstance(container, dict) else container):
        if _saveable(item):
            _walk(item, _join(path, _unique(_snake(type(item).__name__), used)), visited, found)
        elif isinstance(item, (list, tuple, dict)):
            _walk_container(item, _join(path, _unique("container", used)), visited, found,
                            containers)


def _unique(name: str, used: dict[str, int]) -> str:
    if name in used:
        used[name] += 1
        return f"{name}_{used[name]}"
    used[name] = 0
    return name


# variables ---------------------------------------------------------------------------------
def own_variables(layer: Layer) -> list[Variable]:
    """The variables `layer` holds itself (not through a sublayer), trainable ones first."""
    found = list(layer._weights)
    for value in vars(layer).values():
        for leaf in _leaves(value):
            if isinstance(leaf, Variable) and all(leaf is not f for f in found):
                found.append(leaf)
    return [v for v in found if v.trainable] + [v for v in found if not v.trainable]


def trainable_in_keras_order(model: Layer) -> list[Variable]:
    """Keras's `model.trainable_variables` order: a layer's own, then its sublayers' in turn;
    the optimizer's slots follow it in the file."""
    found: list[Variable] = []
    seen: set[int] = set()

    def visit(layer: Layer) -> None:
        if id(layer) in seen:
            return
        seen.add(id(layer))
        found.extend(v for v in own_variables(layer) if v.trainable)
        for sublayer in _sublayers(layer):
            visit(sublayer)
    visit(model)
    trainable = {id(v) for v in model.trainable_weights}
    return [v for v in found if id(v) in trainable]


def _optimizer_variables(optimizer: Any, model: Layer) -> list[Variable]:
    found = [optimizer.iterations]
    if isinstance(optimizer._learning_rate, Variable):
        found.append(optimizer._learning_rate)
    if optimizer.built:
        order = [v for v in trainable_in_keras_order(model) if id(v) in optimizer._var_index]
        for group in optimizer._slot_groups():
            for variable in order:
                slots = optimizer._slots[optimizer._index_of(variable)]
                found.extend(slots[name] for name, _ in group)
    return found


def _variables_of(obj: Any, model: Layer) -> list[Variable]:
    return own_variables(obj) if isinstance(obj, Layer) else _optimizer_variables(obj, model)


# files -------------------------------------------------------------------------------------
def write_weights(model: Layer, target: Any) -> None:
    """Writes `model`'s weights (and its optimizer's state) to `target`, a path or a binary
    file object, in Keras 3's layout."""
    h5py = h5py_module()
    with h5py.File(target, "w") as f:
        shape = getattr(model, "_build_input_shape", None) or model._built_input_shape
        if shape is not None and shape.rank is not None:
            f.attrs[BUILD_SHAPE_ATTR] = json.dumps(shape.as_list())
        for path, obj in saveables(model):
            group = f.create_group(_join(path, "vars"))
            group.attrs["name"] = obj.name
            for i, variable in enumerate(_variables_of(obj, model)):
                group.create_dataset(str(i), data=variable.numpy())


def stored_build_shape(source: Any) -> list | None:
    """The build input shape our files record (None in a file Keras wrote)."""
    h5py = h5py_module()
    with h5py.File(source, "r") as f:
        value = f.attrs.get(BUILD_SHAPE_ATTR)
    return None if value is None else json.loads(value)


def read_weights(model: Layer, source: Any, where: str) -> None:
    """Assigns `model`'s weights (and its optimizer's state, when it has one) from `source`.

    Raises:
        ValueError: the file's layers or weights do not match the model's (which layer, what
            it holds, what the file holds).
    """
    h5py = h5py_module()
    with h5py.File(source, "r") as f:
        plan: list[tuple[Variable, np.ndarray]] = []
        expected = set()
        for path, obj in saveables(model):
            group_path = _join(path, "vars")
            expected.add(group_path)
            stored = f[group_path] if group_path in f else {}
            keys = sorted(stored.keys(), key=lambda k: int(k) if k.isdigit() else -1)
            own = _variables_of(obj, model)
            if not isinstance(obj, Layer):
                own = _optimizer_state(obj, own, [stored[k].shape for k in keys], where)
            elif len(keys) != len(own):
                raise _mismatch(where, obj, path, own, [stored[k].shape for k in keys])
            for key, variable in zip(keys, own):
                value = np.asarray(stored[key])
                if list(value.shape) != variable.shape.as_list():
                    raise _mismatch(where, obj, path, own, [stored[k].shape for k in keys])
                plan.append((variable, value))
        extra = []
        f.visititems(lambda name, item: extra.append(name) if (
            name.endswith("vars") and isinstance(item, h5py.Group) and len(item)
            and name not in expected and not name.startswith(("optimizer", "metrics"))) else None)
        if extra:
            raise ValueError(f"{where}: the file holds weights for {len(extra)} more layer(s) "
                             f"than the model has ({', '.join(sorted(extra))}). Load it into a "
                             f"model of the same architecture.")
    for variable, value in plan:  # all checked first: a mismatch changes nothing
        variable.assign(value.astype(variable.dtype.as_numpy_dtype))


def _optimizer_state(optimizer: Any, own: list[Variable], stored: list, where: str
                     ) -> list[Variable]:
    """The optimizer variables the file's state fills: all of them, or only `iterations` and
    the learning rate when the file was written before any training step (no slots); none,
    with a warning as Keras gives, when the file's state is another optimizer's."""
    base = 2 if isinstance(optimizer._learning_rate, Variable) else 1
    for count in (len(own), base):
        if len(stored) == count and all(tuple(s) == tuple(v.shape.as_list())
                                        for s, v in zip(stored, own)):
            return own[:count]
    warnings.warn(f"{where}: skipping the optimizer's state: optimizer {optimizer.name!r} has "
                  f"{len(own)} variables, the file holds {len(stored)} that do not fit them.",
                  stacklevel=4)
    return []


def _mismatch(where: str, obj: Layer, path: str, own: list, stored: list) -> ValueError:
    mine = ", ".join(str(tuple(v.shape.as_list())) for v in own) or "none"
    theirs = ", ".join(str(tuple(s)) for s in stored) or "none"
    return ValueError(f"{where}: layer {obj.name!r} ({type(obj).__name__}, at {path!r} in the "
                      f"file) has weights of shapes [{mine}], but the file holds [{theirs}]. "
                      f"Load it into a model of the same architecture.")


def as_file(data: bytes) -> io.BytesIO:
    """Bytes of an HDF5 file as a file object h5py reads."""
    return io.BytesIO(data)
