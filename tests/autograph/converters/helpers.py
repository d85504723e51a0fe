"""Helpers for converter tests: where a construct is in a test function, running in a graph."""

import inspect

import autograph as ag
from autograph.impl import api


def line_of(fn, text):
    """The file line of the first source line of `fn` containing `text`."""
    lines, first = inspect.getsourcelines(fn)
    return first + next(i for i, line in enumerate(lines) if text in line)


def run_in_graph(fn, specs, *args):
    """The converted `fn` built on placeholders of `specs` ((dtype, shape) pairs) in a new
    graph, then run with `args` fed; TensorArrays in the result are stacked."""
    converted = api.to_graph(fn)
    graph = ag.Graph()
    with graph.as_default():
        inputs = [ag.placeholder(dtype, shape) for dtype, shape in specs]
        outputs = converted(*inputs)
        if isinstance(outputs, ag.TensorArray):
            outputs = outputs.stack()
    with ag.Session(graph=graph) as sess:
        return sess.run(outputs, dict(zip(inputs, args)))
