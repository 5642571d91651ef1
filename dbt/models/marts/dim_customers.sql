{{
    config(
        pre_hook="{{ publish_restate_window([ref('stg_customer_versions')], 'valid_from', truncate_to=none, merged_column='processed_at') }}",
        post_hook="{{ publish_high_water('processed_at') }}",
        incremental_predicates=within_merge_window('valid_to', start='restate_from'),
        unique_key=['customer_id', 'valid_from'],
        **iceberg_table_config(partitioned_by=['month(valid_from)'])
    )
}}

{#- Type-2 history of every customer: macros/type2_history.sql. Keeps the landed contract's column
    names, so maintenance-job erase finds a customer's rows here too (by customer_id). -#}
{{ type2_history(ref('stg_customer_versions'), 'customer_id', ['customer_name', 'customer_country', 'customer_segment']) }}
