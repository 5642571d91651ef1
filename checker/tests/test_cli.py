import pytest

from checker.cli import EXIT_USAGE, UsageError, main, resolve


def _stack(tmp_path, grace="3m"):
    (tmp_path / "run").mkdir()
    (tmp_path / "run" / "services.ready").write_text("bootstrap.servers=127.0.0.1:29092\ns3.endpoint=http://127.0.0.1:29000\n")
    (tmp_path / "catalog").mkdir()
    (tmp_path / "catalog" / "iceberg.db").write_bytes(b"")
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "s3-credentials.properties").write_text("# local\naccess-key-id=ak\nsecret-access-key=sk\n")
    (tmp_path / "config" / "streams-app.properties").write_text(f"streams.application.id=my-app\nwindow.grace={grace}\nvalidation.currencies=EUR, CHF\n")
    return tmp_path


def test_data_dir_derives_every_setting(tmp_path):
    s = resolve(["--data-dir", str(_stack(tmp_path))], env={})
    assert s.bootstrap_servers == "127.0.0.1:29092"
    assert s.s3_endpoint == "http://127.0.0.1:29000"
    assert s.catalog_uri == str(tmp_path / "catalog" / "iceberg.db")
    assert (s.s3_access_key, s.s3_secret_key) == ("ak", "sk")
    assert s.streams_application_id == "my-app"
    assert s.rules.grace_ms == 180_000
    assert s.rules.currencies == {"EUR", "CHF"}


def test_explicit_flags_override_the_data_dir_and_env_gives_credentials(tmp_path):
    s = resolve(["--data-dir", str(_stack(tmp_path)), "--bootstrap-servers", "b:1", "--window-grace", "PT30S", "--settle-timeout", "0"],
                env={"LAKEHOUSE_S3_ACCESS_KEY": "env-ak", "LAKEHOUSE_S3_SECRET_KEY": "env-sk"})
    assert s.bootstrap_servers == "b:1"
    assert s.rules.grace_ms == 30_000
    assert (s.s3_access_key, s.s3_secret_key) == ("env-ak", "env-sk")
    assert s.settle_timeout_s == 0


def test_explicit_flags_alone():
    s = resolve(["--bootstrap-servers", "b:1", "--catalog-uri", "/x/iceberg.db", "--s3-endpoint", "http://s3", "--s3-access-key", "a",
                 "--s3-secret-key", "b", "--warehouse", "s3://w/h", "--json", "--live"], env={})
    assert (s.warehouse, s.as_json, s.live, s.strict) == ("s3://w/h", True, True, False)
    assert resolve(["--bootstrap-servers", "b:1", "--catalog-uri", "/x/iceberg.db", "--s3-endpoint", "http://s3", "--strict"], env={}).strict


@pytest.mark.parametrize("argv, names", [
    ([], "--bootstrap-servers"),
    (["--bootstrap-servers", "b:1"], "--catalog-uri"),
    (["--bootstrap-servers", "b:1", "--catalog-uri", "c", "--s3-endpoint", "e", "--dedup-window", "ten"], "--dedup-window"),
    (["--bootstrap-servers", "b:1", "--catalog-uri", "c", "--s3-endpoint", "e", "--kafka-property", "nokey"], "--kafka-property"),
])
def test_usage_errors_name_the_setting(argv, names):
    with pytest.raises(UsageError, match=names):
        resolve(argv, env={})


def test_stopped_stack_is_a_usage_error(tmp_path, capsys):
    (tmp_path / "catalog").mkdir()
    assert main(["--data-dir", str(tmp_path)]) == EXIT_USAGE
    assert "not running" in capsys.readouterr().err


def test_missing_catalog_file_exits_2_naming_the_setting(tmp_path, capsys):
    code = main(["--bootstrap-servers", "127.0.0.1:1", "--catalog-uri", str(tmp_path / "none.db"), "--s3-endpoint", "http://127.0.0.1:1",
                 "--settle-timeout", "0", "--kafka-timeout", "2s"])
    assert code == EXIT_USAGE
    assert "--catalog-uri" in capsys.readouterr().err


def test_unreachable_kafka_exits_2_naming_the_setting(tmp_path, capsys):
    from pyiceberg.catalog.sql import SqlCatalog

    db = tmp_path / "iceberg.db"
    SqlCatalog("lakehouse", uri=f"sqlite:///{db}", warehouse=f"file://{tmp_path}").create_namespace("lakehouse")
    code = main(["--bootstrap-servers", "127.0.0.1:1", "--catalog-uri", f"jdbc:sqlite:{db}", "--s3-endpoint", "http://127.0.0.1:1",
                 "--settle-timeout", "0", "--kafka-timeout", "2s"])
    assert code == EXIT_USAGE
    assert "--bootstrap-servers" in capsys.readouterr().err


def test_help_exits_0(capsys):
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "--data-dir" in out and "exit codes" in out
