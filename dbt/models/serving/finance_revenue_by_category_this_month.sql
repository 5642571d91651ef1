{#- Revenue of PLACED orders so far in the current UTC month, per merchant category and currency,
    each merchant counted under its current category (dim_merchants_current): a merchant that
    changed category this month moves all of its month's revenue to the new one. Merchants without
    a current version (never landed, or deleted) fall under '(no current category)'. Reads only
    this month's hours of agg_revenue_hourly (partitioned by day: the bound prunes the rest). -#}
with

month_start as (

    select {{ current_utc_month_start() }} as revenue_month

),

hourly as (

    select hourly.*
    from {{ ref('agg_revenue_hourly') }} as hourly
    where hourly.revenue_hour >= (select revenue_month from month_start)

),

merchants as (

    select * from {{ ref('dim_merchants_current') }}

),

final as (

    select

        ---------- text
        coalesce(merchants.merchant_category, '(no current category)') as merchant_category,
        hourly.currency,

        ---------- numerics
        count(distinct hourly.merchant_id) as merchant_count,
        sum(hourly.order_count) as order_count,
        cast(sum(hourly.revenue) as decimal(18, 2)) as revenue,

        ---------- timestamps
        month_start.revenue_month,
        max(hourly.updated_at) as updated_at

    from hourly
    cross join month_start
    left join merchants
        on hourly.merchant_id = merchants.merchant_id
    group by 1, 2, month_start.revenue_month

)

select * from final
