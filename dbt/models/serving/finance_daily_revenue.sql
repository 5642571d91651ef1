{#- Daily revenue of PLACED orders per merchant and currency (UTC days), late events included,
    with how much of it arrived late and how many hours were restated for it. -#}
with

hourly as (

    select * from {{ ref('agg_revenue_hourly') }}

),

final as (

    select

        ---------- ids
        merchant_id,

        ---------- text
        currency,

        ---------- numerics
        sum(order_count) as order_count,
        cast(sum(revenue) as decimal(18, 2)) as revenue,
        sum(late_order_count) as late_order_count,
        cast(sum(late_revenue) as decimal(18, 2)) as late_revenue,
        count_if(is_restated) as restated_hour_count,

        ---------- timestamps
        cast(revenue_hour as date) as revenue_date,
        max(updated_at) as updated_at

    from hourly
    group by merchant_id, currency, cast(revenue_hour as date)

)

select * from final
