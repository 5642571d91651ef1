{#- Keeps the project's Iceberg tables (the marts) small and their metadata short: every scheduled
    MERGE adds a snapshot and, on Athena, position-delete files, and nothing else maintains the
    analytics schema (the maintenance job maintains the sink's tables only). Run it on a schedule of
    its own, e.g. hourly: `dbt run-operation maintain_models` (bin/schedule.py does, --maintain-every).
    Compacts data and delete files, then expires snapshots older than var
    analytics_snapshot_retention_hours and deletes files no snapshot references. -#}
{% macro maintain_models() %}
    {% for node in graph.nodes.values()
        if node.resource_type == 'model' and node.package_name == project_name
            and node.config.materialized in ('incremental', 'table') %}
        {% set relation = adapter.get_relation(database=node.database, schema=node.schema, identifier=node.alias) %}
        {% if relation is not none %}
            {% do log('maintaining ' ~ relation, info=true) %}
            {% do adapter.dispatch('maintain_iceberg_table', 'lakehouse')(relation) %}
        {% endif %}
    {% endfor %}
{% endmacro %}

{#- Athena: OPTIMIZE rewrites small files and merges delete files; VACUUM expires snapshots older
    than the table's vacuum_max_snapshot_age_seconds (set here, so tables built before keep it too)
    and removes orphan files. -#}
{% macro athena__maintain_iceberg_table(relation) %}
    {% set table = relation.schema ~ '.' ~ relation.identifier %}
    {% set retention_seconds = var('analytics_snapshot_retention_hours') * 3600 %}
    {% do run_query("alter table " ~ table ~ " set tblproperties ('vacuum_max_snapshot_age_seconds'='"
        ~ retention_seconds ~ "')") %}
    {% do run_query("optimize " ~ table ~ " rewrite data using bin_pack") %}
    {% do run_query("vacuum " ~ table) %}
{% endmacro %}

{#- Trino: the same with its table procedures; the session allows retentions below the catalog's
    7-day minimum. -#}
{% macro trino__maintain_iceberg_table(relation) %}
    {% set retention = var('analytics_snapshot_retention_hours') ~ 'h' %}
    {% do run_query("set session " ~ relation.database ~ ".expire_snapshots_min_retention = '" ~ retention ~ "'") %}
    {% do run_query("set session " ~ relation.database ~ ".remove_orphan_files_min_retention = '" ~ retention ~ "'") %}
    {% do run_query("alter table " ~ relation ~ " execute optimize") %}
    {% do run_query("alter table " ~ relation ~ " execute expire_snapshots(retention_threshold => '" ~ retention ~ "')") %}
    {% do run_query("alter table " ~ relation ~ " execute remove_orphan_files(retention_threshold => '" ~ retention ~ "')") %}
{% endmacro %}
