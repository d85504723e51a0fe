"""Complex numbers: `ag.complex`, `ag.math.real`, `ag.math.imag`, `ag.math.conj`, ..."""
