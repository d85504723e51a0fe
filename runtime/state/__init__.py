"""State that outlives one run: variables, variable scopes and their store, templates,
initializers, graph collections and `Module`.

Imports the layers below, `ops` included (variables read and assign through ops).
"""
