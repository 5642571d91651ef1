{#- One row per landed table: newest event time, newest processing time, the sink's last commit and
    its age, and the lag (now - newest processing time) against the source's freshness thresholds:
    ok up to warn_after, warn up to error_after, breach beyond (or when the table is empty);
    a table without thresholds (sporadic by nature, e.g. dead letters) is always ok.
    The last commit is the Iceberg sink's (its snapshots carry kafka.connect.commit-id): a later
    compaction or expiry commit by the maintenance job is no sign that data still arrives.
    Reads each table's newest rows only, those processed within var newest_rows_window_minutes
    before its newest append (macros/iceberg_metadata.sql), and its snapshot metadata: a dashboard
    refresh costs the same however deep the history. -#}
{%- set tables = [
    'orders_enriched',
    'revenue_by_merchant_1m',
    'payments_by_outcome_1m',
    'late_events',
    'order_payments',
    'dead_letters',
] -%}

with

{% for table in tables %}
{{ table }} as (

    select
        '{{ table }}' as table_name,
        {{ as_utc('max(event_time)') }} as newest_event_at,
        {{ as_utc('max(processing_time)') }} as newest_processed_at,
        (
            select {{ as_utc('max(committed_at)') }}
            from {{ snapshots_of(source('lakehouse', table)) }}
            where element_at(summary, 'kafka.connect.commit-id') is not null
        ) as last_commit_at,
        {{ freshness_threshold_seconds('lakehouse', table, 'warn_after') }} as warn_after_seconds,
        {{ freshness_threshold_seconds('lakehouse', table, 'error_after') }} as error_after_seconds

    from {{ source('lakehouse', table) }}
    where {{ within_newest_appends(source('lakehouse', table), 'processing_time') }}

),
{% endfor %}

tables as (

    {% for table in tables %}
    select * from {{ table }}
    {% if not loop.last %}union all{% endif %}
    {% endfor %}

),

lags as (

    select
        *,
        date_diff('second', newest_processed_at, {{ as_utc('current_timestamp') }}) as lag_seconds,
        date_diff('second', last_commit_at, {{ as_utc('current_timestamp') }}) as last_commit_age_seconds

    from tables

),

final as (

    select

        ---------- text
        table_name,
        case
            when warn_after_seconds is null then 'ok'
            when lag_seconds is null or lag_seconds > coalesce(error_after_seconds, warn_after_seconds) then 'breach'
            when lag_seconds <= warn_after_seconds then 'ok'
            else 'warn'
        end as freshness_status,

        ---------- numerics
        lag_seconds,
        last_commit_age_seconds,
        warn_after_seconds,
        error_after_seconds,

        ---------- timestamps
        newest_event_at,
        newest_processed_at,
        last_commit_at

    from lags

)

select * from final
