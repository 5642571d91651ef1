"""Provisions the pipeline dashboard into a Superset metadata database, from the definition in
dashboard/assets (Superset's own export format): the database connection for the target engine,
the datasets (dbt's serving views), the charts and the dashboard; an editing user; read access
for visitors who are not logged in. Safe to run again: the assets replace what they imported before.

    DASHBOARD_HOME=<dir> SUPERSET_CONFIG_PATH=dashboard/superset_config.py \\
        tools/superset/bin/python dashboard/bin/provision.py --target local|athena

Run by bin/start.sh (local: Trino on TRINO_PORT) and bin/check-athena.sh (the same assets on an
Athena connection, imported into a throwaway metadata database: the production definition's dry run).
"""

import argparse
import os
import pathlib
import secrets
import sys
from urllib.parse import quote_plus

import yaml

ASSETS = pathlib.Path(__file__).resolve().parent.parent / "assets"
EDITOR = "lakehouse"


def engine_uri(target, schema):
    if target == "local":
        return f"trino://superset@127.0.0.1:{os.environ.get('TRINO_PORT', '18080')}/iceberg"
    region = os.environ.get("AWS_REGION", "us-east-1")
    staging = os.environ.get("ATHENA_S3_STAGING_DIR")
    work_group = os.environ.get("ATHENA_WORK_GROUP")
    if not staging or not work_group:
        # the reader policy grants one workgroup and one results prefix: a default would be refused there
        raise SystemExit("Cannot point the dashboard at Athena: set ATHENA_WORK_GROUP to the workgroup and "
                         "ATHENA_S3_STAGING_DIR to the query results location (s3://bucket/prefix/) that "
                         "deploy/iam/athena-reader.json grants; AWS_REGION is optional")
    # credentials come from the AWS default chain of the Superset process, never from the URI
    return (f"awsathena+rest://@athena.{region}.amazonaws.com:443/{schema}"
            f"?s3_staging_dir={quote_plus(staging)}&work_group={quote_plus(work_group)}")


def bundle(target, schema):
    """The assets as Superset's importer reads them (path -> YAML text), pointed at the target."""
    contents = {}
    for path in sorted(ASSETS.rglob("*.yaml")):
        config = yaml.safe_load(path.read_text(encoding="utf-8"))
        if path.parent.name == "databases":
            config["sqlalchemy_uri"] = engine_uri(target, schema)
        elif path.parent.parent.name == "datasets":
            config["schema"] = schema
        contents[str(path.relative_to(ASSETS))] = yaml.safe_dump(config, sort_keys=False)
    return contents


def editor_password(home):
    """The editing user's password: made once per data folder, kept beside the metadata DB (mode 600)."""
    path = pathlib.Path(home) / "admin-password"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(18), encoding="utf-8")
        path.chmod(0o600)
    return path.read_text(encoding="utf-8").strip()


def provision(target, schema, check_only):
    from flask import g
    from superset.app import create_app

    app = create_app()
    with app.app_context():
        from superset import security_manager
        from superset.commands.dashboard.importers.v1 import ImportDashboardsCommand
        from superset.extensions import db

        contents = bundle(target, schema)
        if check_only:
            check(contents)
            return

        editor = security_manager.find_user(username=EDITOR)
        if editor is None:
            editor = security_manager.add_user(EDITOR, "Lakehouse", "Editor", f"{EDITOR}@localhost",
                                               security_manager.find_role("Admin"),
                                               password=editor_password(os.environ["DASHBOARD_HOME"]))
        # visitors read every dataset (the Public role already has Gamma's views: PUBLIC_ROLE_LIKE)
        public = security_manager.find_role(app.config["AUTH_ROLE_PUBLIC"])
        all_datasources = security_manager.find_permission_view_menu("all_datasource_access", "all_datasource_access")
        security_manager.add_permission_role(public, all_datasources)
        g.user = editor
        ImportDashboardsCommand(contents, overwrite=True).run()
        db.session.commit()


def check(contents):
    """What an import checks before it writes (each file against Superset's schemas), that every
    reference resolves inside the bundle (the import only finds a missing one once it writes), and
    that the engine's SQLAlchemy dialect is installed and reads the URI: an import itself connects to
    the engine, which a dry run of the production target cannot."""
    from sqlalchemy import create_engine
    from superset.commands.dashboard.importers.v1 import ImportDashboardsCommand

    ImportDashboardsCommand(contents, overwrite=True).validate()
    configs = {path: yaml.safe_load(text) for path, text in contents.items()}
    uuids = {kind: {c["uuid"] for p, c in configs.items() if p.startswith(kind + "/")}
             for kind in ("databases", "datasets", "charts")}
    references = [(p, "databases", c["database_uuid"]) for p, c in configs.items() if p.startswith("datasets/")]
    references += [(p, "datasets", c["dataset_uuid"]) for p, c in configs.items() if p.startswith("charts/")]
    references += [(p, "charts", item["meta"]["uuid"]) for p, c in configs.items() if p.startswith("dashboards/")
                   for item in c["position"].values() if isinstance(item, dict) and item.get("type") == "CHART"]
    missing = [f"{path} refers to {kind} {uuid}" for path, kind, uuid in references if uuid not in uuids[kind]]
    if missing:
        raise SystemExit("Cannot use the dashboard definition, references to nothing in dashboard/assets: "
                         + "; ".join(missing))
    create_engine(configs[next(p for p in configs if p.startswith("databases/"))]["sqlalchemy_uri"])


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--target", choices=("local", "athena"), default="local")
    parser.add_argument("--schema", default=os.environ.get("DASHBOARD_SCHEMA", "analytics"),
                        help="the schema of dbt's serving views (default: analytics, or DASHBOARD_SCHEMA)")
    parser.add_argument("--check", action="store_true",
                        help="validate the definition for the target without importing it (no engine needed)")
    args = parser.parse_args(argv)
    provision(args.target, args.schema, args.check)
    done = "checked" if args.check else "provisioned"
    print(f"dashboard {done} for {args.target} (schema {args.schema}): "
          f"{len(list(ASSETS.rglob('*.yaml'))) - 1} assets", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
