{#- The `$snapshots` metadata table of an Iceberg table (same name on Trino and Athena). -#}
{% macro snapshots_of(relation) -%}
    {{ relation.incorporate(path={'identifier': relation.identifier ~ '$snapshots'}) }}
{%- endmacro %}

{#- A predicate on a landed table: `column` (when each row was produced) within var
    newest_rows_window_minutes before the table's newest append snapshot. The newest rows of a
    table are the ones its latest appends brought (the sink commits every few seconds), so this
    reads the end of the table, not its history; anchored on the table's own newest append, not on
    the clock, so a table that stopped receiving rows still shows its newest ones. The bound is a
    subquery on the snapshot metadata: the engine's dynamic filtering prunes the data files by their
    statistics once it has run. A table without an append snapshot is read whole. -#}
{% macro within_newest_appends(relation, column) -%}
    {{ column }} >= (
        select coalesce(
            date_add('minute', -{{ var('newest_rows_window_minutes') }}, max(committed_at)),
            timestamp '1970-01-01 00:00:00 UTC')
        from {{ snapshots_of(relation) }}
        where operation = 'append'
    )
{%- endmacro %}

{#- A source table's freshness threshold in seconds (`level`: warn_after or error_after), read from
    the source's own freshness config so the thresholds are declared once; null when it has none. -#}
{% macro freshness_threshold_seconds(source_name, table_name, level) %}
    {% set seconds_per = {'minute': 60, 'hour': 3600, 'day': 86400} %}
    {% if execute %}
        {% for node in graph.sources.values()
            if node.source_name == source_name and node.name == table_name %}
            {% set threshold = (node.freshness or {}).get(level) or {} %}
            {% if threshold.get('count') %}
                {{ return(threshold['count'] * seconds_per[threshold['period']]) }}
            {% endif %}
        {% endfor %}
    {% endif %}
    {{ return('cast(null as bigint)') }}
{% endmacro %}
