"""`make bench`: generation and client-overhead benchmarks, every figure a ratio or a median
measured side by side in the same run. See `python -m bench --help`."""
