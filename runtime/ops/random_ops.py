"""User-facing functions of the random ops (`ag.random.*`)."""

from runtime.random_seed import set_seed

__all__ = ["set_seed"]
