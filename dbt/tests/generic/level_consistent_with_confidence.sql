{#- Law: a claim's level agrees with its confidence. A FACT holds at least fact_at (it got there
    through promote_to_fact); below FACT nothing reaches fact_at (retrieval never bumps into
    FACT). Opinions are off the truth rungs and are not judged by confidence. -#}
{% test level_consistent_with_confidence(model, rung_column, confidence_column) %}
select *
from {{ model }}
where ({{ rung_column }} = 'fact' and {{ confidence_column }} < {{ var('fact_at') }})
   or ({{ rung_column }} is null and {{ confidence_column }} >= {{ var('fact_at') }})
{% endtest %}
