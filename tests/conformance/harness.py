"""Collects conformance programs and turns their results into comparable JSON records.

A program is a module-level function named ``prog_*`` in ``programs/*.py`` that takes the
TensorFlow-like module (``tensorflow`` or ``autograph``) as its only argument, so one text runs
under both. Its result is normalised to ``{"value": ..., "dtype": ...}`` (nested for tuples,
lists and dicts) or ``{"error": "ExceptionTypeName"}``.
"""
import importlib
import pathlib
from typing import Any, Callable, Dict

import numpy as np

PROGRAMS_DIR = pathlib.Path(__file__).parent / "programs"

# Programs where autograph deliberately does better than TensorFlow's graph mode, which raises
# only because its AutoGraph lacks the feature. For these the reference answer is TensorFlow's
# own eager run of the same program (tf.config.run_functions_eagerly(True)), recorded in
# expected_eager.json; expected.json still records what graph-mode TensorFlow does.
DELIBERATE = {
    "early_returns.prog_return_inside_for_range":
        "TF: NotImplementedError (return inside a tensor loop); autograph converts it",
    "early_returns.prog_return_inside_while":
        "TF: NotImplementedError (return inside a tensor loop); autograph converts it",
    "iteration.prog_enumerate_over_tensor":
        "TF: OperatorNotAllowedInGraphError; autograph converts enumerate over a tensor",
    "iteration.prog_zip_over_tensors":
        "TF: OperatorNotAllowedInGraphError; autograph converts zip over tensors",
    "nested_loops.prog_walrus_in_if":
        "TF: OperatorNotAllowedInGraphError (walrus unsupported); autograph converts it",
    "nested_loops.prog_walrus_in_while":
        "TF: OperatorNotAllowedInGraphError (walrus unsupported); autograph converts it",
    "nested_loops.prog_while_else_without_break":
        "TF: OperatorNotAllowedInGraphError (while/else unsupported); autograph converts it",
    "accumulation.prog_python_list_append_in_tensor_loop":
        "TF: InaccessibleTensorError (the list holds the loop body's tensors); autograph "
        "makes the list a TensorArray, which stacks",
    "combined.prog_walrus_in_while_with_break":
        "TF: OperatorNotAllowedInGraphError (walrus unsupported); autograph converts it",
    "raises.prog_raise_in_branch_not_taken":
        "TF: ValueError when tracing (both branches are traced); autograph raises when the "
        "graph runs, if the branch runs",
    "raises.prog_raise_handled_by_try_in_tensor_if":
        "TF: ValueError when tracing, caught by the try, so the handler's value for every x; "
        "autograph picks the handler when the graph runs",
    "raises.prog_raise_handled_by_try_stops_tensor_loop":
        "TF: InaccessibleTensorError (the KeyError raised while tracing the loop body is "
        "caught, leaving the body's tensor in `total`); autograph stops the loop and runs "
        "the handler when the graph runs",
    "raises.prog_list_item_set_then_list_rebound_in_tensor_if":
        "TF: the list `ys` still holds is left unchanged (1); autograph changes it, as "
        "Python does",
    "loop_variables.prog_var_defined_in_one_branch_only":
        "TF: ValueError when tracing; autograph gives the branch's value where it ran, and "
        "fails when the graph uses the variable after the other branch",
}


def collect() -> Dict[str, Callable]:
    """Returns ``{"file.prog_name": function}`` for every program, in a stable order."""
    found = {}
    for path in sorted(PROGRAMS_DIR.glob("*.py")):
        if path.name.startswith("_"):
            continue
        mod = importlib.import_module(f"tests.conformance.programs.{path.stem}")
        for name in sorted(vars(mod)):
            if name.startswith("prog_"):
                found[f"{path.stem}.{name}"] = getattr(mod, name)
    return found


def normalise(result: Any) -> Any:
    """Turns a program's result into JSON-serialisable values with dtype names."""
    if isinstance(result, (tuple, list)):
        return {"seq": [normalise(r) for r in result]}
    if isinstance(result, dict):
        return {"map": {str(k): normalise(v) for k, v in sorted(result.items())}}
    if isinstance(result, (bool, int, float, str)) or result is None:
        return {"py": result}
    if hasattr(result, "numpy"):
        arr = np.asarray(result.numpy())
        dtype = result.dtype.name
    else:
        arr = np.asarray(result)
        dtype = arr.dtype.name
    if arr.dtype.kind in "SO":
        value = np.vectorize(
            lambda b: b.decode() if isinstance(b, bytes) else b, otypes=[object])(arr)
        value = value.tolist()
    elif arr.dtype.kind == "c":
        value = [arr.real.tolist(), arr.imag.tolist()]
    else:
        value = arr.tolist()
    return {"value": value, "dtype": dtype}


def run(func: Callable, module: Any) -> Any:
    """Runs one program under ``module``; an exception becomes its type's name."""
    try:
        return normalise(func(module))
    except Exception as exc:  # the exception type is the recorded answer
        return {"error": type(exc).__name__}
