"""`ag.image`'s functions, composed of array and math ops (so they run on every device and
have gradients)."""
