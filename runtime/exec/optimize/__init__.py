"""Graph optimisation before planning: passes over a private copy of what a plan needs.

One module per pass (`constant_folding`, `arithmetic`, `common_subexpression`, `dependency`,
`pruning`, `fusion`), the copy they rewrite (`rewrite`), the options that switch them by
TensorFlow's names (`options`, behind `ag.config.optimizer`), the driver the executor calls
(`driver`), and the optimised copies of the function graphs of control flow (`functions`).

Imports `core`, `registry`, `graph` and `eager`; not the executor, which imports it.
"""
