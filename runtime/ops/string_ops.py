"""User-facing functions of the string ops."""

__all__: list[str] = []
