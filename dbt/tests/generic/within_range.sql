{#- Law: a value stays within [min_value, max_value] (confidence within 0..1). -#}
{% test within_range(model, column_name, min_value, max_value) %}
select {{ column_name }}
from {{ model }}
where {{ column_name }} < {{ min_value }} or {{ column_name }} > {{ max_value }}
{% endtest %}
