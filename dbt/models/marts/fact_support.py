"""One row per FACT of the snapshot: how many independent origins its statement stands on.

The count is the promotion sweep's own: resident.memory.sql_rules.origin_tables applies
resident.cognition.independence once per distinct provenance and evidence source, and
fact_support_sql composes them with the SQL GraphStore.promote_earned runs. The law
fact_has_independent_sources reads this table, so the law and promotion cannot disagree."""


def model(dbt, session):
    dbt.config(materialized="table")
    from resident.memory.sql_rules import fact_support_sql, origin_tables

    claims = dbt.source("graph", "claims")
    evidence = dbt.source("graph", "claim_evidence")
    provenances = [row[0] for row in claims.project("provenance").distinct().fetchall()]
    sources = [row[0] for row in evidence.project("source").distinct().fetchall()]
    for name, table in origin_tables(provenances, sources).items():
        session.register(name, table)
    claims.create_view("fact_support_claims")
    evidence.create_view("fact_support_evidence")
    return session.sql(fact_support_sql("fact_support_claims", "fact_support_evidence"))
