"""Variable ops: reads, assignments and initialisation."""
