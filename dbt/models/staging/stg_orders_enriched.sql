with

source as (

    select * from {{ source('lakehouse', 'orders_enriched') }}

),

renamed as (

    select

        ---------- ids
        event_id,
        order_id,
        customer_id,
        merchant_id,

        ---------- text
        status as order_status,
        currency,
        customer_name,
        customer_country,
        customer_segment,
        merchant_name,
        merchant_country,
        merchant_category,

        ---------- numerics
        amount,

        ---------- timestamps
        event_time as event_at,
        processing_time as processed_at,

        ---------- lineage
        source_topic,
        source_partition,
        source_offset

    from source

)

select * from renamed
