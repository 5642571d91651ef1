{#- The rows a generic data test reads: dbt's `where` config, where __processed_recently__ stands for
    "processed within the recent test window" (var data_test_lookback_hours), so that tests on the
    landed tables, which only grow, read recent files instead of the whole history. The landed tables
    (the source schema) call the column processing_time; the staging views call it processed_at. -#}
{% macro get_where_subquery(relation) -%}
    {%- set where = config.get('where') -%}
    {%- if where -%}
        {%- set column = 'processing_time' if relation.schema == var('source_schema') else 'processed_at' -%}
        {%- set where = where | replace('__processed_recently__', column ~ ' >= ' ~ data_test_window_start()) -%}
        {%- do return('(select * from ' ~ relation ~ ' where ' ~ where ~ ') dbt_subquery') -%}
    {%- endif -%}
    {%- do return(relation) -%}
{%- endmacro %}

{#- The start of the window data tests read: now less data_test_lookback_hours, at the hour. -#}
{% macro data_test_window_start() -%}
    date_trunc('hour', date_add('hour', -{{ var('data_test_lookback_hours') }}, current_timestamp))
{%- endmacro %}
