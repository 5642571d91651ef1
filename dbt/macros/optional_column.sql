{#- A column a relation may not have yet: `column_name` when it has it (names compared
    case-insensitively), `cast(null as data_type) as column_name` when it does not. Fields added to
    a contract reach a landed table through the Iceberg sink's schema evolution, which adds the
    columns only once the first row of the new contract lands: until then the models must build
    without them, and without a --full-refresh once they are there. Also for an incremental mart's
    own `this`, whose table a run before the column existed built without it.
    At parse time (no database) it renders the bare name; in a unit test `this` is the name of the
    fixture's CTE, not a relation, so the fixture must give the column. -#}
{% macro optional_column(relation, column_name, data_type) -%}
    {%- if not execute or relation is string -%}
        {{ column_name }}
    {%- else -%}
        {%- set names = adapter.get_columns_in_relation(relation) | map(attribute='name') | map('lower') | list -%}
        {%- if column_name | lower in names -%}
            {{ column_name }}
        {%- else -%}
            cast(null as {{ data_type }}) as {{ column_name }}
        {%- endif -%}
    {%- endif -%}
{%- endmacro %}
