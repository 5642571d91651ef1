with

source as (

    select * from {{ source('lakehouse', 'customers_versions') }}

),

renamed as (

    select

        ---------- ids
        customer_id,

        ---------- text
        customer_name,
        customer_country,
        customer_segment,

        ---------- booleans
        is_deleted,

        ---------- timestamps
        valid_from,
        processing_time as processed_at,

        ---------- lineage
        source_topic,
        source_partition,
        source_offset

    from source

)

select * from renamed
