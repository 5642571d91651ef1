{{
    config(
        pre_hook="{{ publish_restate_window([ref('stg_merchant_versions')], 'valid_from', truncate_to=none, merged_column='processed_at') }}",
        post_hook="{{ publish_high_water('processed_at') }}",
        incremental_predicates=within_merge_window('valid_to', start='restate_from'),
        unique_key=['merchant_id', 'valid_from'],
        **iceberg_table_config(partitioned_by=['month(valid_from)'])
    )
}}

{#- Type-2 history of every merchant: macros/type2_history.sql. -#}
{{ type2_history(ref('stg_merchant_versions'), 'merchant_id', ['merchant_name', 'merchant_country', 'merchant_category']) }}
