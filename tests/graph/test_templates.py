"""`make_template`: the seed 000 toy example, scope capture, sharing, errors, eager templates."""

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.state.collections import (
    GraphKeys,
    get_collection,
    global_variables_initializer,
)
from autograph.runtime.state.initializers import constant_initializer, random_uniform_initializer
from autograph.runtime.state.templates import make_template
from autograph.runtime.state.variable_scope import get_variable, variable_scope
from autograph.runtime.state.variables import Variable


@pytest.fixture
def graph():
    g = ag.Graph()
    with g.as_default():
        yield g


def _scaled(x, scalar_name="w"):
    w = get_variable(scalar_name, shape=[], initializer=constant_initializer(2.0))
    return x * w


def test_seed_000_toy_example(graph):
    def tf_fn(x):
        w = get_variable(name="w", shape=(), dtype=ag.float32,
                         initializer=random_uniform_initializer(minval=0.0, maxval=1.0))
        return w * x + 0.0

    fn = make_template(name_="fn", func_=tf_fn)
    x = ag.placeholder(name="x", shape=(), dtype=ag.float32)
    with variable_scope("abc"):
        y1 = fn(x)
    with variable_scope("def"):
        y2 = fn(x)
    assert [v.name for v in get_collection(GraphKeys.GLOBAL_VARIABLES)] == ["abc/fn/w:0"]
    with ag.Session() as sess:
        sess.run(global_variables_initializer())
        y1_val, y2_val = sess.run([y1, y2], feed_dict={x: 0.5})
    assert y1_val == y2_val and 0.0 <= y1_val < 0.5


def test_later_calls_reuse_the_first_scope_wherever_called(graph):
    template = make_template("scale", _scaled)
    first = template(1.0)
    with variable_scope("elsewhere"):
        second = template(3.0)
    assert template.variable_scope.name == "scale"
    assert [v.name for v in template.variables] == ["scale/w:0"]
    assert [v.name for v in template.trainable_variables] == ["scale/w:0"]
    with ag.Session() as sess:
        sess.run(global_variables_initializer())
        assert sess.run([first, second]) == [2.0, 6.0]


def test_two_templates_of_one_name_get_unique_scopes(graph):
    a, b = make_template("t", _scaled), make_template("t", _scaled)
    a(1.0)
    b(1.0)
    assert (a.variable_scope.name, b.variable_scope.name) == ("t", "t_1")


def test_kwargs_are_bound_to_the_function(graph):
    template = make_template("scale", _scaled, scalar_name="y")
    template(1.0)
    template(2.0)
    assert [v.name for v in template.variables] == ["scale/y:0"]


def test_create_scope_now_fixes_the_scope_at_construction(graph):
    with variable_scope("made_here"):
        template = make_template("t", _scaled, create_scope_now_=True)
    assert template.variable_scope.name == "made_here/t"
    assert template.variables == []
    with variable_scope("called_here"):
        template(1.0)
        template(1.0)
    assert [v.name for v in template.variables] == ["made_here/t/w:0"]


def test_unique_name_is_used_as_it_is(graph):
    first = make_template("t", _scaled, unique_name_="fixed")
    first(1.0)
    second = make_template("t", _scaled, unique_name_="fixed")
    with pytest.raises(ValueError, match="Variable fixed/w already exists"):
        second(1.0)


def test_custom_getter_applies_to_the_template_variables(graph):
    seen = []

    def getter(getter, name, *args, **kwargs):
        seen.append(name)
        return getter(name, *args, **kwargs)

    template = make_template("t", _scaled, custom_getter_=getter)
    template(1.0)
    template(1.0)
    assert seen == ["t/w", "t/w"]


def test_new_trainable_variable_on_a_later_call_is_an_error(graph):
    template = make_template("t", lambda x: x * Variable(1.0))
    template(1.0)
    with pytest.raises(ValueError, match="Trainable variable created when calling template t "
                                         "after the first time"):
        template(1.0)


def test_template_needs_a_name(graph):
    with pytest.raises(ValueError, match="name_ cannot be None"):
        make_template(None, _scaled)


def test_eager_template_shares_its_variables():
    template = make_template("eager_t", _scaled)
    first = template(ag.convert_to_tensor(1.0))
    second = template(ag.convert_to_tensor(4.0))
    (w,) = template.variables
    assert (float(first), float(second), w.name) == (2.0, 8.0, "eager_t/w:0")
    w.assign(3.0)
    assert float(template(ag.convert_to_tensor(1.0))) == 3.0
    assert template.trainable_variables == [w] and template.local_variables == []


def test_eager_template_refuses_a_unique_name():
    with pytest.raises(ValueError, match="unique_name_ cannot be used eagerly"):
        make_template("t", _scaled, unique_name_="u")


def test_eager_template_values_on_each_device(device):
    template = make_template("t", _scaled)
    np.testing.assert_array_equal(template(ag.convert_to_tensor([1.0, 2.0])).numpy(), [2.0, 4.0])
