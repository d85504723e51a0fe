"""Running graphs: the executor (plans compiled from a graph), `Session`, and the resources
(variables' values) a session holds.

Imports `core`, `registry`, `graph` and `eager`.
"""
