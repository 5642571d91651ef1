{#- Marts store UTC wall-clock timestamp(6): Athena cannot create Iceberg columns with a time
    zone, and Iceberg has microsecond timestamps only. -#}
{% macro as_utc(expression) -%}
    cast({{ expression }} at time zone 'UTC' as timestamp(6))
{%- endmacro %}

{#- A timestamp-with-time-zone literal for a UTC wall-clock value read back from a mart. -#}
{% macro utc_literal(value) -%}
    timestamp '{{ value }} UTC'
{%- endmacro %}

{#- Start of the current UTC clock hour, as the marts store timestamps (the ops_* serving views' "now"). -#}
{% macro current_utc_hour_start() -%}
    {{ as_utc("date_trunc('hour', current_timestamp at time zone 'UTC')") }}
{%- endmacro %}
