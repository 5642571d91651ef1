{{ config(materialized='view') }}

{#- Each merchant as it is now: the current row of dim_merchants, unless it is a deletion. -#}
with

history as (

    select * from {{ ref('dim_merchants') }}

),

final as (

    select

        ---------- ids
        merchant_id,

        ---------- text
        merchant_name,
        merchant_country,
        merchant_category,

        ---------- timestamps
        valid_from,
        processed_at

    from history
    where is_current and not is_deleted

)

select * from final
