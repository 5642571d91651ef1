{#- The marts keep one row per window, because the Streams app emits one final result per
    merchant, currency and 1-minute window (the sink may land that row twice, identical). Two
    different results for one window would make the marts drop one silently: fail loudly instead.
    Windows of the recent test window only (var data_test_lookback_hours): the table only grows. -#}
select
    merchant_id,
    currency,
    window_start,
    count(distinct cast(order_count as varchar) || '/' || cast(revenue as varchar)) as results
from {{ source('lakehouse', 'revenue_by_merchant_1m') }}
where window_start >= {{ data_test_window_start() }}
group by 1, 2, 3
having count(distinct cast(order_count as varchar) || '/' || cast(revenue as varchar)) > 1
