"""`kernels.common.quiet`: a kernel runs with NumPy's floating-point warnings off, as under
`np.errstate(all="ignore")`, and leaves the caller's settings as they were. It sets NumPy 2's
error context variable directly (a private detail of NumPy); these tests hold it to the public
behaviour."""

import numpy as np
import pytest

from autograph.kernels.common import quiet


def test_a_quiet_kernel_sees_the_settings_of_errstate_ignore():
    with np.errstate(all="ignore"):
        expected = np.geterr()
    with np.errstate(all="raise"):
        assert quiet(np.geterr)() == expected


def test_a_quiet_kernel_divides_by_zero_without_a_warning_under_raise():
    with np.errstate(all="raise"):
        out = quiet(np.divide)(np.float32([1.0, 0.0]), np.float32(0.0))
    assert np.isinf(out[0]) and np.isnan(out[1])


def test_a_quiet_kernel_leaves_the_callers_settings_as_they_were():
    with np.errstate(all="raise", under="warn"):
        before = np.geterr()
        quiet(np.log)(np.float32(0.0))
        assert np.geterr() == before


def test_a_quiet_kernel_that_raises_leaves_the_callers_settings_as_they_were():
    def failing(x):
        raise ValueError("bad")
    with np.errstate(all="raise"):
        before = np.geterr()
        with pytest.raises(ValueError, match="bad"):
            quiet(failing)(1)
        assert np.geterr() == before
