"""The working copy passes rewrite (module runtime/exec/optimize/rewrite.py): walking it,
replacing and inserting ops, and the ops no pass may change."""

import numpy as np

import autograph as ag
from autograph.runtime.exec.optimize.rewrite import Rewrite
from tests.optimize.conftest import body, optimized


def _chain():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [2], name="x")
        a = ag.negative(x, name="a")
        b = ag.negative(a, name="b")
        c = ag.abs(b, name="c")
        y = ag.sqrt(c, name="y")
    return g, x, y


def test_the_walk_skips_an_op_replaced_before_it_is_reached_and_goes_on():
    g, x, y = _chain()
    rewrite = Rewrite(g, [x], [y])
    b = next(op for op in rewrite.ops if op.name == "b")
    walked = []
    for op in rewrite.walk():
        walked.append(op.name)
        if op.name == "a":
            rewrite.replace(b, op.inputs)  # b = Neg(Neg(x)) is x
    assert walked == ["a", "c", "y"]
    c = next(op for op in rewrite.ops if op.name == "c")
    assert c.inputs[0] is rewrite.feeds[0]


def test_a_walk_that_only_replaces_drops_the_replaced_ops():
    g, x, y = _chain()
    rewrite = Rewrite(g, [x], [y])
    for op in rewrite.walk():
        if op.name == "c":
            rewrite.replace(op, op.inputs)
    assert [op.name for op in rewrite.ops] == ["a", "b", "y"]


def test_an_inserted_op_is_named_placed_and_sourced_as_the_op_it_goes_before():
    g, x, y = _chain()
    rewrite = Rewrite(g, [x], [y])
    c = next(op for op in rewrite.ops if op.name == "c")
    new = rewrite.insert(c, "Identity", {"T": ag.float32}, [c.inputs[0]],
                         [(ag.float32, (2,))], c.op_def)
    assert (new.name, new.device, new.source) == ("c", c.device, c.source)
    assert "test_rewrite.py" in c.source
    list(rewrite.walk())
    assert [op.name for op in rewrite.ops] == ["a", "b", "c", "c", "y"]


def _stateless_callback_calls(fed: bool) -> int:
    calls = []

    def double(v):
        calls.append(1)
        return v * 2

    g = ag.Graph()
    with g.as_default():
        p = ag.placeholder(ag.float32, [])
        arg = p if fed else ag.constant(3.0)
        y = (ag.numpy_function(double, [arg], ag.float32, stateful=False)
             + ag.numpy_function(double, [arg], ag.float32, stateful=False))
    with ag.Session(graph=g) as sess:
        values = [sess.run(y, {p: 3.0}) for _ in range(3)]
    np.testing.assert_array_equal(values, [12.0] * 3)
    return len(calls)


def test_two_equal_stateless_callbacks_are_not_merged():
    # TF 2.21 (tf.compat.v1.Session, a fed argument): 6 calls in three runs.
    assert _stateless_callback_calls(fed=True) == 6


def test_a_stateless_callback_of_constants_runs_on_every_run():
    # Deliberate difference: TF 2.21 folds both calls when the session first runs (2 calls in
    # three runs). A Python callback's side effects (logging, counting) happen here as often
    # as the program runs it, whatever it declares.
    assert _stateless_callback_calls(fed=False) == 6


def test_a_fed_tensor_stands_as_a_placeholder_the_passes_do_not_look_through():
    g, _, y = _chain()
    a = g.get_tensor_by_name("a:0")
    # Fed, `a` is a value of its own: b = Neg(Neg(x)) is no longer x.
    assert body(optimized(g, [a], [y]))[0] == "b = Neg(a) : float32[2]"


def test_every_op_holding_functions_is_stateful_so_never_rewritten():
    from autograph.runtime.registry.op_registry import op_registry
    holding = {d.name: d.is_stateful for d in op_registry().registered_ops()
               if any(a.type in ("func", "list(func)") for a in d.attr)}
    assert holding == {"If": True, "Case": True, "While": True}


def test_a_cond_of_constants_calling_python_calls_it_on_every_run():
    calls = []

    def count(v):
        calls.append(1)
        return v

    g = ag.Graph()
    with g.as_default():
        c = ag.constant(2.0)
        y = ag.cond(c > 0, lambda: ag.numpy_function(count, [c], ag.float32) * 2.0, lambda: c)
    with ag.Session(graph=g) as sess:
        values = [sess.run(y) for _ in range(3)]
    np.testing.assert_array_equal(values, [4.0] * 3)
    assert len(calls) == 3  # TF 2.21: 3
