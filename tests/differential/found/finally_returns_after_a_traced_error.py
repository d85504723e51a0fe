# arguments: (3, 3)
# ag.function traced a finally that returns on what a traced error left half done
def f(a, b):
    x = a % 5
    y = b
    d = {'a': 0, 'b': {'c': 1}}
    xs = [0, 1]
    o = Box()
    e = {}
    q = Box()

    def h(k):
        if k > 6:
            raise KeyError('h')
        return k
    t1 = xs[1] * 3 % 6
    w2 = 0
    try:
        y = h(5) % 17
        d['a'] = sum([(y + getattr(q, 'extra', 0)) % 11 for j7 in range(2)]) % 17
        d['a'] -= len(e) % 3
        y = len([d['a'] % 13 for j8 in range(b % 4)]) % 17
        d['b']['c'] -= (1 + e.get('p', 0) + len(e) + xs[1]) % 6
        d['a'] = h(x) % 17
        return (x, y, d['a'], d['b']['c'], xs[0], xs[1], o.total, len(e), e.get('p', 0), getattr(q, 'extra', 0))
    except Exception:
        if len(e) != b or xs[0] == d['a']:
            raise
        g9 = lambda k: (k + xs[1]) % 17
        w10 = 0
        while w10 < b:
            w10 += 1
            g11 = lambda k: (k + b) % 17
            x = g11(e.get('p', 0) + 0)
            xs[1] = e.get('p', 0) * 2 % 15
            xs[1] = g9(x)
        y = g9(y * 2)
        t12 = d['b']['c'] * 2 % 3
        w13 = 0
        while w13 < a:
            w13 += 1
            if d['b']['c'] < xs[1]:
                t12 = (getattr(q, 'extra', 0) + e.get('p', 0)) % 16
            else:
                d['a'] = (e.get('p', 0) + a * 3) % 7
        xs[0] = (t12 + getattr(q, 'extra', 0)) % 17
        xs = [(0 + x + b) % 2, xs[1]]
    except LookupError:
        try:
            x = h(len(e) + a + a - xs[0]) % 17
            if y > b:
                raise ValueError('r')
            o.total = (e.get('p', 0) + x + 5 + getattr(q, 'extra', 0)) % 12

            def g14(k):
                return (k * 2 + b) % 17
            xs[0] = g14(xs[0] * 2)
            d = {'a': (e.get('p', 0) + e.get('p', 0) + 4) % 6, 'b': d['b']}
        finally:
            y = getattr(q, 'extra', 0) % 13

            def g15(k):
                return (k * 2 + y) % 17
            xs[0] = g15(d['b']['c'])
            return (x, y, h(d['a']), d['b']['c'], xs[0], xs[1], o.total, len(e), e.get('p', 0), getattr(q, 'extra', 0))
        it16 = iter([5, 5, 4])
        for e17 in it16:
            d['a'] = (d['a'] + e17) % 17
            if getattr(q, 'extra', 0) + a >= b:
                break
        y = next(it16) % 17
        t18 = xs[0] * 3 % 13
        x = (t18 + o.total) % 17
        del t18
        if len(e) <= o.total and e.get('p', 0) - a + xs[0] != a:
            t18 = e.get('p', 0) % 3
        else:
            t18 = (x + getattr(q, 'extra', 0) + d['a']) % 8
        x = (t18 + o.total) % 17
    finally:
        for i19 in [1]:
            xs[0] = (5 + d['b']['c'] + 4) % 12
        xs = [(0 - o.total + 1) % 14, xs[1]]
        xs[1] += getattr(q, 'extra', 0) % 5
        return (x, y, h(d['a']), d['b']['c'], xs[0], xs[1], o.total, len(e), e.get('p', 0), getattr(q, 'extra', 0))
    q.extra = y % 6
    y = (q.extra + 1) % 17
    d = {'a': d['b']['c'] * 3 % 8, 'b': d['b']}
