{#- The orders placed so far in the current clock hour (UTC), one row per order, read from the landed
    events (stg_orders_enriched), not from the marts: an order is here as soon as the sink committed
    its PLACED event, without waiting for a scheduled dbt run. Reads only the events of the current
    hour (a partition-pruned bound on the event time, the table's partitioning): an order's first
    PLACED event and its later status events are all at or after its placing, so the hour's events
    say everything these views show (an order has one PLACED event; one placed again before the hour
    would count here, as the marts take the first). Copies the sink landed twice count once.
    ops_current_hour and ops_orders_per_minute count these orders. -#}
with

current_hour as (

    select {{ current_utc_hour_start() }} as hour_started_at

),

events as (

    select *
    from {{ ref('stg_orders_enriched') }}
    where event_at >= date_trunc('hour', current_timestamp at time zone 'UTC')

),

{{ placed_and_latest_order_events('events') }},

final as (

    select

        ---------- ids
        placed.order_id,
        placed.merchant_id,

        ---------- text
        placed.currency,
        latest.order_status,

        ---------- numerics
        placed.amount,

        ---------- booleans
        latest.order_status = 'CANCELLED' as is_cancelled,

        ---------- timestamps
        current_hour.hour_started_at,
        {{ as_utc('placed.event_at') }} as placed_at,
        {{ as_utc('latest.last_processed_at') }} as last_processed_at

    from placed
    inner join latest
        on placed.order_id = latest.order_id
        and latest.latest_rank = 1
    cross join current_hour
    where placed.placed_rank = 1

)

select * from final
