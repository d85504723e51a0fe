def f(x):
    y = ag__.converted_call(scale, x) + ag.abs(x)
    return np.float32(1) * y + ag__.abs(x)
