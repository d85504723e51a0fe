"""`ag.compat.v1`: TensorFlow 1 names, aliasing the very objects at the top level of `ag`.

Graph mode needs no `compat.v1` here (`ag.placeholder`, `ag.Session`, `ag.variable_scope` are
top-level), but programs written against `tf.compat.v1` port by changing only the import.

The `autograph` package fills this module with its public names when it loads (this module
imports nothing, so that the package and it import no circle).

>>> import autograph as ag
>>> ag.compat.v1.placeholder is ag.placeholder
True
"""
