"""`return` inside a `for` over a dataset or an iterator in an `ag.function`.

Deliberately unlike TensorFlow 2.21, which refuses these programs ("NotImplementedError: a
return statement cannot be placed inside this TensorFlow loop"): they have one Python meaning,
and the converter gives it, as it does for `return` inside any tensor loop
(docs/porting-from-tensorflow.md, "Where the converter differs from TensorFlow")."""

import autograph as ag

D = ag.data.Dataset


@ag.function
def first_over_two(ds):
    for x in ds:
        if x > 2:
            return x
    return ag.constant(-1, ag.int64)


def test_return_inside_a_dataset_loop_returns_the_first_match():
    assert int(first_over_two(D.range(5))) == 3


def test_a_dataset_loop_that_never_returns_falls_through():
    assert int(first_over_two(D.range(2))) == -1


def test_return_inside_a_loop_over_an_iterator_leaves_it_after_the_returned_element():
    @ag.function
    def next_two_mod_three(it):
        for x in it:
            if x % 3 == 2:
                return x
        return ag.constant(-1, ag.int64)
    it = iter(D.range(10))
    assert [int(next_two_mod_three(it)) for _ in range(4)] == [2, 5, 8, -1]
