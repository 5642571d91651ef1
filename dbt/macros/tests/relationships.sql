{#- dbt's relationships test, with a `where` config on both sides: the child's rows of the recent test
    window, each looked up among the parent's rows of that window widened by a day (get_where_subquery),
    instead of among every parent row ever. A child row changed in the window has its parent changed
    about then: an order's row in fct_orders was last processed with its newest event, which is in
    stg_orders_enriched with that processing time; a merchant's hourly figures change with window
    results and late events of its orders, processed minutes after them. Overrides dbt's default
    (the root project's macros come first in dispatch). -#}
{% macro default__test_relationships(model, column_name, to, field) %}

with child as (
    select {{ column_name }} as from_field
    from {{ model }}
    where {{ column_name }} is not null
),

parent as (
    select {{ field }} as to_field
    from {{ get_where_subquery(to, widen_hours=24) }}
)

select
    from_field

from child
left join parent
    on child.from_field = parent.to_field

where parent.to_field is null

{% endmacro %}
