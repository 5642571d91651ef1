{#- What every order model takes from an order's events, in one pass over the CTE `events`
    (order_id, event_id, order_status, event_at, processed_at): the CTE `ranked_order_events`, its
    rows flagged is_placed (the order's first PLACED event, by event time then event_id) and
    is_latest (its latest event), one of each per order (a copy of an event landed twice is one of
    them). A model groups it by order_id and takes a column of either event with placed_value or
    latest_value; the order's newest processing time is max(processed_at). One pass, not a join of
    two rankings: each reference to `events` reads its tables again. -#}
{% macro ranked_order_events(events='events') -%}
ranked_order_events as (

    select
        *,
        order_status = 'PLACED'
            and row_number() over (partition by order_id, order_status = 'PLACED' order by event_at, event_id) = 1
            as is_placed,
        row_number() over (partition by order_id order by event_at desc, event_id desc) = 1 as is_latest

    from {{ events }}

)
{%- endmacro %}

{#- `column` of the order's first PLACED event (null when it has none) / of its latest event, in an
    aggregate of ranked_order_events grouped by order_id -#}
{% macro placed_value(column) -%}
    arbitrary({{ column }}) filter (where is_placed)
{%- endmacro %}

{% macro latest_value(column) -%}
    arbitrary({{ column }}) filter (where is_latest)
{%- endmacro %}
