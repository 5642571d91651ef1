{{
    config(
        pre_hook="{{ publish_restate_window([ref('stg_revenue_by_merchant_1m'), ref('stg_late_events')], 'window_start_at') }}",
        post_hook="{{ publish_high_water() }}",
        incremental_predicates=within_merge_window('revenue_hour', start='restate_from', or_null=false),
        unique_key=['merchant_id', 'currency', 'revenue_hour'],
        **iceberg_table_config(partitioned_by=['day(revenue_hour)'])
    )
}}

{#- Hourly revenue of PLACED orders = the hour's 1-minute window results + its late events.
    An incremental run restates every (merchant, currency, hour) that received a window result or
    a late event since the last run, recomputing it from the sources, and merges only the hours
    whose figures changed.
    The restated hours start at the earliest hour of the new rows, which the pre_hook publishes
    with the high-water mark (macros/merge_window.sql) and which bounds the MERGE's target too;
    the post_hook publishes the mark after each merge, so a run reads it from a one-row view. -#}
{%- set high_water = incremental_high_water('last_processed_at', published=true) -%}
{%- if high_water -%}
    {%- set changed_hours_sql -%}
        select merchant_id, currency, date_trunc('hour', window_start_at) as changed_hour
        from {{ ref('stg_revenue_by_merchant_1m') }}
        where processed_at > {{ high_water }}
        union
        select merchant_id, currency, date_trunc('hour', window_start_at) as changed_hour
        from {{ ref('stg_late_events') }}
        where processed_at > {{ high_water }}
            and event_type = 'order'
            and order_status = 'PLACED'
    {%- endset -%}
    {%- set earliest_hour = restate_from() -%}
{%- endif -%}

with

window_results as (

    select
        merchant_id,
        currency,
        window_start_at,
        order_count,
        revenue,
        processed_at,
        -- a window has one final result; the sink may land its row twice
        row_number() over (
            partition by merchant_id, currency, window_start_at
            order by processed_at desc
        ) as copy_number

    from {{ ref('stg_revenue_by_merchant_1m') }}
    {% if high_water %}
    where window_start_at >= {{ earliest_hour }}
    {% endif %}

),

late_orders as (

    select
        merchant_id,
        currency,
        window_start_at,
        amount,
        processed_at,
        row_number() over (partition by event_id order by processed_at) as copy_number

    from {{ ref('stg_late_events') }}
    where event_type = 'order'
        and order_status = 'PLACED'
        {% if high_water %}
        and window_start_at >= {{ earliest_hour }}
        {% endif %}

),

hourly_windows as (

    select
        merchant_id,
        currency,
        date_trunc('hour', window_start_at) as revenue_hour,
        sum(order_count) as order_count,
        sum(revenue) as revenue,
        max(processed_at) as last_processed_at

    from window_results
    where copy_number = 1
    group by 1, 2, 3

),

hourly_late as (

    select
        merchant_id,
        currency,
        date_trunc('hour', window_start_at) as revenue_hour,
        count(*) as order_count,
        sum(amount) as revenue,
        max(processed_at) as last_processed_at

    from late_orders
    where copy_number = 1
    group by 1, 2, 3

),

hourly as (

    select
        coalesce(windows.merchant_id, late.merchant_id) as merchant_id,
        coalesce(windows.currency, late.currency) as currency,
        coalesce(windows.revenue_hour, late.revenue_hour) as revenue_hour,
        coalesce(windows.order_count, 0) as window_order_count,
        coalesce(windows.revenue, 0) as window_revenue,
        coalesce(late.order_count, 0) as late_order_count,
        coalesce(late.revenue, 0) as late_revenue,
        greatest(
            coalesce(windows.last_processed_at, late.last_processed_at),
            coalesce(late.last_processed_at, windows.last_processed_at)
        ) as last_processed_at

    from hourly_windows as windows
    full outer join hourly_late as late
        on windows.merchant_id = late.merchant_id
        and windows.currency = late.currency
        and windows.revenue_hour = late.revenue_hour

),

{% if high_water %}
changed_hours as (

    select distinct merchant_id, currency, changed_hour as revenue_hour
    from ({{ changed_hours_sql }}) as changed

),

restated as (

    select hourly.*
    from hourly
    inner join changed_hours
        on hourly.merchant_id = changed_hours.merchant_id
        and hourly.currency = changed_hours.currency
        and hourly.revenue_hour = changed_hours.revenue_hour

),
{% else %}
restated as (

    select * from hourly

),
{% endif %}

final as (

    select

        ---------- ids
        merchant_id,

        ---------- text
        currency,

        ---------- numerics
        cast(window_order_count + late_order_count as bigint) as order_count,
        cast(window_revenue + late_revenue as decimal(18, 2)) as revenue,
        cast(window_order_count as bigint) as window_order_count,
        cast(window_revenue as decimal(18, 2)) as window_revenue,
        cast(late_order_count as bigint) as late_order_count,
        cast(late_revenue as decimal(18, 2)) as late_revenue,

        ---------- booleans
        late_order_count > 0 as is_restated,

        ---------- timestamps
        {{ as_utc('revenue_hour') }} as revenue_hour,
        {{ as_utc('last_processed_at') }} as last_processed_at,
        {{ as_utc('current_timestamp') }} as updated_at

    from restated

)

select * from final
{% if high_water %}
-- merge only the hours whose figures changed, so an unchanged hour keeps its updated_at
where not exists (
    select 1
    from {{ this }} as existing
    where existing.revenue_hour >= {{ as_utc(earliest_hour) }}
        and existing.merchant_id = final.merchant_id
        and existing.currency = final.currency
        and existing.revenue_hour = final.revenue_hour
        and existing.window_order_count = final.window_order_count
        and existing.window_revenue = final.window_revenue
        and existing.late_order_count = final.late_order_count
        and existing.late_revenue = final.late_revenue
)
{% endif %}
