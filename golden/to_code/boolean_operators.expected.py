def f(a, b, c):
    if_all = ag__.and_(a > 0, lambda: b > 0)
    any_neg = ag__.or_(a < 0, lambda: ag__.not_(c))
    return ag__.or_(if_all, lambda: any_neg)
