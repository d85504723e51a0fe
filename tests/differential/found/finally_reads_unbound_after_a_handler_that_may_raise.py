# arguments: (0, 0)
# a StagingError (the finally raises UnboundLocalError over a handler that may raise when the graph runs) was taken for a crash: its quoted UnboundLocalError was read as its message
def f(a, b):
    y = b
    d = {'a': 0, 'b': {'c': 1}}
    try:
        raise ValueError('v')
    except ValueError:
        t4 = 0
        if y == 0:
            del t4
        d['b']['c'] = t4
    finally:

        def g8(k):
            pass
        x = g8(x)
