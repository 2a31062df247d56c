print("sqlgen-bench: no benchmarks yet")
