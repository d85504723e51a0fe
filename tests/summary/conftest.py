"""Each summary test starts and ends with no default writer, step or recording condition."""

import pytest

from autograph.runtime.summary.writer import state


@pytest.fixture(autouse=True)
def _fresh_summary_state():
    saved = (state.writer, state.step, state.record)
    state.writer, state.step, state.record = None, None, True
    yield
    state.writer, state.step, state.record = saved
