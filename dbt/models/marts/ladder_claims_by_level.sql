-- The epistemic ladder: claims by level and provenance class.
select
    {{ claim_level('rung', 'confidence') }} as level,
    coalesce({{ provenance_class('provenance') }}, 'invalid') as provenance_class,
    count(*) as claims,
    avg(confidence) as mean_confidence
from {{ ref('stg_claims') }}
group by all
order by level, provenance_class
