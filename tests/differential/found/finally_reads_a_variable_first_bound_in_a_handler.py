# arguments: (5, 2)
# a finally read a value a raising body gave a variable unbound before the try (refused)
def f(a, b):
    y = b
    d = {'a': 0, 'b': {'c': 1}}
    xs = [0, 1]
    o = Box()
    e = {}

    def h(k):
        return k

    def h2(k):
        return h(k + 1)
    t1 = xs[1] * 2 % 15
    try:
        w3 = 0
        while w3 < a:
            raise ValueError('r')
    except (ValueError, KeyError):
        t5 = b % 9
        for i6 in range(a % 3 + 1):
            with ag.name_scope('s6'):
                d = {'a': 4 % 15, 'b': d['b']}
                o.total += 4 % 2
                d = {'a': d['a'] % 13, 'b': d['b']}
            try:
                d = {'a': (4 + 0) % 13, 'b': d['b']}
                if xs[0] - y == 1 and x % 2 == 1:
                    return (x, y, d['a'], d['b']['c'], xs[0], xs[1], o.total, len(e), e.get('p', 0), getattr(q, 'extra', 0))
                xs[0] = (5 + i6 * 2) % 9
            except LookupError:
                d = {'a': d['b']['c'] % 6, 'b': d['b']}
                o.total = (2 * 3 + d['b']['c'] * 2) % 2
                if 5 + xs[1] != x or 5 + 5 >= a:
                    return (x, y, d['a'], d['b']['c'], xs[0], xs[1], o.total, len(e), e.get('p', 0), getattr(q, 'extra', 0))
            except KeyError:
                if i6 + o.total == 1:
                    continue
            else:
                xs = [xs[0] % 14, xs[1]]
            if 5 + e.get('p', 0) + 4 - b % 2 == 1:
                t5 = (0 - 2 - y + xs[1]) % 15
            else:
                d['a'] = (i6 - 5) % 9
            x = (t5 + 1) % 17
        if x * 2 + d['b']['c'] * 2 % 2 == 1:
            e['p'] = 0 % 8
        x = (e['p'] + 1) % 17
        y = (y + e.get('p', 0)) % 17
    finally:
        if len(e) + d['b']['c'] + x < 3:
            raise ValueError('v')
