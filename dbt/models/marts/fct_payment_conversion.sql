{{
    config(
        pre_hook="{{ publish_restate_window([ref('stg_order_payments')], 'ordered_at') }}",
        post_hook="{{ publish_high_water() }}",
        incremental_predicates=within_merge_window('order_hour', start='restate_from', or_null=false),
        unique_key=['merchant_id', 'currency', 'order_hour'],
        **iceberg_table_config(partitioned_by=['day(order_hour)'])
    )
}}

{#- Payment conversion per merchant, currency and hour of the order: how many orders were paid
    within the 30-minute join window. An incremental run restates the hours that received
    order-payment results since the last run and merges only those whose figures changed.
    The restated hours start at the earliest hour of the new rows, which the pre_hook publishes
    with the high-water mark (macros/merge_window.sql) and which bounds the MERGE's target too;
    the post_hook publishes the mark after each merge, so a run reads it from a one-row view. -#}
{%- set high_water = incremental_high_water('last_processed_at', published=true) -%}
{%- if high_water -%}
    {%- set changed_hours_sql -%}
        select merchant_id, currency, date_trunc('hour', ordered_at) as changed_hour
        from {{ ref('stg_order_payments') }}
        where processed_at > {{ high_water }}
    {%- endset -%}
    {%- set earliest_hour = restate_from() -%}
{%- endif -%}

with

order_payments as (

    select
        *,
        -- one result per order; should the sink land both, a payment beats the timeout
        row_number() over (
            partition by order_id
            order by is_paid desc, processed_at
        ) as result_rank

    from {{ ref('stg_order_payments') }}
    {% if high_water %}
    where ordered_at >= {{ earliest_hour }}
    {% endif %}

),

hourly as (

    select
        merchant_id,
        currency,
        date_trunc('hour', ordered_at) as order_hour,
        count(*) as order_count,
        count_if(is_paid) as paid_order_count,
        sum(order_amount) as order_amount,
        sum(case when is_paid then payment_amount else 0 end) as paid_amount,
        max(processed_at) as last_processed_at

    from order_payments
    where result_rank = 1
    group by 1, 2, 3

),

{% if high_water %}
restated as (

    select hourly.*
    from hourly
    inner join (select distinct * from ({{ changed_hours_sql }}) as changed) as changed_hours
        on hourly.merchant_id = changed_hours.merchant_id
        and hourly.currency = changed_hours.currency
        and hourly.order_hour = changed_hours.changed_hour

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
        order_count,
        paid_order_count,
        order_count - paid_order_count as unpaid_order_count,
        cast(order_amount as decimal(18, 2)) as order_amount,
        cast(paid_amount as decimal(18, 2)) as paid_amount,
        cast(paid_order_count as double) / order_count as conversion_rate,

        ---------- timestamps
        {{ as_utc('order_hour') }} as order_hour,
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
    where existing.order_hour >= {{ as_utc(earliest_hour) }}
        and existing.merchant_id = final.merchant_id
        and existing.currency = final.currency
        and existing.order_hour = final.order_hour
        and existing.order_count = final.order_count
        and existing.paid_order_count = final.paid_order_count
        and existing.paid_amount = final.paid_amount
)
{% endif %}
