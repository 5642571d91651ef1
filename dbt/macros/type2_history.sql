{#- The body of a type-2 dimension (dim_customers, dim_merchants) built from the versions the
    Streams app accepted (a staging view of customers_versions or merchants_versions): one row per
    id and valid_from, valid until the next version of the id (valid_to, null for the newest,
    which is_current), a deletion as a row with is_deleted and null attributes.

    Of versions valid from the same instant, the one read last from the reference topic wins (the
    higher source partition and offset), as in the Streams app's histories; a version landed twice
    (sink rebalance) or re-read through the lookback is the same row, and a replay's copy of it
    (the same lineage, processed later) replaces it once, so the high-water mark moves on.

    Incremental: reads the versions processed since the high-water mark (minus the lookback),
    whatever their valid_from, plus the dimension's rows of the ids they touch that are valid at or
    after the earliest new valid_from, and recomputes those rows' validity. So a late version (older
    than the newest one of its id) lands between its neighbours: the one before it gets it as
    valid_to. Only rows that are new or changed are merged (on id and valid_from), so an untouched
    row keeps its updated_at.

    Bounded as the marts are (macros/merge_window.sql): the model's pre_hook
    (publish_restate_window on valid_from, kept whole) publishes the earliest new valid_from,
    restate_from, and its post_hook the high-water mark. A row whose validity ended before
    restate_from (valid_to < restate_from) keeps its neighbours whatever the new versions are, as
    every new version is valid from later on, so neither the model nor the MERGE's target reads it
    (at_or_after_merge_window on valid_to: valid at or after restate_from, or current). A late
    version widens the bound back to its own valid_from. -#}
{% macro type2_history(versions, id, attributes) %}
{%- set high_water = incremental_high_water('processed_at', published=true) -%}
{%- set versions_from = restate_from() if high_water else none -%}
with

new_versions as (

    select * from {{ versions }}
    {% if high_water %}
    where processed_at > {{ high_water }}
        {% if versions_from %}and valid_from >= {{ versions_from }}{% endif %}
    {% endif %}

),

versions as (

    select
        {{ id }},
        {% for attribute in attributes %}{{ attribute }},
        {% endfor -%}
        is_deleted,
        {{ as_utc('valid_from') }} as valid_from,
        {{ as_utc('processed_at') }} as processed_at,
        source_partition,
        source_offset

    from new_versions

    {% if high_water %}
    union all

    -- the touched ids' rows so far: a new version may close one of them or fall between two
    select
        {{ id }},
        {% for attribute in attributes %}{{ attribute }},
        {% endfor -%}
        is_deleted,
        valid_from,
        processed_at,
        source_partition,
        source_offset

    from {{ this }}
    where {{ id }} in (select {{ id }} from new_versions)
        {% for bound in at_or_after_merge_window('valid_to', 'restate_from') %}and {{ bound }}{% endfor %}
    {% endif %}

),

ranked as (

    select
        *,
        row_number() over (
            partition by {{ id }}, valid_from
            order by source_partition desc, source_offset desc, processed_at desc
        ) as version_rank

    from versions

),

history as (

    select
        *,
        lead(valid_from) over (partition by {{ id }} order by valid_from) as valid_to

    from ranked
    where version_rank = 1

),

final as (

    select

        ---------- ids
        {{ id }},

        ---------- text
        {% for attribute in attributes %}{{ attribute }},
        {% endfor %}
        ---------- booleans
        valid_to is null as is_current,
        is_deleted,

        ---------- timestamps
        valid_from,
        valid_to,
        processed_at,
        {{ as_utc('current_timestamp') }} as updated_at,

        ---------- lineage
        source_partition,
        source_offset

    from history

)

select * from final
{% if high_water %}
-- merge only the rows that are new or changed
where not exists (
    select 1
    from {{ this }} as existing
    where existing.{{ id }} = final.{{ id }}
        and existing.valid_from = final.valid_from
        and existing.source_partition = final.source_partition
        and existing.source_offset = final.source_offset
        and existing.processed_at = final.processed_at
        and existing.valid_to is not distinct from final.valid_to
        {% for bound in at_or_after_merge_window('existing.valid_to', 'restate_from') %}and {{ bound }}{% endfor %}
)
{% endif %}
{% endmacro %}
