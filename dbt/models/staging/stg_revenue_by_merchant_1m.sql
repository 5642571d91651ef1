with

source as (

    select * from {{ source('lakehouse', 'revenue_by_merchant_1m') }}

),

renamed as (

    select

        ---------- ids
        merchant_id,

        ---------- text
        currency,

        ---------- numerics
        order_count,
        revenue,

        ---------- timestamps
        window_start as window_start_at,
        window_end as window_end_at,
        event_time as last_event_at,
        processing_time as processed_at

    from source

)

select * from renamed
