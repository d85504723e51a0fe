def f(x):
    y = -1
    try:
        with ag__.handling(BaseException):
            y = ag__.converted_call(halved, x)
    finally:
        return ag__.finally_return(y)
