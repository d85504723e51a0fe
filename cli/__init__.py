"""The `autograph` command line (a thin layer over the `autograph` package)."""
