with

source as (

    select * from {{ source('lakehouse', 'order_payments') }}

),

renamed as (

    select

        ---------- ids
        order_id,
        order_event_id,
        customer_id,
        merchant_id,
        payment_id,

        ---------- text
        currency,
        payment_outcome,
        status as payment_status,

        ---------- numerics
        order_amount,
        payment_amount,

        ---------- booleans
        status = 'PAID' as is_paid,

        ---------- timestamps
        order_time as ordered_at,
        payment_time as paid_at,
        event_time as event_at,
        processing_time as processed_at,

        ---------- lineage
        source_topic,
        source_partition,
        source_offset

    from source

)

select * from renamed
