"""Converters: one per construct, each a transformer with `transform(node, ctx) -> node`.

The order they run in is the list in `autograph/impl/transpiler.py`.
"""
