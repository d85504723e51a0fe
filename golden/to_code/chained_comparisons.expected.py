def f(a, b, c):
    ordered = ag__.and_(0 <= a, lambda: ag__.and_(a < b, lambda: b < c))
    same = ag__.and_(a == b, lambda: b == c)
    return ag__.or_(ordered, lambda: same)
