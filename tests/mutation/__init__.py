"""Mutation testing of the core: small bugs put into one module at a time, to see the tests fail.

`python -m tests.mutation.run MODULE ...` mutates each module in a scratch copy of the working
tree with mutmut (2.x, which writes each mutant to disk so that a module's import-time code, such
as kernel registration, is mutated too), runs the module's tests (`[tool.autograph.mutation]` in
pyproject.toml) against every mutant, and records what survived in `tests/mutation/results/`.
`tests/mutation/RESULTS.md` sums them up per package; `equivalent.toml` says why each survivor
left is equivalent or not worth a test.
"""
