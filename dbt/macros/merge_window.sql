{#- The merge window of a mart whose key does not bound its partitions (fct_orders: merged on
    order_id, partitioned by the day of placed_at): an incremental run reads and merges into only
    the rows placed since the window's start (and those not placed yet), not every row ever.

    A run's new events name the orders they touch, and an order's events lie within
    var order_events_within_days of its PLACED event, so every touched order was placed on or after
    the day of (the earliest event time among the new events - that span): the bound follows what
    changed, so a late event for an old hour widens the window to reach it.

    The model's pre_hook (publish_merge_window) computes the window once per run and publishes it as
    a one-row view, <model>__merge_window; the model's reads of its own table and the MERGE's target
    predicate both read it, so both use one value, and as a constant subquery the engine folds it
    into a literal that prunes partitions (a predicate with a live subquery and "or ... is null"
    would prune nothing). The model takes only the new events at or after the window's earliest
    event time: one that lands between the pre_hook and the model's query and is older is left to
    the next run, which re-reads it through the lookback. -#}

{% macro merge_window_relation() %}
    {{ return(this.incorporate(path={'identifier': this.identifier ~ '__merge_window'}, type='view')) }}
{% endmacro %}

{#- `column` of the published window (events_from, placed_from, restate_from) as a SQL expression,
    `zoned` to compare it with the sources' zoned event times; none in a unit test, where `this` is
    the fixture's CTE (or none) and no window is published: the model then reads its fixtures
    unbounded. -#}
{% macro merge_window(column, zoned=false) %}
    {% if this is none or this is string %}
        {{ return(none) }}
    {% endif %}
    {% set value = '(select ' ~ column ~ ' from ' ~ merge_window_relation() ~ ')' %}
    {{ return("with_timezone(" ~ value ~ ", 'UTC')" if zoned else value) }}
{% endmacro %}

{#- The pre_hook: the window of this run as a one-row view (UTC timestamps, as the marts store them),
    and the high-water mark the post_hook publish_high_water publishes once the merge is done: the
    newest processing time among the new events, or the previous mark when none is newer. `events`
    is the relation of the source events (processed_at, event_at). On a full build, all null. -#}
{% macro publish_merge_window(events) %}
    {% set events_from, next_high_water = new_rows_since_mark([events], 'event_at') %}
    {% set span_days = var('order_events_within_days') %}
    create or replace view {{ merge_window_relation() }} as
    select
        {% if events_from is none -%}
        {#- no new events: nothing to merge, and none of those that land meanwhile is taken -#}
        cast(null as timestamp(6)) as events_from,
        cast(null as timestamp(6)) as placed_from,
        {%- else -%}
        cast(timestamp '{{ events_from }}' as timestamp(6)) as events_from,
        date_trunc('day', date_add('day', -{{ span_days }}, cast(timestamp '{{ events_from }}' as timestamp(6))))
            as placed_from,
        {%- endif %}
        {{ timestamp_or_null(next_high_water) }} as next_high_water
{% endmacro %}

{#- The pre_hook of a mart that restates what its sources' new rows change from their earliest time
    on: whole hours (agg_revenue_hourly, fct_payment_conversion) or the versions of a type-2
    dimension from the earliest new valid_from (macros/type2_history.sql). Its restate window as the
    one-row view <model>__merge_window, read by both the model (restate_from) and the MERGE's target
    predicate (within_merge_window), so both use one value. restate_from: the earliest `column` among
    the new rows of `sources` (truncated to `truncate_to`; none keeps it whole), null when there are
    none (it then matches no row); next_high_water as publish_merge_window's. Both null on a full
    build. `merged_column`: as new_rows_since_mark's. -#}
{% macro publish_restate_window(sources, column, truncate_to='hour', merged_column='last_processed_at') %}
    {% set restate_from, next_high_water = new_rows_since_mark(sources, column, truncate_to, merged_column) %}
    create or replace view {{ merge_window_relation() }} as
    select
        {{ timestamp_or_null(restate_from) }} as restate_from,
        {{ timestamp_or_null(next_high_water) }} as next_high_water
{% endmacro %}

{#- Start of the earliest hour an incremental run restates, as published by the pre_hook
    publish_restate_window: a constant subquery on that view, read when the query runs (the model is
    compiled before its pre_hook runs), which the engine folds into a literal that prunes partitions
    and files; null (no new rows) matches no row. -#}
{% macro restate_from() %}
    {{ return(merge_window('restate_from', zoned=true)) }}
{% endmacro %}

{#- incremental_predicates of a mart merged through its window: the MERGE's target rows whose
    `column` is at or after the window's `start` (placed_from, or restate_from of
    publish_restate_window), or null (not placed yet) when `or_null`. -#}
{% macro within_merge_window(column, start='placed_from', or_null=true) %}
    {{ return(at_or_after_merge_window(merge_target_alias() ~ '.' ~ column, start, or_null)) }}
{% endmacro %}

{#- As a list of predicates: `expression` (a column reference) at or after the published window's
    `start`, or null when `or_null`; no predicate in a unit test, where no window is published. -#}
{% macro at_or_after_merge_window(expression, start, or_null=true) %}
    {% set start = merge_window(start) %}
    {% if start is none %}
        {{ return([]) }}
    {% endif %}
    {{ return(['(' ~ expression ~ ' >= ' ~ start ~ (' or ' ~ expression ~ ' is null' if or_null else '') ~ ')']) }}
{% endmacro %}

{#- The alias the adapter's MERGE gives the target table, for incremental_predicates. -#}
{% macro merge_target_alias() %}
    {{ return(adapter.dispatch('merge_target_alias', 'lakehouse')()) }}
{% endmacro %}

{% macro trino__merge_target_alias() %}
    {{ return('DBT_INTERNAL_DEST') }}
{% endmacro %}

{% macro athena__merge_target_alias() %}
    {{ return('target') }}
{% endmacro %}
