with

source as (

    select * from {{ source('lakehouse', 'pipeline_ledger') }}

),

deduplicated as (

    select
        *,
        -- an interval has one row; the sink may land it twice (a row that read nothing, carrying
        -- only later UNKNOWN_ORDER verdicts, shares its first_offset with the next one: emitted_at tells them apart)
        row_number() over (
            partition by source_topic, source_partition, first_offset, emitted_at
            order by emitted_at
        ) as copy_number

    from source

),

renamed as (

    select

        ---------- lineage
        source_topic,
        source_partition,
        first_offset,
        last_offset,

        ---------- numerics
        records_read,
        dead_lettered,
        duplicates_dropped,
        kept,
        windowed,
        late,
        {{ optional_column(source('lakehouse', 'pipeline_ledger'), 'dead_lettered_unknown_order', 'bigint') }},

        ---------- timestamps
        stream_time as stream_at,
        window_stream_time as window_stream_at,
        -- named as in every staging view: when the Streams app produced the row
        emitted_at as processed_at

    from deduplicated
    where copy_number = 1

)

select * from renamed
