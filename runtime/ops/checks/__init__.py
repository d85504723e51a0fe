"""`ag.debugging`'s checks: the `assert_*` functions, `assert_shapes` and `check_numerics`."""
