# arguments: (4, 0)
# a handler starting with a try did not take back what a raising body assigned (wrong value)
def f(a, b):
    x = a % 5
    y = b
    d = {'a': 0, 'b': {'c': 1}}
    xs = [0, 1]
    o = Box()
    e = {}
    q = Box()

    def h(k):
        if k > 8:
            raise KeyError('h')
        return k
    try:
        d['b']['c'] = h(1 + x - xs[1] + d['a']) % 17
        d = {'a': (o.total - 2 + xs[1]) % 4, 'b': d['b']}
        d['b']['c'] = h(xs[1] + len(e) + e.get('p', 0) + 3) % 17
        y = h(y * 3) % 17
        for i3 in range(b % 4):
            raise ValueError('r')
        d = {'a': x % 12, 'b': d['b']}
        t13 = (b * 3 + d['a']) % 16
        xs[1] = (t13 + len(e)) % 17
        del t13
        y = h(x) % 17
        o.total = h(a + y) % 17
        if d['a'] - 3 * 3 < d['b']['c'] and getattr(q, 'extra', 0) >= o.total:
            pass
        xs[1] = h(a * 3) % 17
    except (ValueError, KeyError):
        try:
            for i21 in range(a % 3 + 1):
                xs[0] = h(y * 3) % 17
                break
            d['a'] = h(x) % 17
            xs[0] = h(len(e)) % 17
        finally:
            d = {'a': getattr(q, 'extra', 0) % 15, 'b': d['b']}
        if (z22 := ((xs[1] + b + xs[1] + d['a']) % 7)) % 2 == 1:

            def g23(k):
                return (k * 2 + a) % 17
            x = g23(y * 3)
            d['a'] = (2 + o.total + len(e) * 3) % 16
            o.total = b % 7
        y = h(3 + y + y + d['b']['c']) % 17
        return (x, y, d['a'], d['b']['c'], xs[0], xs[1], o.total, len(e), e.get('p', 0), h(getattr(q, 'extra', 0)))
