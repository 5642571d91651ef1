with

source as (

    select * from {{ source('lakehouse', 'payments_by_outcome_1m') }}

),

renamed as (

    select

        ---------- text
        outcome as payment_outcome,

        ---------- numerics
        payment_count,
        amount_total,

        ---------- timestamps
        window_start as window_start_at,
        window_end as window_end_at,
        event_time as last_event_at,
        processing_time as processed_at

    from source

)

select * from renamed
