"""A loop that assigns an item of a dict the function also reads as a whole (`len(e)`) names
that item a second time in `composites`: if the item does not exist before a loop over
tensors, the loop is refused, since its body is traced once with the item present and `len`
would count it before the loop creates it (tests/autograph/test_python_meaning.py)."""

import autograph as ag


def f(n):
    e = {}
    for i in ag.range(n):
        e["r"] = len(e) + i
    return e["r"]


PYTHON_ARGS = [(1,), (3,)]
