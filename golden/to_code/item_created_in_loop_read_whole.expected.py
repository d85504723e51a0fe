def f(n):
    e = {}

    def loop_body(i):
        e['r'] = ag__.len(e) + i

    def get_state():
        return (e['r'],)

    def set_state(values):
        e['r'], = values
    ag__.for_stmt(ag.range(n), loop_body, (), (), composites=(get_state, set_state, ("e['r']",), ("e['r']",)))
    return e['r']
