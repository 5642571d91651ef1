{{
    config(
        unique_key='order_id',
        on_schema_change='append_new_columns',
        pre_hook="{{ publish_merge_window(ref('stg_orders_enriched')) }}",
        post_hook="{{ publish_high_water() }}",
        incremental_predicates=within_merge_window('placed_at'),
        **iceberg_table_config(partitioned_by=['day(placed_at)'])
    )
}}

{#- One row per order: identity and amount from its PLACED event, status from its latest event.
    Events are deduplicated on event_id. An incremental run reads only events processed since the
    high-water mark (minus the lookback), so a late event is picked up whatever its event time;
    a touched order's current row stands in for the events merged before (first PLACED and
    latest event are associative), so old events are never re-read. The run reads and merges into
    only the orders of its merge window (macros/merge_window.sql): those placed since the day of its
    earliest new event less var order_events_within_days, and those not placed yet. It names its own
    table once: in Trino each reference to a table, or to a CTE that reads one, is a scan of its own,
    and the MERGE runs this query (dbt-trino's temporary relation is a view), so the window is read
    once here and once as the MERGE's target. The high-water mark is read from the one-row view the
    post_hook publishes after each merge (macros/incremental.sql). -#}
{%- set high_water = incremental_high_water('last_processed_at', published=true) -%}
{%- if high_water -%}
    {%- set events_from = merge_window('events_from', zoned=true) -%}
    {%- set placed_from = merge_window('placed_from') -%}
    {#- columns added after the mart was first built: a table built before has them only once this
        run's merge appended them (on_schema_change) -#}
    {%- set current_channel = optional_column(this, 'channel', 'varchar') -%}
    {%- set current_discount_amount = optional_column(this, 'discount_amount', 'decimal(18, 2)') -%}
{%- endif -%}

with

new_events as (

    select
        *,
        row_number() over (partition by event_id order by processed_at) as copy_number

    from {{ ref('stg_orders_enriched') }}
    {% if high_water %}
    where processed_at > {{ high_water }}
        {% if events_from %}and event_at >= {{ events_from }}{% endif %}
    {% endif %}

),

{% if high_water %}
-- the current rows of the merge window: every order a new event can touch
current_orders as (

    select *
    from {{ this }}
    {% if placed_from %}
    where placed_at >= {{ placed_from }} or placed_at is null
    {% endif %}

),
{% endif %}

events as (

    select
        order_id,
        event_id,
        order_status,
        customer_id,
        merchant_id,
        currency,
        amount,
        customer_country,
        customer_segment,
        merchant_name,
        merchant_country,
        merchant_category,
        channel,
        discount_amount,
        {{ as_utc('event_at') }} as event_at,
        {{ as_utc('processed_at') }} as processed_at
        {%- if high_water %},
        cast(null as row(placed_event_id varchar, last_event_id varchar, last_processed_at timestamp(6)))
            as current_state
        {%- endif %}

    from new_events
    where copy_number = 1

    {% if high_water %}
    union all

    -- the current row of a touched order, as its first PLACED event and as its latest event, with
    -- its merge state for the "changed?" check below: all from the one read of the merge window
    select
        order_id,
        current_event.event_id,
        current_event.order_status,
        customer_id,
        merchant_id,
        currency,
        amount,
        customer_country,
        customer_segment,
        merchant_name,
        merchant_country,
        merchant_category,
        {{ current_channel }},
        {{ current_discount_amount }},
        current_event.event_at,
        last_processed_at,
        cast(row(placed_event_id, last_event_id, last_processed_at)
            as row(placed_event_id varchar, last_event_id varchar, last_processed_at timestamp(6))) as current_state

    from current_orders
    cross join unnest(array[
        row(placed_event_id, 'PLACED', placed_at, true),
        row(last_event_id, order_status, last_event_at, false)
    ]) as current_event (event_id, order_status, event_at, is_placed)
    where order_id in (select order_id from new_events)
        and (placed_event_id is not null or not current_event.is_placed)
    {% endif %}

),

{{ ranked_order_events('events') }}

select

    ---------- ids
    order_id,
    coalesce({{ placed_value('customer_id') }}, {{ latest_value('customer_id') }}) as customer_id,
    coalesce({{ placed_value('merchant_id') }}, {{ latest_value('merchant_id') }}) as merchant_id,
    {{ placed_value('event_id') }} as placed_event_id,
    {{ latest_value('event_id') }} as last_event_id,

    ---------- text
    {{ latest_value('order_status') }} as order_status,
    coalesce({{ placed_value('currency') }}, {{ latest_value('currency') }}) as currency,
    coalesce({{ placed_value('customer_country') }}, {{ latest_value('customer_country') }}) as customer_country,
    coalesce({{ placed_value('customer_segment') }}, {{ latest_value('customer_segment') }}) as customer_segment,
    coalesce({{ placed_value('merchant_name') }}, {{ latest_value('merchant_name') }}) as merchant_name,
    coalesce({{ placed_value('merchant_country') }}, {{ latest_value('merchant_country') }}) as merchant_country,
    coalesce({{ placed_value('merchant_category') }}, {{ latest_value('merchant_category') }}) as merchant_category,
    -- null in events before version 3 of the orders contract: the PLACED event's value, null
    -- included, once it is there (coalesce would take a later event's, which a rebuild would not)
    case when {{ placed_value('event_id') }} is not null then {{ placed_value('channel') }}
        else {{ latest_value('channel') }} end as channel,

    ---------- numerics
    coalesce({{ placed_value('amount') }}, {{ latest_value('amount') }}) as amount,
    case when {{ placed_value('event_id') }} is not null then {{ placed_value('discount_amount') }}
        else {{ latest_value('discount_amount') }} end as discount_amount,

    ---------- booleans
    {{ latest_value('order_status') }} = 'CANCELLED' as is_cancelled,

    ---------- timestamps
    {{ placed_value('event_at') }} as placed_at,
    {{ latest_value('event_at') }} as last_event_at,
    max(processed_at) as last_processed_at,
    {{ as_utc('current_timestamp') }} as updated_at

from ranked_order_events
group by order_id
{% if high_water %}
-- merge only the orders that changed, so an order re-read through the lookback keeps its updated_at
having not coalesce(
    arbitrary(current_state) is not null
        and arbitrary(current_state).placed_event_id is not distinct from {{ placed_value('event_id') }}
        and arbitrary(current_state).last_event_id = {{ latest_value('event_id') }}
        and arbitrary(current_state).last_processed_at = max(processed_at),
    false
)
{% endif %}
