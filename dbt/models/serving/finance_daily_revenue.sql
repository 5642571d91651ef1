{#- Daily revenue of PLACED orders per merchant and currency (UTC days), late events included,
    with how much of it arrived late, how many hours were restated for it, and whether the day is
    final: it has ended and all its windows closed (table_watermarks). -#}
with

hourly as (

    select
        *,
        cast(revenue_hour as date) as revenue_date,
        {{ sealed_through('revenue_by_merchant_1m') }} as sealed_through_at

    from {{ ref('agg_revenue_hourly') }}

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

        ---------- booleans
        coalesce(date_add('day', 1, cast(revenue_date as timestamp(6))) <= max(sealed_through_at), false)
            as is_final,

        ---------- timestamps
        revenue_date,
        max(updated_at) as updated_at

    from hourly
    group by merchant_id, currency, revenue_date

)

select * from final
