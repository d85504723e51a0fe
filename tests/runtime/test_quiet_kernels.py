"""`kernels.common.quiet`: a kernel runs with NumPy's floating-point warnings off, as under
`np.errstate(all="ignore")`, and leaves the caller's settings as they were. It sets NumPy 2's
error context variable directly (a private detail of NumPy); these tests hold it to the public
behaviour, for kernels of any arity, one argument and two (a specialization's), and for a NumPy
without that variable."""

import numpy as np
import pytest

from autograph.kernels import common
from autograph.kernels.common import quiet


@pytest.fixture(params=["context variable", "errstate"])
def either_way(request, monkeypatch):
    """Each test twice: with NumPy 2's error context variable, and as with a NumPy without it."""
    if request.param == "errstate":
        monkeypatch.setattr(common, "_errors", None)


def test_numpy_2s_error_context_variable_is_found():
    if int(np.__version__.split(".")[0]) < 2:
        pytest.skip("NumPy 1 has no error context variable")
    assert common._errors is not None and common._IGNORE is not None


@pytest.mark.parametrize("arity", [None, 1, 2])
def test_a_quiet_kernel_sees_the_settings_of_errstate_ignore(either_way, arity):
    with np.errstate(all="ignore"):
        expected = np.geterr()
    kernel = quiet(lambda *_: np.geterr(), arity)
    with np.errstate(all="raise"):
        assert kernel(*[0] * (arity or 3)) == expected


@pytest.mark.parametrize("arity", [None, 2])
def test_a_quiet_kernel_divides_by_zero_without_a_warning_under_raise(either_way, arity):
    with np.errstate(all="raise"):
        out = quiet(np.divide, arity)(np.float32([1.0, 0.0]), np.float32(0.0))
    assert np.isinf(out[0]) and np.isnan(out[1])


@pytest.mark.parametrize("arity", [None, 1])
def test_a_quiet_kernel_leaves_the_callers_settings_as_they_were(either_way, arity):
    with np.errstate(all="raise", under="warn"):
        before = np.geterr()
        quiet(np.log, arity)(np.float32(0.0))
        assert np.geterr() == before


@pytest.mark.parametrize("arity", [None, 1, 2])
def test_a_quiet_kernel_that_raises_leaves_the_callers_settings_as_they_were(either_way, arity):
    def failing(*_):
        raise ValueError("bad")
    with np.errstate(all="raise"):
        before = np.geterr()
        with pytest.raises(ValueError, match="bad"):
            quiet(failing, arity)(*[1] * (arity or 1))
        assert np.geterr() == before


def test_a_quiet_kernel_of_any_arity_keeps_the_kernels_name(either_way):
    def log_kernel(ctx, x):
        return np.log(x)
    assert quiet(log_kernel).__name__ == "log_kernel"
