{#- Source rows processed after this point are new to an incremental run: the newest processing
    time already merged into the mart, minus the lookback for rows the sink committed late.
    Returns none on a full build (or an empty mart): then every row is new.
    The newest value sits in the rows the latest runs merged, so it is read from the rows merged
    within a day of the mart's newest snapshot (updated_at; the files of older runs are pruned by
    their statistics), not from every row ever merged; from the whole mart only when those hold
    none (nothing merged for a day before the newest snapshot). A high-water mark read too low is
    safe: the run re-reads more source rows and merges only what changed. -#}
{% macro incremental_high_water(column='last_processed_at') %}
    {% if not (execute and is_incremental()) %}
        {{ return(none) }}
    {% endif %}
    {% set newest_of_recent_runs %}
        select max({{ column }}) from {{ this }}
        where updated_at >= (
            select {{ as_utc("date_add('day', -1, max(committed_at))") }} from {{ snapshots_of(this) }}
        )
    {% endset %}
    {% set newest = first_value(newest_of_recent_runs) %}
    {% if newest is none %}
        {% set newest = first_value("select max(" ~ column ~ ") from " ~ this) %}
    {% endif %}
    {% if newest is none %}
        {{ return(none) }}
    {% endif %}
    {{ return(utc_literal(newest) ~ " - interval '" ~ var('incremental_lookback_minutes') ~ "' minute") }}
{% endmacro %}

{#- Start of the earliest hour an incremental run restates, as a literal, so the source scans
    prune partitions and files (a subquery would not). `hours_sql` selects the changed hours. -#}
{% macro restate_from(hours_sql) %}
    {% set earliest = first_value("select " ~ as_utc("min(changed_hour)") ~ " from (" ~ hours_sql ~ ") as changed") %}
    {% if earliest is none %}
        {#- nothing changed: a bound that matches no row -#}
        {{ return(utc_literal('9999-12-31 00:00:00')) }}
    {% endif %}
    {{ return(utc_literal(earliest)) }}
{% endmacro %}

{% macro first_value(sql) %}
    {% set result = run_query(sql) %}
    {{ return(result.columns[0].values()[0]) }}
{% endmacro %}
