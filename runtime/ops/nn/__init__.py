"""Neural-network ops and functions: activations, losses, convolutions, pooling, embeddings
(`ag.nn`)."""
