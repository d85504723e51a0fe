# arguments: (0, 2)
# a read without a value after a loop whose body raises when traced
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
            return 1
    if (z1 := (xs[1]) % 6) % 2 == 1:
        for i3 in range(b):
            y = h(4 * 3) % 17
            if i3 * 3 % 2 == 0:
                t2 = (xs[0] * 2) % 17
            o.total = (t2 + 1) % 17
        xs[0] = (t2 + x) % 17
        w4 = 0
        while w4 < b and 5 - a != xs[1]:
            w4 += 1
            xs[1] = (xs[1]) % 12
        xs[1] = sum([(e.get("p", 0) * 2) % 8 for j5 in ag.range(b)]) % 17
    if a + a * 2 >= d["b"]["c"]:
        if len(e) - o.total - a > d["b"]["c"]:
            try:
                def g6(k):
                    return (k * 2 + xs[0]) % 17
                xs[0] = g6(y)
                d["a"] = (getattr(q, "extra", 0) + 4) % 11
                xs = [(xs[0] + b + 3) % 8, xs[1]]
                if d["b"]["c"] - 3 + xs[0] % 2 == 1 or a - d["b"]["c"] + len(e) * 2 % 2 == 0:
                    raise ValueError('v')
            except ValueError:
                d["a"] = (len(e) + b + len(e)) % 12
                xs[0] = (5 + a) % 7
                x = h(getattr(q, "extra", 0)) % 17
            for i7 in ag.range(4):
                d = {"a": (a + x + 2) % 7, "b": d["b"]}
            with ag.name_scope("s7"):
                xs[1] += (b) % 5
                xs[0] = (xs[0]) % 17
        elif d["b"]["c"] * 2 - a - e.get("p", 0) < x and len(e) * 3 - 5 * 2 <= b:
            xs[0] = h2(d["b"]["c"] * 2) % 17
            try:
                y = (y + 3 + 1) % 4
                d["a"] = len([(3 * 2) % 14 for j8 in ag.range(4)]) % 17
                y += (1 - d["a"] + o.total) % 3
                d = {"a": (a) % 12, "b": d["b"]}
            finally:
                xs[1] = len([(b + xs[1] + j9) % 17 for j9 in range(a % 3 + 1)]) % 17
            g10 = lambda k: (k + a) % 17
            o.total = g10(d["b"]["c"])
        elif d["a"] != x:
            try:
                xs = [(d["a"] + 0 + 2) % 10, xs[1]]
                xs = [(2 * 3) % 14, xs[1]]
                d["a"] = (xs[1] + d["a"] - xs[1]) % 9
                if x * 2 + len(e) > b or 5 * 3 != xs[0]:
                    raise ValueError('v')
            except ValueError:
                xs[1] = (5) % 15
            finally:
                d = {"a": (getattr(q, "extra", 0) * 2 - y) % 15, "b": d["b"]}
                d = {"a": (getattr(q, "extra", 0) * 2) % 15, "b": d["b"]}
                d["a"] += (xs[1] * 3) % 3
            d["b"]["c"] = (a) % 3
            w12 = 0
            while w12 < 1:
                w12 += 1
                t11 = (xs[1] + getattr(q, "extra", 0) + 1) % 10
                x = (t11 + o.total) % 17
                del t11
            t11 = (a + y * 3) % 11
            x = (t11 + o.total) % 17
        elif d["a"] - len(e) + e.get("p", 0) != 5:
            x = sum([(d["a"] + b) % 5 for j13 in range(a)]) % 17
            g14 = lambda k: (k + a) % 17
            d["a"] = g14(b - x)
        else:
            xs[0] = h2(x) % 17
            with ag.name_scope("s14"):
                d["a"] = (5) % 8
        d["b"]["c"] += (e.get("p", 0) * 2 + 2 * 2) % 6
        t15 = (xs[1] - b - 3) % 10
        xs[1] = (t15 + len(e)) % 17
        if b % 2 == 1:
            del t15
        xs[1] = (t15 + len(e)) % 17
    return x, y, d["a"], d["b"]["c"], xs[0], xs[1], o.total, len(e), e.get("p", 0), getattr(q, "extra", 0)
