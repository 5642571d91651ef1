{#- Orders placed so far in the current clock hour (UTC), per merchant and currency: the orders of
    ops_orders_this_hour, which reads the landed events, so the figures are seconds behind the
    pipeline, not a dbt run behind. -#}
with

orders as (

    select * from {{ ref('ops_orders_this_hour') }}

),

final as (

    select

        ---------- ids
        merchant_id,

        ---------- text
        currency,

        ---------- numerics
        count(*) as placed_order_count,
        count_if(is_cancelled) as cancelled_order_count,
        cast(sum(amount) as decimal(18, 2)) as placed_amount,
        cast(sum(case when is_cancelled then 0 else amount end) as decimal(18, 2)) as net_amount,

        ---------- timestamps
        hour_started_at,
        max(placed_at) as last_placed_at,
        max(last_processed_at) as last_processed_at

    from orders
    group by merchant_id, currency, hour_started_at

)

select * from final
