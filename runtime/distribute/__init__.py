"""Distribution strategies: where replicas of a computation run and how their values meet.

`distribute_lib` holds the strategy API and the default strategy (one replica, in this
thread); `values` the per-replica values; `reduce_util` the reductions.
"""
