{#- Start of the current UTC calendar month, as the marts store timestamps (a serving view's "this month"). -#}
{% macro current_utc_month_start() -%}
    {{ as_utc("date_trunc('month', current_timestamp at time zone 'UTC')") }}
{%- endmacro %}
