{#- Engine-specific Iceberg table options for a mart, so the model body stays the same on both
    engines: {{ config(**iceberg_table_config(partitioned_by=['day(revenue_hour)'])) }} -#}
{% macro iceberg_table_config(partitioned_by) %}
    {{ return(adapter.dispatch('iceberg_table_config', 'lakehouse')(partitioned_by)) }}
{% endmacro %}

{% macro trino__iceberg_table_config(partitioned_by) %}
    {{ return({
        'properties': {
            'format': "'PARQUET'",
            'format_version': '2',
            'partitioning': "ARRAY['" ~ partitioned_by | join("', '") ~ "']",
        }
    }) }}
{% endmacro %}

{% macro athena__iceberg_table_config(partitioned_by) %}
    {{ return({
        'table_type': 'iceberg',
        'format': 'parquet',
        'partitioned_by': partitioned_by,
    }) }}
{% endmacro %}

{% macro default__iceberg_table_config(partitioned_by) %}
    {{ exceptions.raise_compiler_error(
        "Cannot configure the Iceberg table: adapter '" ~ target.type ~ "' is not supported; use the 'local' (trino) or 'athena' target") }}
{% endmacro %}
