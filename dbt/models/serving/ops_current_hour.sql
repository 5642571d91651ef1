{#- Orders placed so far in the current clock hour (UTC), per merchant and currency. Reads
    fct_orders, so it is as fresh as the last scheduled run of the marts. -#}
with

orders as (

    select * from {{ ref('fct_orders') }}

),

current_hour as (

    select {{ current_utc_hour_start() }} as hour_started_at

),

final as (

    select

        ---------- ids
        orders.merchant_id,

        ---------- text
        orders.currency,

        ---------- numerics
        count(*) as placed_order_count,
        count_if(orders.is_cancelled) as cancelled_order_count,
        cast(sum(orders.amount) as decimal(18, 2)) as placed_amount,
        cast(sum(case when orders.is_cancelled then 0 else orders.amount end) as decimal(18, 2)) as net_amount,

        ---------- timestamps
        current_hour.hour_started_at,
        max(orders.placed_at) as last_placed_at,
        max(orders.last_processed_at) as last_processed_at

    from orders
    cross join current_hour
    where orders.placed_at >= current_hour.hour_started_at
    group by orders.merchant_id, orders.currency, current_hour.hour_started_at

)

select * from final
