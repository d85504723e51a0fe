# arguments: (2, 3)
# a loop body raising when traced after a held raise of its own
def f(a, b):
    x = 1
    y = 1
    d = {'a': 0, 'b': {'c': 1}}
    xs = [0, 1]
    o = Box()
    e = {}
    q = Box()

    def h(k):
        if k > 6:
            raise ValueError('h')
        return 0
    t1 = 1
    w2 = 0
    while w2 < a and getattr(q, 'extra', 0) != x:
        for i4 in [0, 2]:
            t5 = (e.get('p', 0) + 0) % 8
            t5 = (e.get('p', 0) + x + w2 - 1) % 16
            xs[0] = (t5 + w2) % 17
            d = {'a': d['a'] % 8, 'b': d['b']}
            y = h(xs[0] * 2 + 0 + 1) % 17
            t3 = (4 + w2 - d['b']['c'] + e.get('p', 0)) % 3
            x = (t3 + len(e)) % 17
            del t3
        x = t3 + len(e)

