"""`Undefined`, `ld`, `is_undefined`, `UndefinedReturnValue`, `retval`."""

import pytest

import autograph.operators as ag__


def test_ld_returns_defined_values():
    value = object()
    assert ag__.ld(value) is value


def test_ld_of_undefined_names_the_variable():
    with pytest.raises(UnboundLocalError, match="'total' is used before assignment"):
        ag__.ld(ag__.Undefined("total"))


def test_is_undefined():
    assert ag__.is_undefined(ag__.Undefined("x"))
    assert not ag__.is_undefined(None)
    assert not ag__.is_undefined(ag__.UndefinedReturnValue())


def test_undefined_repr_names_the_variable():
    assert repr(ag__.Undefined("x")) == "Undefined('x')"


def test_retval_is_none_until_a_return_sets_it():
    assert ag__.retval(ag__.UndefinedReturnValue()) is None
    assert ag__.retval(0) == 0
    assert ag__.is_undefined_return(ag__.UndefinedReturnValue())


_USES = {
    "add": lambda u: u + 1, "radd": lambda u: 1 + u, "sub": lambda u: u - 1,
    "rsub": lambda u: 1 - u, "mul": lambda u: u * 2, "rmul": lambda u: 2 * u,
    "truediv": lambda u: u / 2, "rtruediv": lambda u: 2 / u, "floordiv": lambda u: u // 2,
    "rfloordiv": lambda u: 2 // u, "mod": lambda u: u % 2, "rmod": lambda u: 2 % u,
    "pow": lambda u: u ** 2, "rpow": lambda u: 2 ** u, "matmul": lambda u: u @ 2,
    "rmatmul": lambda u: 2 @ u, "and": lambda u: u & 1, "rand": lambda u: 1 & u,
    "or": lambda u: u | 1, "ror": lambda u: 1 | u, "xor": lambda u: u ^ 1,
    "rxor": lambda u: 1 ^ u, "lshift": lambda u: u << 1, "rlshift": lambda u: 1 << u,
    "rshift": lambda u: u >> 1, "rrshift": lambda u: 1 >> u, "neg": lambda u: -u,
    "pos": lambda u: +u, "abs": abs, "invert": lambda u: ~u, "lt": lambda u: u < 1,
    "le": lambda u: u <= 1, "gt": lambda u: u > 1, "ge": lambda u: u >= 1, "bool": bool,
    "index": lambda u: [0][u], "int": int, "float": float, "complex": complex, "len": len,
    "iter": iter, "getitem": lambda u: u[0], "setitem": lambda u: u.__setitem__(0, 1),
    "contains": lambda u: 1 in u, "call": lambda u: u(),
}


@pytest.mark.parametrize("use", list(_USES))
def test_any_use_of_an_undefined_value_raises_as_reading_the_variable(use):
    with pytest.raises(UnboundLocalError, match="^'x' is used before assignment$"):
        _USES[use](ag__.Undefined("x"))


def test_undefined_return_value_repr_says_whether_it_may_return_none():
    assert repr(ag__.UndefinedReturnValue()) == "UndefinedReturnValue()"
    assert repr(ag__.UndefinedReturnValue(may_return_none=True)) == (
        "UndefinedReturnValue(may_return_none=True)")
