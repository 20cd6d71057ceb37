"""MAX's benchmarks: `python -m benchmarks` (or `make bench`) measures them and writes RESULTS.md.

Each measurement runs in its own subprocess so that its peak memory is its own.
"""
