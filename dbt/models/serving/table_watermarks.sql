{#- Per window table: the event time through which its results are final. A partition's window step
    closes the 1-minute windows that end at or before its stream time less the grace
    (var window_grace_minutes); a window's one result is emitted once every input partition closed it,
    and an event for it that comes later goes to late_events (the marts restate its hour). So a table
    is sealed through the minute its slowest partition closed, and no later than its newest landed
    window (a closed window's result may still be on its way to the table). Partitions that never
    had a record have no ledger rows and cannot hold the watermark back here.
    Reads the newest rows only: each window table's results, and its topic's ledger rows, written
    within var newest_rows_window_minutes before the window table's newest append
    (macros/iceberg_metadata.sql). A partition without records for longer drops out of
    closed_through_at and input_partitions; sealed_through_at stays the same, since no window result
    lands before every partition has closed its window, so the newest landed window end is the
    earlier of the two either way. The ledger is read from the source, not stg_pipeline_ledger: the
    staging view's copy removal ranks every ledger row ever written, so the bound could not reach
    the scan through it, and a copy of a ledger row changes nothing here (the first written wins,
    as there). -#}
{%- set window_tables = [
    ('revenue_by_merchant_1m', 'orders'),
    ('payments_by_outcome_1m', 'payments'),
] -%}

with

latest_per_partition as (

    {% for table, topic in window_tables %}
    select
        source_topic,
        source_partition,
        window_stream_time as window_stream_at,
        emitted_at as processed_at,
        row_number() over (partition by source_partition order by last_offset desc, emitted_at) as recency

    from {{ source('lakehouse', 'pipeline_ledger') }}
    where source_topic = '{{ topic }}'
        and window_stream_time is not null
        -- the ledger rows written with the window table's newest results: anchored on the window
        -- table, so a topic without input for a while keeps its watermark
        and {{ within_newest_appends(source('lakehouse', table), 'emitted_at') }}
    {% if not loop.last %}union all{% endif %}
    {% endfor %}

),

closed_per_topic as (

    select
        source_topic,
        count(*) as input_partitions,
        date_trunc('minute', date_add('minute', -{{ var('window_grace_minutes') }}, min(window_stream_at)))
            as closed_through,
        max(processed_at) as newest_ledger_at

    from latest_per_partition
    where recency = 1
    group by source_topic

),

{% for table, topic in window_tables %}
{{ table }} as (

    select
        '{{ table }}' as table_name,
        '{{ topic }}' as source_topic,
        max(window_end) as newest_window_end

    from {{ source('lakehouse', table) }}
    where {{ within_newest_appends(source('lakehouse', table), 'processing_time') }}

),
{% endfor %}

tables as (

    {% for table, topic in window_tables %}
    select * from {{ table }}
    {% if not loop.last %}union all{% endif %}
    {% endfor %}

),

final as (

    select

        ---------- text
        tables.table_name,
        tables.source_topic,

        ---------- numerics
        coalesce(closed.input_partitions, 0) as input_partitions,

        ---------- timestamps
        {{ as_utc('least(closed.closed_through, tables.newest_window_end)') }} as sealed_through_at,
        {{ as_utc('closed.closed_through') }} as closed_through_at,
        {{ as_utc('closed.newest_ledger_at') }} as newest_ledger_at

    from tables
    left join closed_per_topic as closed
        on tables.source_topic = closed.source_topic

)

select * from final
