"""Graph-mode ops: placeholders, identities, no-ops and control dependencies (`tf.compat.v1`)."""
