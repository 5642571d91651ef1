{{
    config(
        unique_key=['merchant_id', 'valid_from'],
        **iceberg_table_config(partitioned_by=['month(valid_from)'])
    )
}}

{#- Type-2 history of every merchant: macros/type2_history.sql. -#}
{{ type2_history(ref('stg_merchant_versions'), 'merchant_id', ['merchant_name', 'merchant_country', 'merchant_category']) }}
