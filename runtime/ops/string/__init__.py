"""String tensors: `ag.strings` (join, split, lengths, formatting)."""
