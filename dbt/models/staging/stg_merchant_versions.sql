with

source as (

    select * from {{ source('lakehouse', 'merchants_versions') }}

),

renamed as (

    select

        ---------- ids
        merchant_id,

        ---------- text
        merchant_name,
        merchant_country,
        merchant_category,

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
