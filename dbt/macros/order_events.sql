{#- What every order model takes from an order's events: its first PLACED event (CTE `placed`,
    placed_rank = 1) and its latest event with the newest processing time among its events (CTE
    `latest`, latest_rank = 1, last_processed_at), over the CTE `events` (order_id, event_id,
    order_status, event_at, processed_at). A copy of an event landed twice ranks the same. -#}
{% macro placed_and_latest_order_events(events='events') -%}
placed as (

    select
        *,
        row_number() over (partition by order_id order by event_at, event_id) as placed_rank

    from {{ events }}
    where order_status = 'PLACED'

),

latest as (

    select
        *,
        row_number() over (partition by order_id order by event_at desc, event_id desc) as latest_rank,
        max(processed_at) over (partition by order_id) as last_processed_at

    from {{ events }}

)
{%- endmacro %}
