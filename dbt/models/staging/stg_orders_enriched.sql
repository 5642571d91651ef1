{#- channel and discount_amount came with version 3 of the orders contract: the sink adds them to
    the landed table when the first such row lands, so until then they are null here. -#}
{%- set source_table = source('lakehouse', 'orders_enriched') -%}

with

source as (

    select * from {{ source_table }}

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
        {{ optional_column(source_table, 'channel', 'varchar') }},

        ---------- numerics
        amount,
        {{ optional_column(source_table, 'discount_amount', 'decimal(18, 2)') }},

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
