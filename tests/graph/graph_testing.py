"""Helpers shared by the graph-mode tests."""

import autograph as ag


def run(graph, fetches, feeds=None):
    """Runs `fetches` of `graph` once in a fresh session."""
    with ag.Session(graph=graph) as sess:
        return sess.run(fetches, feeds)
