"""dbt/bin/schedule.py on a fake dbt runner: failed runs back off and never stop the scheduler, and the
status file counts them. No engine needed."""

import importlib.util
import json
import pathlib
import types

import pytest

SCHEDULE = pathlib.Path(__file__).resolve().parent.parent / "bin" / "schedule.py"


@pytest.fixture
def schedule(monkeypatch):
    monkeypatch.chdir(SCHEDULE.parent)  # main() moves to the dbt folder; give the session its folder back
    monkeypatch.setenv("DBT_PROFILES_DIR", str(SCHEDULE.parent.parent))
    spec = importlib.util.spec_from_file_location("schedule", SCHEDULE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class FakeDbt:
    """Answers dbt invocations from a list of outcomes (True = success), then succeeds."""

    def __init__(self, outcomes):
        self.outcomes = list(outcomes)
        self.commands = []

    def invoke(self, args):
        self.commands.append(args[0])
        ok = self.outcomes.pop(0) if args[0] == "run" and self.outcomes else True
        return types.SimpleNamespace(success=ok, exception=None if ok else "Trino did not answer")


class FakeClock:
    """Time that moves only when the scheduler sleeps."""

    def __init__(self):
        self.now = 0.0
        self.sleeps = []

    def sleep(self, seconds):
        self.sleeps.append(seconds)
        self.now += seconds

    def __call__(self):
        return self.now


def test_failed_runs_back_off_and_the_scheduler_keeps_going(schedule, tmp_path):
    dbt, clock = FakeDbt([False] * 5 + [True]), FakeClock()
    status_file = tmp_path / "status.json"

    exit_code = schedule.main(["--interval", "15", "--max-backoff", "120", "--maintain-every", "0", "--runs", "7",
                               "--status-file", str(status_file)], runner=dbt, sleep=clock.sleep, clock=clock)

    assert exit_code == 0
    assert dbt.commands == ["run"] * 7
    # twice as long after each failure in a row, at most --max-backoff; back to the interval after a success
    assert clock.sleeps == [30, 60, 120, 120, 120, 15, 15]
    status = json.loads(status_file.read_text())
    assert (status["runs"], status["consecutive_failures"], status["failures_total"]) == (7, 0, 5)
    assert status["last_error"] == "Trino did not answer"
    assert status["last_success_at"] is not None


def test_the_status_file_counts_failures_in_a_row_while_they_last(schedule, tmp_path):
    dbt, clock = FakeDbt([True, False, False]), FakeClock()
    status_file = tmp_path / "status.json"

    schedule.main(["--interval", "300", "--maintain-every", "0", "--runs", "3", "--status-file", str(status_file)],
                  runner=dbt, sleep=clock.sleep, clock=clock)

    status = json.loads(status_file.read_text())
    assert (status["consecutive_failures"], status["failures_total"]) == (2, 2)
    assert status["last_failure_at"] >= status["last_success_at"]
    assert clock.sleeps == [300, 600, 900]


def test_a_failed_maintenance_is_counted_and_does_not_stop_the_runs(schedule, tmp_path):
    class MaintenanceFails(FakeDbt):
        def invoke(self, args):
            if args[0] == "run-operation":
                self.commands.append(args[0])
                return types.SimpleNamespace(success=False, exception="OPTIMIZE failed")
            return super().invoke(args)

    dbt, clock = MaintenanceFails([]), FakeClock()
    status_file = tmp_path / "status.json"

    schedule.main(["--interval", "15", "--maintain-every", "15", "--runs", "3", "--status-file", str(status_file)],
                  runner=dbt, sleep=clock.sleep, clock=clock)

    # the first maintenance is due one --maintain-every after the start
    assert dbt.commands == ["run", "run", "run-operation", "run", "run-operation"]
    assert json.loads(status_file.read_text())["maintenance_failures_total"] == 2


def test_a_backoff_shorter_than_the_interval_is_refused(schedule):
    with pytest.raises(SystemExit) as exit_info:
        schedule.parse_args(["--interval", "300", "--max-backoff", "60"])
    assert exit_info.value.code == 2
