"""The conversion pipeline: one visible list of converters, and the conversion of a function.

`convert_entity(fn)` parses the function, runs the converters in the order below, and loads
the result as a live function sharing the original's globals and closure cells. Each
converter runs the analyses it needs itself.

A converter runs only where it can change something: each declares `TRIGGERS`, the node types
(or the names of variables and attributes, such as `append`, or marks such as a `return`
inside an `if`) it acts on, and the pipeline keeps an inventory of what the code holds, so a
function without `break` never walks the `break` converter. A converter that declares
`PRODUCES` adds those to the inventory; after one that does not, the code is scanned again.
"""

from __future__ import annotations

import ast
import builtins
import collections
import dataclasses
import functools
import inspect
import linecache
import threading
import types
import weakref
from typing import Any, Callable, Mapping

import gast

from autograph import operators
from autograph.converters import (
    asserts,
    break_statements,
    call_trees,
    comprehensions,
    conditional_expressions,
    continue_statements,
    control_flow,
    directives,
    lists,
    logical_expressions,
    raise_statements,
    return_statements,
    slices,
    try_statements,
    unsupported,
    variables,
)
from autograph.impl import plain_code
from autograph.pyct import anno, loader, naming, parser, templates, traversal
from autograph.pyct.features import Feature
from autograph.pyct.transformer import ConversionOptions, EntityContext
from autograph.runtime.core.collector import collector_paused

# The pipeline, in order. Ordering constraints:
# - unsupported before all: it rewrites nothing, and rejects what cannot be converted while
#   the code is as the user wrote it.
# - try_statements before the converters that add or move `if`s (it looks for the user's).
# - directives before the converters that add statements to loop bodies or turn `break` into
#   loops' tests: it takes the options call out of the body as the user wrote it.
# - comprehensions before lists and control_flow: its loops append to lists and are loops.
# - lists before control_flow: `l = ag__.list_append(l, x)` makes the list loop state.
# - slices before call_trees, which wraps the `TensorArray(...)` and `.write(...)` calls that
#   slices looks for, and before control_flow, which moves reads into body functions.
# - variables last: it analyses the final code, where control_flow's `Undefined`s are bound.
# - conditional_expressions first: it quotes the user's expression as written.
# - break_statements, continue_statements, return_statements before control_flow, which
#   needs loops without `else` and bodies without jumps; break_statements first, since it
#   turns `for`/`while ... else` into the loop and an `if`, which the other two then lower.
# - raise_statements before break/continue/return lowering, which then lower the jumps in the
#   copies of `except` clauses it moves into `if`s, and after try_statements, whose handler
#   check it leaves out of those copies.
# - control_flow after every converter that adds statements to bodies (asserts), since it
#   computes each statement's state from the code as it will run.
# - call_trees after every converter that writes `ag__` calls (it leaves those alone) and
#   after those that move user calls into lambdas (it converts calls wherever they are), and
#   before control_flow, whose scaffolding more than doubles the code it would walk.
PIPELINE = (
    unsupported,
    try_statements,
    directives,
    conditional_expressions,
    comprehensions,
    lists,
    slices,
    asserts,
    raise_statements,
    break_statements,
    continue_statements,
    return_statements,
    call_trees,
    control_flow,
    logical_expressions,
    variables,
)


# Converters that run only with an optional feature on, as TensorFlow's: asserts with
# ASSERT_STATEMENTS, lists and slices with LISTS; comprehensions too, since the loops they
# make append to lists (TensorFlow leaves comprehensions to Python).
OPTIONAL = {asserts: Feature.ASSERT_STATEMENTS, comprehensions: Feature.LISTS,
            lists: Feature.LISTS, slices: Feature.LISTS}


@dataclasses.dataclass(frozen=True)
class ConvertedCode:
    """What converting a code object gives; shared by every function made from that code."""

    # All None: no converter changes the code, and the function runs its original code (at
    # the user's own lines; `original_text` shows it). A reference to that code here would
    # keep `_cache`'s key alive.
    code: types.CodeType | None
    source_map: loader.SourceMap | None
    unparse: Callable[[], str] | None  # makes `source`

    @functools.cached_property
    def source(self) -> str:
        """The converted function's source, as `to_code` shows it (made on first use)."""
        if self.unparse is None:
            raise ValueError("The code is not converted: see `original_text`.")
        return self.unparse()


_UNCHANGED = ConvertedCode(None, None, None)
_NAMESPACE = {"ag__": operators}
# Both caches hold what they keep only while the user's code or function lives (as
# TensorFlow's, by code object): code made at run time (`exec`, a notebook cell run again)
# is converted anew each time, and a conversion keeps its tree, generated text and source map.
# `_cache`: original code object -> {(file, options key): ConvertedCode}.
_cache: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
# `_functions`: function -> {options key: (weak reference to the converted function,
# ConvertedCode)}. The converted function shares the original's globals, which hold the
# original (a module-level def), so a strong reference here would keep it alive for good.
_functions: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
# The converted functions made last, held strongly: a helper the converted code calls gets its
# converted function from `_functions` call after call (not made anew, 4 us, each time).
_recent: collections.deque = collections.deque(maxlen=64)
_lock = threading.Lock()


def convert(fn: Callable,
            options: ConversionOptions | None = None) -> tuple[Callable, ConvertedCode]:
    """The converted version of `fn` (cached: a second call is two dict lookups).

    Raises:
        ConversionError: naming the file, line and construct that cannot be converted.
    """
    options = options or ConversionOptions()
    key = (options.recursive, options.optional_features)
    cached = _functions.get(fn, {}).get(key)
    if cached is not None:
        function = cached[0]()
        if function is not None:
            return function, cached[1]
    original = inspect.unwrap(fn)
    code = original.__code__
    code_key = (code.co_filename, key)  # equal code objects may come from other files
    converted = _cache.get(code, {}).get(code_key)
    if converted is None:
        converted = _convert_code(original, options)
        with _lock:
            _cache.setdefault(code, {})[code_key] = converted
    function = loader.instantiate(converted.code or code, original, _NAMESPACE)
    with _lock:
        _functions.setdefault(fn, {})[key] = (weakref.ref(function), converted)
        _recent.append(function)
    return function, converted


def _convert_code(fn: Callable, options: ConversionOptions) -> ConvertedCode:
    if plain_code.runs_as_written(fn.__code__, _WATCHED_NAMES):
        return _UNCHANGED  # its source is not even read
    with collector_paused():  # see runtime/core/collector.py
        entity = parser.parse_entity(fn)
        present = None
        if not _kinds_and_names(entity.tree).isdisjoint(_may_trigger(options)):
            node, ctx = prepare(entity, options)  # else the tree is not even made gast
            present = inventory(node)
        if present is None or not any(_runs(c, present, options) for c in PIPELINE):
            # The converted code is the original code: compiling the unchanged tree again
            # cost half of a straight-line function's conversion.
            return _UNCHANGED
        node = run_pipeline(node, ctx, present)
        code, unparse, source_map = loader.compile_function(node, entity.function,
                                                            entity.filename, list(_NAMESPACE))
    register_source_map(source_map)
    # The generated file's lines (linecache) and source map go with the last function
    # running the converted code: no traceback can show that code after.
    weakref.finalize(code, _forget_generated_file, source_map.generated_file)
    return ConvertedCode(code, source_map, unparse)


def original_text(fn: Callable) -> str:
    """`to_code`'s text of a function no converter changes: its def (a lambda as a def)
    without decorators, parsed again from its source (a tree kept instead would hold 7 objects
    a statement that every collection of Python's garbage collector walks)."""
    return loader.unparse(prepare(parser.parse_entity(fn), ConversionOptions())[0]) + "\n"


def _forget_generated_file(generated_file: str) -> None:
    _source_maps.pop(generated_file, None)
    linecache.cache.pop(generated_file, None)


def prepare(entity: parser.ParsedEntity,
            options: ConversionOptions) -> tuple[gast.FunctionDef, EntityContext]:
    """The function definition to convert (a lambda as a def), and its context."""
    node = entity.node
    if isinstance(node, gast.Lambda):
        node = _lambda_as_function(node)
    node.decorator_list = []  # the caller applies decorators to the converted function
    ctx = EntityContext(namer=naming.Namer(naming.names_in(entity.function.__code__)),
                        filename=entity.filename, namespace=_namespace(entity.function),
                        options=options, function=entity.function)
    return node, ctx


def run_pipeline(node: gast.FunctionDef, ctx: EntityContext,
                 present: set[Any] | None = None) -> gast.FunctionDef:
    """Runs each converter of PIPELINE whose TRIGGERS the code holds (`present`: the
    node's `inventory`, when known)."""
    if present is None:
        present = inventory(node)
    original_locals: set[str] | None = None  # taken before the first converter runs
    jumps_lowered = False
    for converter in PIPELINE:
        # Only the lowering of jumps drops code (`jumps.py`).
        if converter is variables and jumps_lowered and original_locals is not None and (
                _declare_dropped_locals(node, original_locals)):
            present.add("Undefined")
        if not _runs(converter, present, ctx.options):
            continue
        if original_locals is None:
            original_locals = traversal.local_names(node)
        jumps_lowered = jumps_lowered or converter in _LOWERING_JUMPS
        node = converter.transform(node, ctx)
        produced = getattr(converter, "PRODUCES", None)
        present = inventory(node) if produced is None else present | produced
    return node


_LOWERING_JUMPS = (raise_statements, break_statements, continue_statements, return_statements)


def _runs(converter: Any, present: set[Any], options: ConversionOptions) -> bool:
    """Whether `converter` has work in code holding `present` (its `inventory`)."""
    if present.isdisjoint(converter.TRIGGERS):
        return False
    feature = OPTIONAL.get(converter)
    return feature is None or options.uses(feature)


@functools.lru_cache(maxsize=None)
def _may_trigger(options: ConversionOptions) -> frozenset[str]:
    """The names of the node kinds and the marks that make some converter of PIPELINE run
    under `options` (a converter's marks of loops and `if`s come with those nodes)."""
    return frozenset(getattr(t, "__name__", t) for converter in PIPELINE
                     if OPTIONAL.get(converter) is None or options.uses(OPTIONAL[converter])
                     for t in converter.TRIGGERS)


def _kinds_and_names(tree: Any) -> set[str]:
    """What `inventory` would find in the gast form of `tree` (a def or lambda of the
    standard library's ast), by name: node kinds, operators of unary and boolean operations,
    and watched names; its decorators left out, as `prepare` leaves them."""
    roots = [getattr(tree, field) for field in tree._fields if field != "decorator_list"]
    nodes = traversal.stdlib_nodes(
        [r for r in roots if isinstance(r, ast.AST)]
        + [item for r in roots if type(r) is list for item in r if isinstance(item, ast.AST)])
    kinds = {type(n) for n in nodes}
    kinds.add(type(tree))
    found = {kind.__name__ for kind in kinds}
    names = {n.id for n in nodes if type(n) is ast.Name}
    names.update(n.attr for n in nodes if type(n) is ast.Attribute)
    names.update(n.arg for n in nodes if type(n) is ast.arg)
    found |= names & _WATCHED_NAMES
    found.update(type(n.op).__name__ for n in nodes
                 if type(n) is ast.UnaryOp or type(n) is ast.BoolOp)
    return found


def _declare_dropped_locals(function: gast.FunctionDef, original: set[str]) -> bool:
    """Binds to `ag__.Undefined` the locals of `function` that the lowering of jumps left
    unbound (code after a `return`, `break` or `continue` never runs, and is dropped) but that
    the function still reads: Python reads them as locals with no value (UnboundLocalError),
    not as globals. Returns whether there were any."""
    lost = original - traversal.local_names(function)
    if not lost:
        return False
    read: set[str] = set()
    bound_inside: set[str] = set()
    for n in traversal.own_nodes([function], scopes=()):
        if isinstance(n, gast.Name):
            (read if isinstance(n.ctx, gast.Load) else bound_inside).add(n.id)
    names = sorted(lost & read - bound_inside)
    if not names:
        return False
    docstring = 1 if (function.body and isinstance(function.body[0], gast.Expr) and isinstance(
        function.body[0].value, gast.Constant) and isinstance(function.body[0].value.value,
                                                               str)) else 0
    declarations = [templates.replace(f"{name} = ag__.Undefined({name!r})")[0]
                    for name in names]
    for statement in declarations:
        gast.copy_location(statement, function)
    function.body[docstring:docstring] = declarations
    return True


_WATCHED_NAMES = frozenset(t for converter in PIPELINE for t in converter.TRIGGERS
                           if isinstance(t, str))


def inventory(node: Any) -> set[Any]:
    """The node types in `node` (and in the extra tests of its loops), the names of variables
    and attributes that some converter's TRIGGERS mention, `LOOP_ELSE` if a loop has an
    `else`, and `INNER_RETURN` if an `if`, `while` or `for` holds a `return` (or a `try` a
    lowered one in its `finally`). Of the contexts and operators, which the walk skips, it
    lists those of unary and boolean operations (`not`, `and`, `or`, `-`), which converters
    may look for."""
    found: set[type[Any] | str] = set()  # node classes, and the converters' str marks
    for n in traversal.own_nodes([node], scopes=()):
        kind = type(n)
        found.add(kind)
        if kind is gast.Name:
            name = n.id
        elif kind is gast.Attribute:
            name = n.attr
        elif kind is gast.UnaryOp or kind is gast.BoolOp:
            found.add(type(n.op))
            continue
        elif kind is gast.Try and n.finalbody:
            if return_statements.INNER_RETURN not in found and return_statements.holds_return(n):
                found.add(return_statements.INNER_RETURN)
            continue
        elif kind is gast.For or kind is gast.While or kind is gast.If:
            if kind is not gast.If:
                if n.orelse:
                    found.add(break_statements.LOOP_ELSE)
                extra_test = anno.getanno(n, anno.Basic.EXTRA_LOOP_TEST, None)
                if extra_test is not None:  # code that control_flow will put in the loop
                    found |= inventory(extra_test)
            if return_statements.INNER_RETURN not in found and return_statements.holds_return(n):
                found.add(return_statements.INNER_RETURN)
            continue
        else:
            continue
        if name in _WATCHED_NAMES:
            found.add(name)
    return found


_source_maps: dict[str, loader.SourceMap] = {}


def register_source_map(source_map: loader.SourceMap) -> None:
    _source_maps[source_map.generated_file] = source_map


def source_map_for(generated_file: str) -> loader.SourceMap | None:
    """The source map of a generated file name seen in a traceback, if it is ours."""
    return _source_maps.get(generated_file)


def user_line(generated_file: str, line: int) -> tuple[str, int] | None:
    """The user's (file, line) that a line of generated code came from, if the code is ours."""
    source_map = _source_maps.get(generated_file)
    return None if source_map is None else source_map.lookup(line)


def _namespace(fn: Callable) -> Mapping[str, Any]:
    """What the function's names refer to: closure values, then globals, then builtins."""
    closure = {}
    for name, cell in zip(fn.__code__.co_freevars, fn.__closure__ or ()):
        try:
            closure[name] = cell.cell_contents
        except ValueError:  # an empty cell: the name is not bound yet
            pass
    return collections.ChainMap(closure, fn.__globals__, vars(builtins))


def _lambda_as_function(node: Any) -> Any:
    """A lambda as an equivalent `def <lambda>(...): return ...` (converted like a def)."""
    return gast.FunctionDef(name="_lambda_", args=node.args,
                            body=[gast.Return(value=node.body)], decorator_list=[],
                            returns=None, type_comment=None, type_params=[],
                            lineno=node.lineno, col_offset=node.col_offset)
