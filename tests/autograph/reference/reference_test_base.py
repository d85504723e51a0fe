"""The harness of TensorFlow's AutoGraph reference tests (`tensorflow/python/autograph/tests`),
for their ports here: a function converted (`ag.function`, or `ag.autograph.to_graph`) must
give what the Python function gives, the same results, the same printed output, and an
exception of the same type where Python raises one.

A test class sets `autograph_opts` (the optional features, TensorFlow's `self.autograph_opts`)
and `all_inputs_tensors` as TensorFlow's `setUp` does, and calls the same assertions.
"""

from __future__ import annotations

import io
import numbers
import sys
import traceback
from typing import Any, Callable

import numpy as np

import autograph as ag


class TestCase:
    autograph_opts: Any = None
    all_inputs_tensors = False
    allow_exceptions = False

    def _run_with_output_capture(self, func: Callable[[], Any]) -> tuple[Any, Any, Any]:
        """Runs `func`: its results, what it printed to stdout, and the exception it raised."""
        out_capturer = io.StringIO()
        results = captured_out = captured_err = None
        saved = sys.stdout
        try:
            sys.stdout = out_capturer
            results = func()
            captured_out = out_capturer.getvalue()
        except Exception as e:  # the reference compares exception types
            sys.stdout = saved
            captured_err = e
            print(f"*** Capturing exception:\n{traceback.format_exc()}\n")
        finally:
            sys.stdout = saved
        return results, captured_out, captured_err

    def _as_tensors(self, args: Any) -> list[Any]:
        tensor_args = []
        for a in args:
            if isinstance(a, (numbers.Number, list, np.ndarray)):
                tensor_args.append(ag.constant(a))
            elif isinstance(a, dict):
                keys = tuple(a.keys())
                tensor_args.append(dict(zip(keys, self._as_tensors([a[k] for k in keys]))))
            else:
                tensor_args.append(a)
        return tensor_args

    def run_native(self, f: Callable, *args: Any) -> tuple[Any, Any, Any]:
        return self._run_with_output_capture(lambda: f(*args))

    def _deep_equal(self, left: Any, right: Any) -> bool:
        if isinstance(left, ag.Tensor):
            return self._deep_equal(left.numpy(), right)
        if isinstance(right, ag.Tensor):
            return self._deep_equal(left, right.numpy())
        if isinstance(left, ag.SparseTensor) and isinstance(right, ag.SparseTensor):
            return (self._deep_equal(left.indices, right.indices)
                    and self._deep_equal(left.values, right.values)
                    and self._deep_equal(left.shape, right.shape))
        if isinstance(left, np.ndarray) or isinstance(right, np.ndarray):
            return np.array_equal(left, right)
        if isinstance(left, (list, tuple)) and isinstance(right, (list, tuple)):
            return all(self._deep_equal(a, b) for a, b in zip(left, right))
        return bool(left == right)

    def assertResultsMatch(self, f: Callable, args: Any, native_data: tuple,
                           compiled_data: tuple) -> None:
        native_results, native_out, native_err = native_data
        compiled_results, compiled_out, compiled_err = compiled_data
        outputs_equal = (self._deep_equal(native_results, compiled_results)
                         and native_out == compiled_out)
        errors_equivalent = type(native_err) is type(compiled_err)
        assert outputs_equal and errors_equivalent, (
            f"Native and compiled functions are not equivalent.\n\n"
            f"Native results: {native_results}\nCompiled results: {compiled_results}\n"
            f"Native out: {native_out}\nCompiled out: {compiled_out}\n"
            f"Native error: {type(native_err).__name__}: {native_err}\n"
            f"Compiled error: {type(compiled_err).__name__}: {compiled_err}\n"
            f"Native call: {f.__name__}({', '.join(str(a) for a in args)})")

    def function(self, f: Callable, xla: bool = False) -> Any:
        return ag.function(f, experimental_autograph_options=self.autograph_opts,
                           jit_compile=xla)

    def convert(self, f: Callable) -> Callable:
        return ag.autograph.to_graph(f, experimental_optional_features=self.autograph_opts)

    def assertFunctionMatchesEagerStatefulInput(self, f: Callable,
                                                args: Callable[[], Any]) -> None:
        """Like assertFunctionMatchesEager, with new inputs for each run."""
        compiled_data = self.run_native(self.function(f), *args())
        native_data = self.run_native(f, *args())
        self.assertResultsMatch(f, args(), native_data, compiled_data)

    def assertFunctionMatchesEager(self, f: Callable, *args: Any, xla: bool = False) -> None:
        if self.all_inputs_tensors:
            args = tuple(self._as_tensors(args))
        compiled_data = self.run_native(self.function(f, xla=xla), *args)
        if not self.allow_exceptions:
            compiled_err = compiled_data[2]
            assert compiled_err is None, str(compiled_err)
        native_data = self.run_native(f, *args)
        self.assertResultsMatch(f, args, native_data, compiled_data)

    def assertConvertedMatchesNative(self, f: Callable, *args: Any) -> None:
        compiled_data = self.run_native(self.convert(f), *args)
        native_data = self.run_native(f, *args)
        self.assertResultsMatch(f, args, native_data, compiled_data)
