{#- Law: only claims of one subject and one predicate conflict (Graphiti's collateral
    invalidations came from conflicts across them). Both claims must exist and match the
    conflict's own subject and predicate. -#}
{% test conflict_within_subject_predicate(model, claims_model) %}
select k.conflict_id
from {{ model }} k
left join {{ claims_model }} a on a.claim_id = k.claim_a
left join {{ claims_model }} b on b.claim_id = k.claim_b
where a.claim_id is null or b.claim_id is null
   or a.subject <> k.subject or b.subject <> k.subject
   or a.predicate <> k.predicate or b.predicate <> k.predicate
{% endtest %}
