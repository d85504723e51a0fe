"""User-facing functions of the creation ops."""

__all__: list[str] = []
