{#- The `$snapshots` metadata table of an Iceberg table (same name on Trino and Athena). -#}
{% macro snapshots_of(relation) -%}
    {{ relation.incorporate(path={'identifier': relation.identifier ~ '$snapshots'}) }}
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
