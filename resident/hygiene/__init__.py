"""Schema hygiene: the scheduled self-evaluation that looks for redundant predicates, orphan
entities, duplicate entities and missing inverse edges over a graph snapshot, checks the
graph's laws with dbt and its distributions with Great Expectations, and files
recommendations the owner accepts or rejects. It never applies one."""
