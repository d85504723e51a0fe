"""What a conversion keeps goes with the code it converted: code made at run time (`exec`,
a notebook cell run again, generated programs) is converted anew each time, and a process
that does so for long must not keep every conversion's tree, text and source map."""

import gc
import linecache
import weakref

import autograph as ag
from autograph.impl import transpiler

SOURCE = "def f(a):\n    if a > 0:\n        a = a - 1\n    return a\n"


def _exec(filename):
    linecache.cache[filename] = (len(SOURCE), None, SOURCE.splitlines(True), filename)
    namespace = {}
    exec(compile(SOURCE, filename, "exec"), namespace)  # f is held by its own globals
    return namespace


def _exec_and_convert(filename):
    namespace = _exec(filename)
    converted, code = transpiler.convert(namespace["f"])
    assert converted(3) == 2
    return weakref.ref(namespace["f"]), code.source_map.generated_file


def test_a_converted_function_made_by_exec_is_freed_with_its_namespace():
    original, _ = _exec_and_convert("<lifetime-freed>")
    transpiler._recent.clear()  # as after many other conversions
    gc.collect()
    assert original() is None


def test_the_generated_file_goes_when_its_function_does():
    _, generated_file = _exec_and_convert("<lifetime-generated>")
    transpiler._recent.clear()
    gc.collect()
    assert generated_file not in linecache.cache
    assert transpiler.source_map_for(generated_file) is None


def test_a_live_function_converts_to_the_same_code_again():
    namespace = _exec("<lifetime-live>")
    first = transpiler.convert(namespace["f"])[1]
    transpiler._recent.clear()  # the converted function is made again, not its code
    assert transpiler.convert(namespace["f"])[1] is first
    assert ag.to_graph(namespace["f"])(1) == 0
