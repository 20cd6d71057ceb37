-- The epistemic ladder: claims by level and provenance class (GraphStore.ladder's own terms).
select
    {{ claim_level() }} as level,
    coalesce(p.provenance_class, 'invalid') as provenance_class,
    count(*) as claims,
    avg(c.confidence) as mean_confidence
from {{ ref('stg_claims') }} c
left join {{ ref('stg_provenances') }} p using (provenance)
group by all
order by level, provenance_class
