"""Fixtures of the graph-mode tests."""

import pytest

import autograph as ag


@pytest.fixture
def graph():
    """A fresh graph (tests enter it with `graph.as_default()`)."""
    return ag.Graph()
