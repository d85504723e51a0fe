# arguments: (1, 1)
# a finally raising its own exception dropped the values a raising body carried
def f(a, b):
    x = 5
    y = b
    d = {'a': 0, 'b': {'c': 1}}
    xs = [0, 1]
    o = Box()
    e = {}
    q = Box()

    def h(k):
        raise ValueError('h')
        return k

    def h2(k):
        return h(k + 1)

    def g1(k):
        pass
    w2 = 0
    try:
        try:
            if x - o.total + 3 + 0 <= e.get('p', 0):
                raise KeyError('r')
            d = {'a': b % 12, 'b': d['b']}
            d['b']['c'] = h(d['b']['c'] * 3) % 17
        finally:
            y = h2(a - a + 5) % 17
    except (ValueError, KeyError):
        pass
    return d['a']
