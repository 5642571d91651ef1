{#- Fails for every row where `expression` is not true (an invariant of the model). -#}
{% test expression_is_true(model, expression) %}

select *
from {{ model }}
where not coalesce({{ expression }}, false)

{% endtest %}
