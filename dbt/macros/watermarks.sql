{#- The event time through which a window table's results are final (table_watermarks), as a scalar subquery. -#}
{% macro sealed_through(table_name) -%}
    (select sealed_through_at from {{ ref('table_watermarks') }} where table_name = '{{ table_name }}')
{%- endmacro %}
