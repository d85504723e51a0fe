"""Identity removal (module runtime/exec/optimize/dependency.py)."""

import pytest

import autograph as ag
from autograph.runtime.exec.optimize import dependency
from autograph.runtime.exec.optimize.rewrite import Rewrite
from tests.optimize.conftest import body, optimized


@pytest.mark.usefixtures("every_graph")
def test_an_identity_that_forwards_a_value_is_bypassed():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [2], name="x")
        y = ag.negative(ag.identity(x, name="i"), name="y")
    assert body(optimized(g, [x], [y])) == ["y = Neg(x) : float32[2]"]


def test_other_passes_see_through_a_bypassed_identity():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [2], name="x")
        y = ag.negative(ag.identity(x) * 1.0, name="y")
    assert body(optimized(g, [x], [y])) == ["y = Neg(x) : float32[2]"]


def test_a_fetched_identity_is_kept():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [2], name="x")
        i = ag.identity(x, name="i")
    assert "i = Identity(x)" in optimized(g, [x], [i])


def test_an_identity_with_control_inputs_is_kept():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [2], name="x")
        v = ag.Variable([1.0, 2.0], name="v")
        with ag.control_dependencies([v.assign_add([1.0, 1.0])]):
            i = ag.identity(x, name="i")
        y = ag.negative(i, name="y")
    assert "i = Identity(x) ^" in optimized(g, [x], [y])


def test_an_identity_placed_on_another_device_is_kept():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [2], name="x")
        with ag.device("/CPU:0"):
            i = ag.identity(x, name="i")
        y = ag.negative(i, name="y")
    assert "i = Identity(x)" in optimized(g, [x], [y])


@pytest.mark.usefixtures("every_graph")  # else too small to optimise at all
def test_identities_stay_when_dependency_optimization_is_off():
    ag.config.optimizer.set_experimental_options({"dependency_optimization": False})
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [2], name="x")
        y = ag.negative(ag.identity(x, name="i"), name="y")
    assert "i = Identity(x)" in optimized(g, [x], [y])


@pytest.mark.usefixtures("every_graph")
def test_an_identity_on_its_inputs_device_is_bypassed():
    g = ag.Graph()
    with g.as_default():
        with ag.device("/CPU:0"):
            x = ag.placeholder(ag.float32, [2], name="x")
            i = ag.identity(x, name="i")
        y = ag.negative(i, name="y")
    assert "Identity" not in optimized(g, [x], [y])


def test_identities_after_one_kept_for_its_device_are_still_bypassed():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [2], name="x")
        with ag.device("/CPU:0"):
            i = ag.identity(x, name="i")
        y = ag.negative(ag.identity(i, name="j"), name="y")
    text = optimized(g, [x], [y])
    assert "i = Identity(x)" in text and "j = " not in text


def test_the_pass_counts_the_identities_it_bypasses():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [2], name="x")
        y = ag.negative(ag.identity(ag.identity(x)), name="y")
    assert dependency.run(Rewrite(g, [x], [y])) == 2


def test_the_pass_counts_nothing_in_a_graph_without_identities():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [2], name="x")
        y = ag.negative(x * 2.0, name="y")
    assert dependency.run(Rewrite(g, [x], [y])) == 0
