"""Sleep consolidation: a Forward-Forward learner over the graph's triples (issue 10)."""
