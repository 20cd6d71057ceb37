"""One row per distinct provenance of the snapshot, classified by the rule MAX runs
(resident.cognition.epistemic.parse_provenance, through resident.memory.sql_rules): the class
(NULL for a string the rule refuses), whether it is grounded, whether it is hint-capped. The
laws and the ladder mart join this instead of spelling the classes out in SQL a second time."""


def model(dbt, session):
    dbt.config(materialized="table")
    from resident.memory.sql_rules import provenance_table

    claims = dbt.source("graph", "claims")
    provenances = [row[0] for row in claims.project("provenance").distinct().fetchall()]
    return provenance_table(provenances)
