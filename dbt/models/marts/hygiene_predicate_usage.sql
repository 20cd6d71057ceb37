-- Every predicate: how many claims, subjects and objects it has (the redundancy rule's base).
select
    predicate,
    count(*) as claims,
    count(distinct subject) as subjects,
    count(distinct object_entity) as entity_objects,
    count(object_literal) as literal_objects
from {{ ref('stg_claims') }}
group by predicate
order by claims desc
