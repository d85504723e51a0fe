# arguments: (0, 0)
# a closure in a tensor loop body added a tensor to a variable without a value (a crash)
def f(a, b):
    d = {'a': 0, 'b': {'c': 1}}
    while 0 < b and 0 > 0:
        for i3 in range(0):
            pass

        def g2(k):
            return k + i3
        d['b']['c'] = g2(d['b']['c'])

