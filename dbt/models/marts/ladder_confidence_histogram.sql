-- The confidence histogram (lore's lesson: publish it, or stuck scores go unseen).
with bins as (
    select range as bin from range({{ var('confidence_bins') }})
),
counted as (
    select least(floor(confidence * {{ var('confidence_bins') }}),
                 {{ var('confidence_bins') }} - 1)::integer as bin,
           count(*) as claims
    from {{ ref('stg_claims') }}
    group by 1
)
select
    b.bin,
    b.bin / {{ var('confidence_bins') }} as lower_bound,
    (b.bin + 1) / {{ var('confidence_bins') }} as upper_bound,
    coalesce(c.claims, 0) as claims
from bins b
left join counted c using (bin)
order by b.bin
