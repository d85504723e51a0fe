"""Static analyses over gast trees: activity (scopes), liveness and reaching definitions."""
