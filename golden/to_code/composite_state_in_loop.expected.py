def f(n):
    d = {'inner': {'k': n * 0}, 'xs': [n * 0 + 1, 2]}

    def loop_body(i):
        d['inner']['k'] = d['inner']['k'] + i
        d['xs'][0] = d['xs'][0] * 2

    def get_state():
        return (d['inner']['k'], d['xs'][0])

    def set_state(values):
        d['inner']['k'], d['xs'][0] = values
    ag__.for_stmt(ag.range(n), loop_body, (), (), composites=(get_state, set_state, ("d['inner']['k']", "d['xs'][0]")))
    return d['inner']['k'] + d['xs'][0]
