"""`ag.function`: trace types, function types, the trace cache, `ConcreteFunction` and
`Function`.

The top layer of `runtime`: imports any layer below. The converter reaches it only through
`function.set_conversion_hook`, installed by `autograph`.
"""
