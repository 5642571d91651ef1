{#- Orders placed in each minute of the current clock hour (UTC), per currency: the per-minute
    series behind ops_current_hour's totals (the dashboard's orders and revenue per minute), from the
    same orders (ops_orders_this_hour, the landed events). -#}
with

orders as (

    select * from {{ ref('ops_orders_this_hour') }}

),

final as (

    select

        ---------- text
        currency,

        ---------- numerics
        count(*) as placed_order_count,
        cast(sum(amount) as decimal(18, 2)) as placed_amount,

        ---------- timestamps
        date_trunc('minute', placed_at) as minute_started_at

    from orders
    group by currency, date_trunc('minute', placed_at)

)

select * from final
