"""Elementwise math, comparisons, casts, clipping, segment sums, scans and top-k (`ag.math`)."""
