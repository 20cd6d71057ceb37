{#- Law: peer:, interaction: and inference: claims stay at or below the hint cap. -#}
{% test hint_class_capped(model, column_name, confidence_column) %}
select {{ column_name }}, {{ confidence_column }}
from {{ model }}
where {{ provenance_class(column_name) }} in ('peer', 'interaction', 'inference')
  and {{ confidence_column }} > {{ var('hint_cap') }} + 1e-9
{% endtest %}
