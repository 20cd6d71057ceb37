"""MAX's Prefect flows: thin tables of contents over library calls in `resident/`.

decay-stale-facts (nightly), exploration-loop (hourly), ingest (ad hoc) and snapshot (on demand);
`flows.deployments` gives them their schedules from config, `flows.serve` is the worker.
"""
