"""Running graphs: the executor (plans compiled from a graph), the graph optimisation passes
run before planning (`optimize`), `Session`, and the resources (variables' values) a session
holds.

Imports `core`, `registry`, `graph` and `eager`.
"""
