{#- Orders placed in each minute of the current clock hour (UTC), per currency: the per-minute
    series behind ops_current_hour's totals (the dashboard's orders and revenue per minute). -#}
with

orders as (

    select * from {{ ref('fct_orders') }}

),

current_hour as (

    select {{ current_utc_hour_start() }} as hour_started_at

),

final as (

    select

        ---------- text
        orders.currency,

        ---------- numerics
        count(*) as placed_order_count,
        cast(sum(orders.amount) as decimal(18, 2)) as placed_amount,

        ---------- timestamps
        date_trunc('minute', orders.placed_at) as minute_started_at

    from orders
    cross join current_hour
    where orders.placed_at >= current_hour.hour_started_at
    group by orders.currency, date_trunc('minute', orders.placed_at)

)

select * from final
