"""The converter's entry points: conversion (`api`, `transpiler`), its errors as the user reads
them (`user_errors`, `tracebacks`), directives, and conversion of source files (`static`).

The public namespaces (`ag.math`, `ag.keras`, ...) are the modules beside this package; these
modules are what they and the command line are built on (TensorFlow's AutoGraph keeps the same
split as `autograph/impl`).
"""
