{{
    config(
        incremental_strategy='append',
        **iceberg_table_config(partitioned_by=['day(observed_at)'])
    )
}}

{#- pipeline_freshness as each run of the marts saw it (dbt/bin/schedule.py: every 15 s locally,
    every 5 minutes on Athena): one row per landed table and run, appended, so how fresh a table
    has been over a day is one query. maintain_models compacts it with the other marts. -#}
with

freshness as (

    select * from {{ ref('pipeline_freshness') }}

),

final as (

    select
        freshness.*,
        {{ as_utc('current_timestamp') }} as observed_at

    from freshness

)

select * from final
