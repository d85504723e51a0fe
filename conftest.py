"""Root pytest configuration: doctests run with every kernel registered; `--update-golden`."""

import kernels  # noqa: F401


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="rewrite golden files with the current output (review them by hand "
                          "before committing)")
