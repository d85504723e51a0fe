"""The checkpoint protocol: how a checkpoint names every value of the objects it saves.

**The protocol.** An object that owns state defines `_trackable_children(self) -> dict[str,
object]`, its named children. A child is a `Variable` (a leaf), a *saveable* leaf (an object
with TensorFlow's `_serialize_to_tensors(self) -> dict[str, array]` and
`_restore_from_tensors(self, dict[str, array])`, such as a dataset iterator), another object
that defines `_trackable_children`, a list or tuple of children (named by index: `"0"`,
`"1"`, ...), a dict of them (named by `str(key)`), or None (a child not created yet: skipped).
Inside lists and dicts, other values (numbers, strings, functions) are skipped; a non-container
value returned directly by `_trackable_children` that is none of these is an error. `Module`
has a default: its attributes holding state, by attribute name (`runtime/state/module.py`).

**Paths and keys.** An object's path is the names from the checkpoint's root to it, joined by
`/`: `model/layers/0/w`. The walk is breadth first, children in the order
`_trackable_children` returns them (Module and Checkpoint: sorted names; dicts: sorted keys),
and each object is reached once, by its first (shortest) path: a variable shared by two objects
is saved once. Its other paths are aliases (`aliases_by_path`), so that a restore finds it
through any of them, as TensorFlow's object graph does. As in TensorFlow, `.` in a name is
written `..` and `/` is written `.S`, so paths are unambiguous. A value's key is its object's
path and the attribute's name, as TensorFlow writes them: `model/w/.ATTRIBUTES/VARIABLE_VALUE`
for a variable, `it/.ATTRIBUTES/ITERATOR_STATE` for an iterator (`key_of`).

**Optimizers** return `{"_iterations": v, "_learning_rate": v (when it is a variable),
"_variables": [iterations, learning_rate, slots...]}`, the slots in the order Keras 3 makes
them, so that their keys are those TensorFlow 2.21 writes for a Keras 3 optimizer
(`optimizer/_variables/2/.ATTRIBUTES/VARIABLE_VALUE`); a fresh optimizer given the same
variables in the same order makes its slots in the same positions.

Restoring (matching values to variables, now or when they appear) is `restoration.py`.
"""

from __future__ import annotations

import collections
import json
from typing import Any, Iterator

import numpy as np

from autograph.runtime.graph.func_graph import sorted_keys
from autograph.runtime.state.variables import Variable
from autograph.runtime.train.data_structures import DictWrapper, ListWrapper, unwrap

__all__ = ["escape_name", "key_of", "split_key", "variables_by_path", "leaves_by_path",
           "aliases_by_path", "resolve", "serialize", "checkpoint_array",
           "aliases_from_object_graph", "OBJECT_GRAPH_KEY", "VARIABLE_VALUE"]

ATTRIBUTES = "/.ATTRIBUTES/"
VARIABLE_VALUE = "VARIABLE_VALUE"
# TensorFlow's key for the object graph; here its value is JSON bytes (`serialize`).
OBJECT_GRAPH_KEY = "_CHECKPOINTABLE_OBJECT_GRAPH"
OBJECT_GRAPH_FORMAT = "autograph-object-graph-v1"


def escape_name(name: str) -> str:
    """A child's name as it appears in a path: `.` -> `..`, `/` -> `.S` (TensorFlow's rule)."""
    return name.replace(".", "..").replace("/", ".S")


def key_of(path: str, attribute: str = VARIABLE_VALUE) -> str:
    """The checkpoint key of an object's attribute, as TensorFlow writes it.

    >>> key_of("listed/0")
    'listed/0/.ATTRIBUTES/VARIABLE_VALUE'
    """
    return f"{path}{ATTRIBUTES}{attribute}"


def split_key(key: str) -> tuple[str, str]:
    """(object path, attribute) of a key made by `key_of`; (key, "") for any other string."""
    path, found, attribute = key.rpartition(ATTRIBUTES)
    return (path, attribute) if found else (key, "")


def is_saveable(value: Any) -> bool:
    """An object saved as tensors of its own (TensorFlow's `_serialize_to_tensors`)."""
    return hasattr(type(value), "_serialize_to_tensors") and not isinstance(value, Variable)


def is_trackable(value: Any) -> bool:
    return (isinstance(value, (Variable, ListWrapper, DictWrapper)) or is_saveable(value)
            or hasattr(type(value), "_trackable_children"))


def is_leaf(value: Any) -> bool:
    return isinstance(value, Variable) or is_saveable(value)


def children_of(value: Any) -> list[tuple[str, Any]]:
    """The (name, child) pairs of a container or a trackable object."""
    value = unwrap(value)
    if isinstance(value, dict):
        return [(str(key), value[key]) for key in sorted_keys(value)
                if is_trackable(value[key]) or isinstance(value[key], (list, tuple, dict))]
    if isinstance(value, (list, tuple)):
        return [(str(i), item) for i, item in enumerate(value)
                if is_trackable(item) or isinstance(item, (list, tuple, dict))]
    children = value._trackable_children()
    if not isinstance(children, dict):
        raise TypeError(f"{type(value).__name__}._trackable_children() returned a "
                        f"{type(children).__name__}; it must return a dict of name -> child.")
    found = []
    for name, child in children.items():
        if child is None:
            continue
        if not (is_trackable(child) or isinstance(child, (list, tuple, dict))):
            raise TypeError(f"{type(value).__name__}._trackable_children() returned "
                            f"{name!r}: {type(child).__name__}; children must be variables, "
                            f"objects with _trackable_children, lists or dicts of them, or "
                            f"None.")
        found.append((str(name), child))
    return found


def variables_by_path(roots: list[tuple[str, Any]]) -> dict[str, Variable]:
    """Every variable reachable from the named `roots`, by path (breadth first, each once).

    >>> a, b = Variable(1.0), Variable(2.0)
    >>> list(variables_by_path([("x", {"b": b, "a": a}), ("y", [a])]))
    ['x/a', 'x/b']
    """
    return {path: value for path, value in leaves_by_path(roots).items()
            if isinstance(value, Variable)}


def leaves_by_path(roots: list[tuple[str, Any]]) -> dict[str, Any]:
    """Every leaf (variable or saveable object) reachable from `roots`, by its first path."""
    return {path: value for path, value, first in _walk(roots)
            if first is None and is_leaf(value)}


def aliases_by_path(roots: list[tuple[str, Any]]) -> dict[str, str]:
    """The paths that reach a variable or object already reached by a shorter path, each with
    that path: a checkpoint saves a value once and restores it through any of its paths.

    >>> a = Variable(1.0)
    >>> aliases_by_path([("x", {"a": a}), ("y", [a])])
    {'y/0': 'x/a'}
    """
    return {path: first for path, _, first in _walk(roots) if first is not None}


def resolve(path: str, aliases: dict[str, str]) -> str:
    """The saved path that `path` stands for: itself, or its longest prefix that is an alias
    replaced by the path it aliases (again, while the result is an alias itself)."""
    for _ in range(len(aliases) + 1):
        parts = path.split("/")
        prefix = next(("/".join(parts[:i]) for i in range(len(parts), 0, -1)
                       if "/".join(parts[:i]) in aliases), None)
        if prefix is None:
            return path
        path = aliases[prefix] + path[len(prefix):]
    return path


def _walk(roots: list[tuple[str, Any]]) -> Iterator[tuple[str, Any, str | None]]:
    """(path, value, first) for everything reachable from `roots`, breadth first: `first` is
    None when `value` is reached for the first time, else the path it was first reached by
    (what is under it is not walked again)."""
    first_paths: dict[int, tuple[str, Any]] = {}  # holds the values: their ids stay theirs
    queue = collections.deque((escape_name(name), value) for name, value in roots)
    while queue:
        path, value = queue.popleft()
        if id(value) in first_paths:
            yield path, value, first_paths[id(value)][0]
            continue
        first_paths[id(value)] = (path, value)
        yield path, value, None
        if is_leaf(value):
            continue
        names = set()
        for name, child in children_of(value):
            if name in names:
                raise ValueError(f"Two children of {path!r} are named {name!r} (dict keys "
                                 f"that are equal as strings); rename one.")
            names.add(name)
            queue.append((f"{path}/{escape_name(name)}", child))


def serialize(roots: list[tuple[str, Any]]) -> tuple[dict[str, np.ndarray], bytes]:
    """The value of every leaf reachable from `roots` by key (`key_of`), and the object graph
    that links them, as JSON bytes: the value of the `_CHECKPOINTABLE_OBJECT_GRAPH` entry.

    TensorFlow writes a `TrackableObjectGraph` protobuf there; this is the same description in
    JSON, with the protobuf's field names: `nodes[i].children` (`node_id`, `local_name`) and
    `nodes[i].attributes` (`name`, `full_name`, `checkpoint_key`); node 0 is the root. An
    object reached by several paths is one node with several parents.

    >>> v = Variable(1.0, name="v")
    >>> values, graph = serialize([("a", v), ("b", [v])])
    >>> list(values), json.loads(graph)["nodes"][1]["attributes"][0]["checkpoint_key"]
    (['a/.ATTRIBUTES/VARIABLE_VALUE'], 'a/.ATTRIBUTES/VARIABLE_VALUE')

    Raises:
        ValueError: a variable cannot be saved (`checkpoint_array`), or a saveable object
            refuses (an iterator over a pipeline whose position cannot be saved).
    """
    values: dict[str, np.ndarray] = {}
    node_ids: dict[int, int] = {}
    nodes: list[dict[str, Any]] = [{"children": [], "attributes": []}]
    parents: dict[str, int] = {"": 0}
    for path, value, first in _walk(roots):
        parent, _, name = path.rpartition("/")
        if first is None:
            node_ids[id(value)] = parents[path] = len(nodes)
            nodes.append({"children": [], "attributes": _attributes(path, value, values)})
        nodes[parents[parent]]["children"].append({"node_id": node_ids[id(value)],
                                                   "local_name": name})
    graph = json.dumps({"format": OBJECT_GRAPH_FORMAT, "nodes": nodes}).encode()
    return values, graph


def _attributes(path: str, value: Any, values: dict[str, np.ndarray]) -> list[dict[str, str]]:
    """The attributes of the node of `value`, whose arrays are added to `values`."""
    if isinstance(value, Variable):
        values[key_of(path)] = checkpoint_array(path, value)
        return [{"name": VARIABLE_VALUE, "full_name": value.name,
                 "checkpoint_key": key_of(path)}]
    if not is_saveable(value):
        return []
    attributes = []
    for name, tensor in value._serialize_to_tensors().items():
        array = np.asarray(tensor.numpy() if hasattr(tensor, "numpy") else tensor)
        if array.dtype == object:
            raise ValueError(f"{type(value).__name__} at {path!r} gave {name!r} as Python "
                             f"objects; a checkpoint stores arrays of numbers or bytes.")
        values[key_of(path, name)] = array
        attributes.append({"name": name, "full_name": path,
                           "checkpoint_key": key_of(path, name)})
    return attributes


def checkpoint_array(path: str, variable: Variable) -> np.ndarray:
    """The value of `variable` as stored: strings as fixed-width bytes (`S`), never objects.

    Raises:
        ValueError: `variable` belongs to a TensorFlow-1 graph (its value lives in a Session),
            or is a string whose bytes end in NUL (fixed-width bytes cannot keep those).
    """
    if variable.graph is not None:
        raise ValueError(f"Variable {variable.name} at {path!r} belongs to a graph (TensorFlow "
                         f"1 style): its value lives in a Session. ag.train.Checkpoint saves "
                         f"eager variables; create the variables outside any ag.Graph.")
    value = np.asarray(variable.numpy())
    if value.dtype == object:
        items = [bytes(item) for item in value.reshape(-1)]
        if any(item.endswith(b"\0") for item in items):
            raise ValueError(f"Variable {variable.name} at {path!r} holds a string ending in "
                             f"a NUL byte, which the checkpoint format (fixed-width bytes) "
                             f"cannot keep; strip trailing NULs before saving.")
        value = np.array(items, dtype=bytes).reshape(value.shape)
    return value


def aliases_from_object_graph(graph: bytes) -> dict[str, str]:
    """The aliases (`aliases_by_path`) that an object graph (`serialize`) describes: every
    path that reaches a node already reached by a shorter one, with that one.

    Raises:
        ValueError: `graph` is not an object graph of this format, or links a node that it
            does not have.
    """
    try:
        content = json.loads(graph)
        found = content["format"]
        children = [[(int(c["node_id"]), str(c["local_name"])) for c in node["children"]]
                    for node in content["nodes"]]
    except (ValueError, KeyError, TypeError) as e:
        raise ValueError(f"the object graph cannot be read ({e!r})") from None
    if found != OBJECT_GRAPH_FORMAT:
        raise ValueError(f"the object graph is of format {found!r}, not "
                         f"{OBJECT_GRAPH_FORMAT!r}")
    first = {0: ""}  # the root; serialize never makes it a child
    aliases: dict[str, str] = {}
    queue = collections.deque([(0, "")])
    while queue:
        node, path = queue.popleft()
        for child, name in children[node]:
            if not 0 < child < len(children):
                raise ValueError(f"the object graph links node {child}, which it does not have")
            child_path = f"{path}/{name}" if path else name
            if child in first:
                aliases[child_path] = first[child]
                continue
            first[child] = child_path
            queue.append((child, child_path))
    return aliases
