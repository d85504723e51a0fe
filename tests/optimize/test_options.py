"""`ag.config.optimizer`: TensorFlow's option names, and when a change takes effect."""

import re

import pytest

import autograph as ag
from autograph.runtime.exec.executor import Plan


def test_defaults_report_the_two_flags_as_tensorflow_does():
    assert ag.config.optimizer.get_experimental_options() == {
        "disable_model_pruning": False, "disable_meta_optimizer": False}


def test_set_options_are_reported():
    ag.config.optimizer.set_experimental_options({"constant_folding": False,
                                                  "layout_optimizer": True})
    ag.config.optimizer.set_experimental_options({"min_graph_nodes": 5})
    assert ag.config.optimizer.get_experimental_options() == {
        "layout_optimizer": True, "constant_folding": False, "disable_model_pruning": False,
        "disable_meta_optimizer": False, "min_graph_nodes": 5}


# The toggles TensorFlow 2.21's set_experimental_options accepts and then reports.
TENSORFLOW_TOGGLES = [
    "arithmetic_optimization", "auto_mixed_precision", "auto_mixed_precision_mkl",
    "auto_mixed_precision_onednn_bfloat16", "constant_folding", "debug_stripper",
    "dependency_optimization", "function_optimization", "implementation_selector",
    "layout_optimizer", "loop_optimization", "pin_to_host_optimization", "remapping",
    "scoped_allocator_optimization", "shape_optimization", "use_plugin_optimizers"]


@pytest.mark.parametrize("name", TENSORFLOW_TOGGLES)
def test_every_tensorflow_toggle_is_taken_and_reported(name):
    ag.config.optimizer.set_experimental_options({name: False})
    assert ag.config.optimizer.get_experimental_options()[name] is False


def test_an_unknown_option_is_an_error_naming_the_near_one():
    known = ", ".join(sorted(TENSORFLOW_TOGGLES + [
        "disable_meta_optimizer", "disable_model_pruning", "min_graph_nodes"]))
    with pytest.raises(ValueError, match=re.escape(
            f"Unknown optimizer option 'constant_foldng'. Did you mean 'constant_folding'? "
            f"The options are: {known}.") + "$"):
        ag.config.optimizer.set_experimental_options({"constant_foldng": False})


def test_an_unknown_option_like_none_gets_no_hint():
    with pytest.raises(ValueError, match=r"^Unknown optimizer option 'zzz'\. The options are: "):
        ag.config.optimizer.set_experimental_options({"zzz": False})


def test_a_toggle_takes_a_bool():
    # Deliberately stricter than TensorFlow 2.21, which takes any value for its truth (0 is
    # off, "yes" is on): a toggle given a number or a string is most likely a mistake.
    with pytest.raises(ValueError,
                       match=r"^Optimizer option 'constant_folding' is a bool, got 0\.$"):
        ag.config.optimizer.set_experimental_options({"constant_folding": 0})


def test_a_negative_min_graph_nodes_skips_no_graph_as_in_tensorflow():
    ag.config.optimizer.set_experimental_options({"min_graph_nodes": -1})
    assert ag.config.optimizer.get_experimental_options()["min_graph_nodes"] == -1


@pytest.mark.parametrize("value", [True, 2.5, "3"])
def test_min_graph_nodes_takes_an_int(value):
    # TensorFlow 2.21 raises TypeError for each ("Expected an int, got a boolean", ...).
    with pytest.raises(TypeError, match=re.escape(
            f"Optimizer option 'min_graph_nodes' is an int, got {value!r}.") + "$"):
        ag.config.optimizer.set_experimental_options({"min_graph_nodes": value})


def test_options_must_be_a_dict():
    with pytest.raises(ValueError, match=r"^Optimizer options are a dict of option name -> "
                                         r"value, got list\.$"):
        ag.config.optimizer.set_experimental_options(["constant_folding"])


def _graph():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [2], name="x")
        y = ag.add(x, ag.constant(2.0) * ag.constant(3.0), name="y")
    return g, x, y


def test_a_change_applies_to_plans_made_afterwards():
    g, x, y = _graph()
    folded = Plan(g, [x], [y]).source
    ag.config.optimizer.set_experimental_options({"constant_folding": False})
    assert "Mul" not in folded and "Mul" in Plan(g, [x], [y]).source


def test_a_function_called_before_a_change_keeps_its_plan():
    @ag.function
    def f(x):
        return x + ag.constant(2.0) * ag.constant(3.0)

    concrete = f.get_concrete_function(ag.TensorSpec([2], ag.float32))
    concrete(ag.constant([1.0, 1.0]))
    before = concrete._plan
    ag.config.optimizer.set_experimental_options({"constant_folding": False})
    concrete(ag.constant([1.0, 1.0]))
    assert concrete._plan is before and "Mul" not in before.source


def test_meta_optimizer_off_plans_the_users_graph_itself():
    ag.config.optimizer.set_experimental_options({"disable_meta_optimizer": True})
    g, x, y = _graph()
    assert "Mul" in Plan(g, [x], [y]).source


def test_graphs_under_min_graph_nodes_are_not_optimised():
    ag.config.optimizer.set_experimental_options({"min_graph_nodes": 100})
    g, x, y = _graph()
    assert "Mul" in Plan(g, [x], [y]).source


def test_a_graph_of_exactly_min_graph_nodes_is_optimised():
    g, x, y = _graph()
    ag.config.optimizer.set_experimental_options({"min_graph_nodes": len(g.get_operations())})
    assert "Mul" not in Plan(g, [x], [y]).source


def test_by_default_a_graph_of_fewer_than_four_ops_is_left_as_it_is():
    from autograph.runtime.exec.optimize.driver import optimize
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [3], name="x")
        y = ag.identity(ag.identity(x))  # three ops: Placeholder, two Identities
    assert optimize(g, [x], [y])[0] is g
    with g.as_default():
        z = ag.identity(y)
    assert optimize(g, [x], [z])[0] is not g  # four ops: optimised (a private copy)
