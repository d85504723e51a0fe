"""Items and attributes assigned in tensor `if`/`while`/`for` travel as their state.

Expected values are TensorFlow 2.21's answers to the same programs (`tf.` for `ag.`), except
where a test says TensorFlow fails and why we run the program.
"""

import numpy.testing as npt
import pytest

import autograph as ag


class Box:
    pass


@ag.function
def dict_item_set_in_both_branches(x):
    d = {"a": ag.constant(0)}
    if x > 0:
        d["a"] = x * 2
    else:
        d["a"] = -x
    return d["a"]


def test_dict_item_set_in_both_branches_of_a_tensor_if():
    npt.assert_equal(dict_item_set_in_both_branches(ag.constant(3)).numpy(), 6)
    npt.assert_equal(dict_item_set_in_both_branches(ag.constant(-3)).numpy(), 3)


def test_dict_item_updated_in_a_tensor_for_accumulates():
    @ag.function
    def f(n):
        d = {"s": ag.constant(0)}
        for i in ag.range(n):
            d["s"] += i
        return d["s"]
    npt.assert_equal(f(ag.constant(5)).numpy(), 10)


def test_attribute_updated_in_a_tensor_while_accumulates():
    @ag.function
    def f(n):
        o = Box()
        o.total = ag.constant(0)
        i = ag.constant(0)
        while i < n:
            o.total = o.total + i
            i += 1
        return o.total
    npt.assert_equal(f(ag.constant(5)).numpy(), 10)


def test_nested_items_and_list_items_are_state():
    @ag.function
    def f(n):
        d = {"inner": {"k": ag.constant(0)}, "xs": [ag.constant(1), ag.constant(2)]}
        for i in ag.range(n):
            d["inner"]["k"] = d["inner"]["k"] + i
            d["xs"][0] = d["xs"][0] * 2
        return d["inner"]["k"], d["xs"][0], d["xs"][1]
    npt.assert_equal([t.numpy() for t in f(ag.constant(3))], [3, 8, 2])


def test_a_dict_rebuilt_each_iteration_is_loop_state():
    @ag.function
    def f(n):
        d = {"a": ag.constant(0), "b": ag.constant(1)}
        for i in ag.range(n):
            d = {"a": d["a"] + i, "b": d["b"] * 2}
        return d["a"], d["b"]
    npt.assert_equal([t.numpy() for t in f(ag.constant(4))], [6, 16])


def test_self_attribute_in_a_module_method_is_state():
    # TensorFlow 2.21 fails here: its generated set_state assigns `self.count` on None
    # (AttributeError). Plain Python gives 0 + 2 + 4.
    class Counter(ag.Module):
        def __init__(self):
            super().__init__()
            self.count = ag.constant(0)

        @ag.function
        def run(self, n):
            for i in ag.range(n):
                if i % 2 == 0:
                    self.count = self.count + i
            return self.count
    counter = Counter()
    npt.assert_equal(counter.run(ag.constant(6)).numpy(), 6)


def test_the_branches_see_the_items_as_before_the_if():
    @ag.function
    def f(x):
        d = {"a": ag.constant(1)}
        if x > 0:
            d["a"] = d["a"] + 10
        else:
            d["a"] = d["a"] + 100
        return d["a"]
    npt.assert_equal(f(ag.constant(1)).numpy(), 11)
    npt.assert_equal(f(ag.constant(-1)).numpy(), 101)


def test_a_key_deleted_in_one_tensor_branch_is_an_error_naming_it():
    @ag.function
    def f(x):
        d = {"b": 1}
        if x > 0:
            del d["b"]
        return len(d)
    with pytest.raises(ValueError, match=(
            r"d\['b'\] exists before an `if` whose condition is a tensor, and only one of its "
            r"branches deletes it, so whether it exists after the `if` would depend on a value "
            r"known only when the graph runs\. Delete d\['b'\] in both branches, or in "
            r"neither\.$")):
        f(ag.constant(1))


def test_a_key_created_in_one_tensor_branch_is_an_error_naming_it():
    # TensorFlow: ValueError "'d['b']' must also be initialized in the else branch".
    @ag.function
    def f(x):
        d = {}
        if x > 0:
            d["b"] = x
        return d["b"]
    with pytest.raises(ValueError, match=(
            r"d\['b'\] does not exist before an `if` whose condition is a tensor, and only "
            r"one of its branches creates it, so whether it exists after the `if` would depend "
            r"on a value known only when the graph runs\. Create d\['b'\] before the `if`, or "
            r"in both branches\.$")):
        f(ag.constant(1))


def test_a_key_created_under_a_python_condition_follows_python():
    def f(flag):
        d = {}
        if flag:
            d["b"] = 1
        return sorted(d)
    assert ag.to_graph(f)(True) == ["b"]
    assert ag.to_graph(f)(False) == []


def test_composites_travel_through_get_state_and_set_state_in_the_generated_code():
    code = ag.to_code(dict_item_set_in_both_branches.python_function)
    assert "def get_state():\n        return (d['a'],)" in code
    assert "composites=(get_state, set_state, (\"d['a']\",))" in code


@ag.function
def nested_item_set_then_owner_rebound(a, b):
    d = {"a": 0, "b": {"c": 1}}
    if a == 0:
        d["b"]["c"] = 0
        d = {"a": b, "b": d["b"]}
    return d["b"]["c"]


def test_an_item_set_in_a_tensor_branch_that_then_rebinds_its_owner_is_state():
    # The owner is rebound, so the converter makes no state of `d['b']['c']`; the `If` finds
    # the replaced item and carries it (TensorFlow 2.21: 0, then 1).
    npt.assert_equal(nested_item_set_then_owner_rebound(ag.constant(0), ag.constant(0)).numpy(), 0)
    npt.assert_equal(nested_item_set_then_owner_rebound(ag.constant(1), ag.constant(0)).numpy(), 1)


@ag.function
def list_changed_then_rebound_with_an_alias(n):
    xs = [0, 1]
    ys = xs
    if n > 0:
        xs[1] = n + 5
        xs = [xs[1], 0]
    return ys[1], xs[0]


def test_a_list_changed_in_place_in_a_tensor_branch_changes_it_for_its_aliases_too():
    # Plain Python's answer; TensorFlow 2.21 gives (1, 6) for n=1, leaving `ys` unchanged.
    npt.assert_equal([t.numpy() for t in list_changed_then_rebound_with_an_alias(
        ag.constant(1))], [6, 6])
    npt.assert_equal([t.numpy() for t in list_changed_then_rebound_with_an_alias(
        ag.constant(0))], [1, 0])


def test_appending_to_a_list_of_the_state_in_a_tensor_branch_is_an_error():
    @ag.function
    def f(a):
        xs = [0]
        if a == 0:
            xs.append(a)
            xs = [xs[0]]
        return xs[0]
    with pytest.raises(ValueError, match=r"list 'xs' is changed in place in the if branch of "
                                         r"an `if` whose condition is a tensor, which changes "
                                         r"its length"):
        f(ag.constant(0))


def test_a_list_of_numbers_rebuilt_in_one_tensor_branch_becomes_tensors():
    @ag.function
    def f(b):
        xs = [0, 1]
        if b == 0:
            xs = [1, xs[1]]
        return xs[0] + xs[1]
    npt.assert_equal(f(ag.constant(0)).numpy(), 2)
    npt.assert_equal(f(ag.constant(3)).numpy(), 1)


def test_a_dict_of_numbers_rebuilt_with_a_tensor_in_one_branch_takes_its_dtype():
    @ag.function
    def f(x, b):
        d = {"a": 0.5, "b": {"c": 1}}
        if b == 1:
            pass
        else:
            d = {"a": x, "b": d["b"]}
        return d["a"], d["b"]["c"]
    a, c = f(ag.constant(2.0), ag.constant(0))
    assert a.dtype == ag.float32 and c.dtype == ag.int32
    npt.assert_equal([a.numpy(), c.numpy()], [2.0, 1])
    npt.assert_equal([t.numpy() for t in f(ag.constant(2.0), ag.constant(1))], [0.5, 1])


@ag.function
def last_key(n):
    d = {}
    for i in ag.range(n):
        d["k"] = i
    return d["k"]


def test_a_key_first_set_in_a_tensor_loop_has_its_last_value():
    # TensorFlow 2.21 gives 2 as well.
    npt.assert_equal(last_key(ag.constant(3)).numpy(), 2)


def test_a_key_first_set_in_a_tensor_loop_that_ran_zero_times_is_an_error_when_read():
    with pytest.raises(ag.errors.InvalidArgumentError, match=r"d\['k'\]' is first assigned"):
        last_key(ag.constant(0))


def test_a_key_created_in_both_tensor_branches_takes_the_branch_value():
    # TensorFlow 2.21 gives 1 and -1 (recorded with `tf.` for `ag.`).
    @ag.function
    def f(x):
        d = {}
        if x > 0:
            d["b"] = 1
        else:
            d["b"] = -1
        return d["b"]
    assert f(ag.constant(3)).numpy() == 1
    assert f(ag.constant(-3)).numpy() == -1


def test_an_attribute_created_in_both_tensor_branches_takes_the_branch_value():
    class Box:
        pass

    @ag.function
    def f(x):
        o = Box()
        if x > 0:
            o.b = x * 2
        else:
            o.b = -x
        return o.b
    assert f(ag.constant(3)).numpy() == 6
    assert f(ag.constant(-4)).numpy() == 4


def test_a_key_created_in_neither_tensor_branch_stays_missing():
    @ag.function
    def f(x):
        d = {}
        s = x
        if x > 0:
            s = x + d.get("b", 0)
        return s, len(d)
    s, n = f(ag.constant(3))
    assert (s.numpy(), n) == (3, 0)
