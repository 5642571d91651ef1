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

{{ ranked_order_events('events') }}

select

    ---------- ids
    order_id,
    {{ placed_value('merchant_id') }} as merchant_id,

    ---------- text
    {{ placed_value('currency') }} as currency,
    {{ latest_value('order_status') }} as order_status,

    ---------- numerics
    {{ placed_value('amount') }} as amount,

    ---------- booleans
    {{ latest_value('order_status') }} = 'CANCELLED' as is_cancelled,

    ---------- timestamps
    current_hour.hour_started_at,
    {{ as_utc(placed_value('event_at')) }} as placed_at,
    {{ as_utc('max(processed_at)') }} as last_processed_at

from ranked_order_events
cross join current_hour
group by order_id, current_hour.hour_started_at
-- the orders placed in the hour
having bool_or(is_placed)
