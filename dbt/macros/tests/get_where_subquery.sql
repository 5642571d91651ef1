{#- The rows a generic data test reads: dbt's `where` config, where __processed_recently__ stands for
    "in the recent test window" (var data_test_lookback_hours) on the relation's recency column, so
    that tests on tables that only grow read their recent rows instead of the whole history. The
    landed tables (the source schema) have processing_time; a model names its column in
    meta.recency_column (dbt_project.yml per folder, a model's yml where it differs); a model without
    one (a view that reads a bounded window itself) is read whole. -#}
{% macro get_where_subquery(relation, widen_hours=0) -%}
    {%- set where = config.get('where') -%}
    {%- if where -%}
        {%- set column = recency_column(relation) -%}
        {%- if column is none and '__processed_recently__' in where -%}
            {%- do return(relation) -%}
        {%- endif -%}
        {%- set where = where | replace('__processed_recently__', column ~ ' >= ' ~ data_test_window_start(widen_hours)) -%}
        {%- do return('(select * from ' ~ relation ~ ' where ' ~ where ~ ') dbt_subquery') -%}
    {%- endif -%}
    {%- do return(relation) -%}
{%- endmacro %}

{#- The column that says how recently a row of `relation` was written or changed; none when it has none. -#}
{% macro recency_column(relation) %}
    {% if relation.schema == var('source_schema') %}
        {{ return('processing_time') }}
    {% endif %}
    {% for node in graph.nodes.values()
        if node.resource_type == 'model' and node.schema == relation.schema and node.alias == relation.identifier %}
        {{ return(node.config.meta.get('recency_column')) }}
    {% endfor %}
    {{ return(none) }}
{% endmacro %}

{#- The start of the window data tests read: now less data_test_lookback_hours (and `widen_hours`), at the hour. -#}
{% macro data_test_window_start(widen_hours=0) -%}
    date_trunc('hour', date_add('hour', -{{ var('data_test_lookback_hours') + widen_hours }}, current_timestamp))
{%- endmacro %}
