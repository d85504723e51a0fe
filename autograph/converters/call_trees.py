"""Calls: user functions go through `ag__.converted_call` (so they convert too), builtins with
tensor-aware versions go to those, and calls into libraries stay as they are.

Before:

    def f(x):
        y = helper(x)
        print(len(x), y)
        return np.sqrt(ag.reduce_sum(y))

After (with `helper` a user function, `np` NumPy and `ag` autograph):

    def f(x):
        y = ag__.converted_call(helper, x)
        ag__.print(ag__.len(x), y)
        return np.sqrt(ag.reduce_sum(y))

Callees are resolved where they can be, in the converted function's own namespace (globals,
builtins, closure values): a function of NumPy, the standard library or this project is called
directly; a name not known statically (a local, a method of a local) goes through
`converted_call`, which decides when the call runs.
"""

from __future__ import annotations

import builtins
import inspect
import sys
from typing import Any, Mapping

import gast

from autograph.pyct import templates, traversal
from autograph.pyct.features import Feature
from autograph.pyct.transformer import EntityContext, copy_location

# What the pipeline looks for before running this converter (node types, or names of
# variables and attributes; see transpiler.py), and what the code it writes may add.
TRIGGERS = frozenset({gast.Call})
PRODUCES = frozenset({gast.Call, gast.Attribute})

# Builtins with tensor-aware versions in `ag__` (autograph/operators/py_builtins.py).
OVERLOADED_BUILTINS = ("len", "range", "print", "int", "float", "abs", "max", "min",
                       "enumerate", "zip", "iter", "next")
_NEVER_CONVERTED = ("autograph", "numpy", "cupy", "gast")
_UNKNOWN = object()


def _converted(call: Any, ctx: EntityContext, local_names: set[str]) -> Any:
    """`call` as the converted code makes it (the same node where it stays a plain call)."""
    root = call.func
    while isinstance(root, gast.Attribute):
        root = root.value
    if isinstance(root, gast.Name) and root.id == "ag__":
        return call  # already an operator call written by an earlier converter
    local = isinstance(root, gast.Name) and root.id in local_names
    callee: Any = _UNKNOWN if local else _resolve(call.func, ctx.namespace)
    if callee is not _UNKNOWN and _is_builtin(callee):
        name = callee.__name__
        if name == "print" and ctx.options.optional_features is not None:
            # TensorFlow's: Python's print without Feature.BUILTIN_FUNCTIONS, an op with it
            if ctx.options.uses(Feature.BUILTIN_FUNCTIONS):
                call.func = templates.replace_as_expression("ag__.print_each_call")
            return call
        if name in OVERLOADED_BUILTINS:
            call.func = templates.replace_as_expression(f"ag__.{name}")
        return call
    if callee is not _UNKNOWN and is_library_callable(callee):
        return call
    if not ctx.options.recursive and callee is _UNKNOWN:
        return call
    new = templates.replace_as_expression("ag__.converted_call(f)", f=call.func)
    new.args = new.args + list(call.args)
    new.keywords = list(call.keywords)
    return copy_location(new, call)


def calls_user_code(call: Any, ctx: EntityContext, local_names: set[str]) -> bool:
    """Whether `call` may run user code that converts: it goes through `converted_call`."""
    root = call.func
    while isinstance(root, gast.Attribute):
        root = root.value
    if isinstance(root, gast.Name) and root.id in local_names:
        return True
    callee = _resolve(call.func, ctx.namespace)
    return callee is _UNKNOWN or not (_is_builtin(callee) or is_library_callable(callee))


def _resolve(node: Any, namespace: Mapping[str, Any]) -> Any:
    """The object a dotted name refers to in `namespace`, or _UNKNOWN."""
    if isinstance(node, gast.Name):
        if node.id in namespace:
            return namespace[node.id]
        return getattr(builtins, node.id, _UNKNOWN)
    if isinstance(node, gast.Attribute):
        owner = _resolve(node.value, namespace)
        if owner is _UNKNOWN or not (inspect.ismodule(owner) or _is_library_class(owner)):
            return _UNKNOWN  # attributes of values can change; modules' and ours rarely do
        return getattr(owner, node.attr, _UNKNOWN)
    return _UNKNOWN


def bound_names(function: Any) -> set[str]:
    """Names a function binds anywhere in its body: parameters, assignments, defs, imports."""
    names = set()
    for n in traversal.own_nodes([function], scopes=()):
        kind = type(n)
        if kind is gast.Name:
            if type(n.ctx) is not gast.Load:
                names.add(n.id)
        elif (kind is gast.FunctionDef or kind is gast.ClassDef) and n is not function:
            names.add(n.name)
        elif kind is gast.alias:
            names.add((n.asname or n.name).split(".")[0])
    return names


def _is_builtin(obj: Any) -> bool:
    return getattr(obj, "__module__", None) == "builtins"


def is_library_callable(obj: Any) -> bool:
    """Whether calls of `obj` never need converting: classes, and functions of NumPy, the
    standard library and this project (which are graph-aware already)."""
    return inspect.isclass(obj) or _of_a_library(obj) or inspect.isbuiltin(obj)


def _is_library_class(obj: Any) -> bool:
    """A class of a library (`ag.data.Dataset`): its static methods are library functions."""
    return inspect.isclass(obj) and _of_a_library(obj)


def _of_a_library(obj: Any) -> bool:
    top = (getattr(obj, "__module__", None) or "").split(".")[0]
    return top in _NEVER_CONVERTED or top in sys.stdlib_module_names


def transform(node: Any, ctx: EntityContext) -> Any:
    local_names = bound_names(node)  # locals shadow the namespace
    for parent, call in reversed(traversal.find(node, {gast.Call})):  # inner calls first
        new = _converted(call, ctx, local_names)
        if new is not call:
            traversal.replace_child(parent, call, new)
    return node
