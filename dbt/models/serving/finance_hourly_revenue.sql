{#- Hourly revenue of PLACED orders per merchant and currency (agg_revenue_hourly), with whether the
    hour is final: its windows all closed (table_watermarks). A final hour can still be restated by
    late events (is_restated); finality changes as the watermark moves, so it is read here, in a
    view, rather than stored in the incremental mart. -#}
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
        order_count,
        revenue,
        late_order_count,
        late_revenue,

        ---------- booleans
        coalesce(date_add('hour', 1, revenue_hour) <= {{ sealed_through('revenue_by_merchant_1m') }}, false)
            as is_final,
        is_restated,

        ---------- timestamps
        revenue_hour,
        updated_at

    from hourly

)

select * from final
