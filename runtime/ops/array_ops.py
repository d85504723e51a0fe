"""User-facing functions of the array ops."""

__all__: list[str] = []
