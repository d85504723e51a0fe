"""Linear algebra: `matmul`, `einsum`, `tensordot`, and `ag.linalg` composed of ops."""
