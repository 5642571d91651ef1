with

source as (

    select * from {{ source('lakehouse', 'late_events') }}

),

renamed as (

    select

        ---------- ids
        event_id,
        order_id,
        payment_id,
        merchant_id,

        ---------- text
        event_type,
        currency,
        status as order_status,
        outcome as payment_outcome,

        ---------- numerics
        amount,
        lateness_ms,

        ---------- timestamps
        event_time as event_at,
        window_start as window_start_at,
        window_end as window_end_at,
        stream_time as stream_time_at,
        processing_time as processed_at,

        ---------- lineage
        source_topic,
        source_partition,
        source_offset

    from source

)

select * from renamed
