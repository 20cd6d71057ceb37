{#- The provenance class of a provenance string, as resident/cognition/epistemic.py reads it;
    NULL for a string no class accepts (the valid_provenance_class law fails on those). -#}
{% macro provenance_class(col) -%}
case
    when regexp_full_match({{ col }}, 'ingest:[^@\s]+@\S+') then 'grounded'
    when regexp_full_match({{ col }}, '(literature|observation):\S+') then 'grounded'
    when regexp_full_match({{ col }}, 'peer:\S+') then 'peer'
    when regexp_full_match({{ col }}, 'interaction:\S+') then 'interaction'
    when regexp_full_match({{ col }}, 'inference:\S+') then 'inference'
    when {{ col }} = 'user_correction' or starts_with({{ col }}, 'user_correction:')
        then 'user_correction'
end
{%- endmacro %}

{#- Two grounded claims with one source key are one source: ingest versions do not count. -#}
{% macro source_key(col) -%}
case when starts_with({{ col }}, 'ingest:') then split_part({{ col }}, '@', 1) else {{ col }} end
{%- endmacro %}

{#- A claim's level: the stored rung, else read off its confidence (duck_store._level_sql). -#}
{% macro claim_level(rung, confidence) -%}
case when {{ rung }} is not null then {{ rung }}
     when {{ confidence }} < {{ var('belief_at') }} then 'hypothesis' else 'belief' end
{%- endmacro %}
