{#- Hourly revenue in the marts equals the revenue computed from orders_enriched directly: every
    PLACED order event counted once, late ones included. Compares the hours whose window results
    have all landed (ended before the newest window end, less the settle time), within the recent
    test window (var data_test_lookback_hours; whole hours, so no hour is compared half-read). -#}
with

settled as (

    select
        {{ as_utc("date_add('minute', -" ~ var('reconcile_settle_minutes') ~ ", max(window_end))") }} as settled_until
    from {{ source('lakehouse', 'revenue_by_merchant_1m') }}

),

placed_events as (

    select distinct event_id, merchant_id, currency, amount, event_time
    from {{ source('lakehouse', 'orders_enriched') }}
    where status = 'PLACED'
        and event_time >= {{ data_test_window_start() }}

),

from_events as (

    select
        merchant_id,
        currency,
        {{ as_utc("date_trunc('hour', event_time)") }} as revenue_hour,
        count(*) as order_count,
        sum(amount) as revenue
    from placed_events
    group by 1, 2, 3

),

from_marts as (

    select merchant_id, currency, revenue_hour, order_count, revenue
    from {{ ref('agg_revenue_hourly') }}
    where revenue_hour >= {{ as_utc(data_test_window_start()) }}

),

compared as (

    select
        coalesce(from_events.merchant_id, from_marts.merchant_id) as merchant_id,
        coalesce(from_events.currency, from_marts.currency) as currency,
        coalesce(from_events.revenue_hour, from_marts.revenue_hour) as revenue_hour,
        from_events.order_count as expected_order_count,
        from_marts.order_count as actual_order_count,
        from_events.revenue as expected_revenue,
        from_marts.revenue as actual_revenue
    from from_events
    full outer join from_marts
        on from_events.merchant_id = from_marts.merchant_id
        and from_events.currency = from_marts.currency
        and from_events.revenue_hour = from_marts.revenue_hour

)

select compared.*
from compared
cross join settled
where date_add('hour', 1, compared.revenue_hour) <= settled.settled_until
    and (
        expected_order_count is distinct from actual_order_count
        or expected_revenue is distinct from actual_revenue
    )
