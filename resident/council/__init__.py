"""The model council (issue 9): questions MAX cannot settle locally go to two or more outside
models; only agreement across vendor families informs him, as peer:<model> claims capped at the
hint confidence, never a FACT. Off until providers are configured: nothing leaves the house.

Pure rules in `rules` (selection, wording, reading answers, the agreement test), HTTP in
`providers`, the run in `sitting`, the artifact in `report`.
"""
