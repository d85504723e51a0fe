def f(x):
    d = {'a': x * 0}
    box = Box()
    box.sign = x * 0

    def if_body():
        d['a'] = x * 2
        box.sign = x * 0 + 1

    def else_body():
        d['a'] = -x
        box.sign = x * 0 - 1

    def get_state():
        return (box.sign, d['a'])

    def set_state(values):
        box.sign, d['a'] = values
    ag__.if_stmt(x > 0, if_body, else_body, (), (), composites=(get_state, set_state, ('box.sign', "d['a']")))
    return d['a'] + box.sign
