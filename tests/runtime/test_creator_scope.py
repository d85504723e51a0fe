"""`ag.variable_creator_scope` and the synchronization / aggregation settings of variables."""

import threading

import pytest

import autograph as ag


def _renaming(name):
    def creator(next_creator, **kwargs):
        kwargs["name"] = name
        return next_creator(**kwargs)
    return creator


def test_a_creator_sees_every_argument_by_keyword():
    seen = {}

    def creator(next_creator, **kwargs):
        seen.update(kwargs)
        return next_creator(**kwargs)

    with ag.variable_creator_scope(creator):
        ag.Variable(1.0, False, "w")
    assert (seen["initial_value"], seen["trainable"], seen["name"]) == (1.0, False, "w")
    assert seen["aggregation"] is ag.VariableAggregation.NONE


def test_the_innermost_creator_runs_first():
    order = []

    def noting(label):
        def creator(next_creator, **kwargs):
            order.append(label)
            return next_creator(**kwargs)
        return creator

    with ag.variable_creator_scope(noting("outer")), ag.variable_creator_scope(noting("inner")):
        ag.Variable(1.0)
    assert order == ["inner", "outer"]


def test_the_outermost_creator_has_the_last_word_on_arguments():
    with ag.variable_creator_scope(_renaming("outer")), \
            ag.variable_creator_scope(_renaming("inner")):
        assert ag.Variable(1.0, name="w").name == "outer:0"


def test_a_creator_may_return_a_variable_of_its_own_making():
    made = ag.Variable(5.0, name="made")
    with ag.variable_creator_scope(lambda next_creator, **kwargs: made):
        assert ag.Variable(1.0) is made


def test_creators_apply_in_their_own_thread_only():
    names = []
    with ag.variable_creator_scope(_renaming("renamed")):
        thread = threading.Thread(target=lambda: names.append(ag.Variable(1.0, name="w").name))
        thread.start()
        thread.join()
    assert names == ["w:0"]


def test_settings_are_taken_by_name_in_any_case():
    v = ag.Variable(1.0, synchronization="on_read", aggregation="SUM")
    assert v.synchronization is ag.VariableSynchronization.ON_READ
    assert v.aggregation is ag.VariableAggregation.SUM


def test_an_unknown_aggregation_is_refused_with_the_choices():
    with pytest.raises(ValueError, match="aggregation 'total'.*NONE, SUM, MEAN"):
        ag.Variable(1.0, aggregation="total")


def test_a_creator_that_is_not_callable_is_refused():
    with pytest.raises(TypeError, match="takes a function"):
        with ag.variable_creator_scope(3):
            pass
