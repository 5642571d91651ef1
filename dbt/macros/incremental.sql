{#- Source rows processed after this point are new to an incremental run: the newest processing
    time already merged into the mart, minus the lookback for rows the sink committed late.
    Returns none on a full build (or an empty mart): then every row is new. -#}
{% macro incremental_high_water(column='last_processed_at', published=false) %}
    {% if not (execute and is_incremental()) %}
        {{ return(none) }}
    {% endif %}
    {% set newest = newest_merged(column, published) %}
    {% if newest is none %}
        {{ return(none) }}
    {% endif %}
    {{ return(after_lookback(newest)) }}
{% endmacro %}

{% macro after_lookback(newest) %}
    {{ return(utc_literal(newest) ~ " - interval '" ~ var('incremental_lookback_minutes') ~ "' minute") }}
{% endmacro %}

{#- The newest `column` (a processing time) merged into the mart (UTC), none when it is empty.
    `published`: a mart that publishes its high-water mark after each merge (publish_high_water)
    reads it from that one-row view, at no cost; from the mart when the view is missing. A mark
    published for another source schema (var source_schema: the dbt sources were switched to a
    replay's tables, docs/operations.md "Replaying history") is none: its processing times say
    nothing of the new tables' rows, which the run then reads whole and merges by the mart's key.
    From the mart, the newest value sits in the rows the latest runs merged, so it is read from the
    rows merged within a day of the mart's newest snapshot (updated_at; the files of older runs are
    pruned by their statistics), not from every row ever merged; from the whole mart only when those
    hold none (nothing merged for a day before the newest snapshot). A high-water mark read too low
    is safe: the run re-reads more source rows and merges only what changed. -#}
{% macro newest_merged(column, published=false) %}
    {% set view = high_water_relation() %}
    {% if published and adapter.get_relation(database=view.database, schema=view.schema, identifier=view.identifier) %}
        {% set mark = run_query("select * from " ~ view) %}
        {#- a view published before marks named their source (no such column) is this source's -#}
        {% set marked_source = mark.columns['source_schema'].values()[0] if 'source_schema' in mark.column_names
            else var('source_schema') %}
        {{ return(mark.columns['last_processed_at'].values()[0] if marked_source == var('source_schema') else none) }}
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
    {{ return(newest) }}
{% endmacro %}

{#- What a mart's pre_hook reads of the new rows of `sources` (relations with `column` and
    processed_at), as [earliest, next high-water mark]: the earliest `column` among them (truncated to
    `truncate_to`, e.g. 'hour', when given) and the newest processing time among them, or the previous
    mark when none is newer; both none on a full build. `merged_column`: the mart's column holding
    the processing time of what it merged (newest_merged). Read before the model's query, so every row
    counted here is one the model reads too; one landing in between is left to the next run, which
    re-reads it through the lookback. -#}
{% macro new_rows_since_mark(sources, column, truncate_to=none, merged_column='last_processed_at') %}
    {% if not is_incremental() %}
        {{ return([none, none]) }}
    {% endif %}
    {% set merged_until = newest_merged(merged_column, published=true) %}
    {% set earliest = 'min(' ~ column ~ ')' %}
    {% set new_rows %}
        select {{ as_utc(earliest if truncate_to is none else "date_trunc('" ~ truncate_to ~ "', " ~ earliest ~ ")") }},
            {{ as_utc('max(processed_at)') }} from (
        {%- for source in sources %}
            select {{ column }}, processed_at from {{ source }} {{ processed_after(merged_until) }}
            {% if not loop.last %}union all{% endif %}
        {%- endfor %}
        ) as new_rows
    {% endset %}
    {% set new_rows = run_query(new_rows).rows[0] %}
    {{ return([new_rows[0], newest_of([merged_until, new_rows[1]])]) }}
{% endmacro %}

{#- The filter of a source's rows new since `merged_until` (none: every row). -#}
{% macro processed_after(merged_until) %}
    {{ return('' if merged_until is none else 'where processed_at > ' ~ after_lookback(merged_until)) }}
{% endmacro %}

{#- The newest of `values`, none when each is none (an empty mart whose sources hold nothing yet, as a
    stack's first scheduled run may find them): the max of an empty list is undefined, not none. -#}
{% macro newest_of(values) %}
    {% set known = values | reject('none') | list %}
    {{ return(known | max if known else none) }}
{% endmacro %}

{% macro timestamp_or_null(value) %}
    {{ return('cast(null as timestamp(6))' if value is none else "cast(timestamp '" ~ value ~ "' as timestamp(6))") }}
{% endmacro %}

{% macro high_water_relation() %}
    {{ return(this.incorporate(path={'identifier': this.identifier ~ '__high_water'}, type='view')) }}
{% endmacro %}

{#- A post_hook: the mart's high-water mark after this run's merge, as a one-row view holding
    literals (<model>__high_water, columns last_processed_at and source_schema, the namespace the
    mark's rows were read from); published after the merge, so a failed run leaves the previous one.
    The value is the one the pre_hook (publish_merge_window or publish_restate_window) computed
    (the newest processing time of the new source rows it saw, which the model then merged); after a
    full build (none computed) the mart's newest `merged_column`. -#}
{% macro publish_high_water(merged_column='last_processed_at') %}
    {% if not execute %}
        {{ return('') }}
    {% endif %}
    {% set newest = first_value("select next_high_water from " ~ merge_window_relation()) %}
    {% if newest is none %}
        {% set newest = first_value("select max(" ~ merged_column ~ ") from " ~ this) %}
    {% endif %}
    {% if newest is none %}
        drop view if exists {{ high_water_relation() }}
    {% else %}
        create or replace view {{ high_water_relation() }} as
        select cast(timestamp '{{ newest }}' as timestamp(6)) as last_processed_at,
            cast('{{ var("source_schema") }}' as varchar) as source_schema
    {% endif %}
{% endmacro %}

{% macro first_value(sql) %}
    {% set result = run_query(sql) %}
    {{ return(result.columns[0].values()[0]) }}
{% endmacro %}
