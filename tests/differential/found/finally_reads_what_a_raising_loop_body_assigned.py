# arguments: (2, 4)
# a finally read the old value of what a raising loop body assigned (refused before)
def f(a, b):
    x = a % 5
    y = b
    d = {"a": 0, "b": {"c": 1}}
    xs = [0, 1]
    o = Box()
    e = {}
    q = Box()
    def h(k):
        if k > 10:
            raise KeyError('h')
        return k
    def h2(k):
        try:
            return h(k + 1)
        except KeyError:
            return 3
    if xs[0] + 5 - o.total * 2 != d["a"]:
        e["r"] = (2 + a + xs[1] - xs[0]) % 14
    else:
        e["r"] = (getattr(q, "extra", 0)) % 10
    x = (x + e.get("r", 0)) % 17
    try:
        if y == o.total:
            it1 = iter(range(3))
            for e2 in it1:
                d["a"] = (d["a"] + e2) % 17
                if d["b"]["c"] < len(e):
                    break
            for e3 in it1:
                t4 = (getattr(q, "extra", 0) * 3) % 16
                d["b"]["c"] = (t4 + o.total) % 17
                del t4
        else:
            d = {"a": (a * 3 + y + o.total) % 4, "b": d["b"]}
            g5 = lambda k: (k + o.total) % 17
            if x * 3 < e.get("p", 0):
                o.total = (xs[0] * 2) % 15
            else:
                o.total = (3 - getattr(q, "extra", 0) - d["a"]) % 11
            d["a"] = g5(a * 3)
            for i6 in range(a):
                t7 = (d["a"]) % 15
                xs = [(xs[1]) % 10, xs[1]]
                xs = [(o.total * 3) % 4, xs[1]]
                d["a"] = h(b * 3) % 17
            d["a"] = (t7 + 1) % 17
        if 3 + d["b"]["c"] + 5 * 2 <= y:
            raise ValueError('v')
    finally:
        with ag.name_scope("s7"):
            w8 = 0
            while w8 < a % 3 + 1 and e.get("p", 0) - xs[1] - a % 2 == 1:
                w8 += 1
                o.total += (y) % 2
                t9 = (y * 3) % 10
            with ag.name_scope("s9"):
                d["a"] = len([(d["a"] - d["b"]["c"]) % 13 for j10 in range(b % 4)]) % 17
            if getattr(q, "extra", 0) % 2 == 0:
                q.extra = (d["b"]["c"]) % 4
            y = (y + getattr(q, "extra", 0)) % 17
        xs[0] = sum([(x) % 5 for j11 in ag.range(a % 3 + 1)]) % 17
        x = h(xs[1] - xs[0]) % 17
    d["a"] = (o.total) % 14
    return x, y, d["a"], d["b"]["c"], xs[0], xs[1], o.total, len(e), e.get("p", 0), getattr(q, "extra", 0)
