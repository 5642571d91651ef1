with

source as (

    select * from {{ source('lakehouse', 'dead_letters') }}

),

renamed as (

    select

        ---------- text
        reason,
        error_class,
        record_key,

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
