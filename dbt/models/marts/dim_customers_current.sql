{{ config(materialized='view') }}

{#- Each customer as they are now: the current row of dim_customers, unless it is a deletion. -#}
with

history as (

    select * from {{ ref('dim_customers') }}

),

final as (

    select

        ---------- ids
        customer_id,

        ---------- text
        customer_name,
        customer_country,
        customer_segment,

        ---------- timestamps
        valid_from,
        processed_at

    from history
    where is_current and not is_deleted

)

select * from final
