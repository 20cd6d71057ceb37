{#- A claim's level: the stored rung, else read off its confidence. The expression is the
    store's own (resident.memory.sql_rules._level_sql over columns rung and confidence), passed
    in by the runner as the var level_sql (resident/hygiene/dbt_run.py), so it is written once. -#}
{% macro claim_level() -%}
({{ var('level_sql') }})
{%- endmacro %}
