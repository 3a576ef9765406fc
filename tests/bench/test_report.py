"""bench/report.py's `--replace`: a section measured again takes the place
of the run's own, in the same place, and the report says so; a run of
another build is refused."""

import json

import pytest
import report


def row(section, key, values):
    return dict(section=section, key=key, label=key, unit="ms", better="lower", values=values,
                target=None, reference=None)


def run(date, git, build, rows):
    return {"meta": {"date": date, "quick": False, "tlsaccel": git, "tlsaccel_build": build}, "rows": rows}


FULL = run("2026-11-29 01:32 UTC", "8bf1f79", "profile-guided", [
    row("rps", "rps/http/0kb/w1", {"tlsaccel": [1.0], "nginx": [2.0]}),
    row("latency", "latency/https/p99", {"tlsaccel": [5121.0], "nginx": [6.7]}),
    row("latency", "latency/https/p50", {"tlsaccel": [4161.0], "nginx": [0.28]}),
    row("proxy", "proxy/https/1kb", {"tlsaccel": [3.0], "nginx": [4.0]}),
])


def test_a_section_measured_again_replaces_the_runs_own(tmp_path):
    again = run("2026-11-29 02:48 UTC", "0123abc", "profile-guided", [
        row("latency", "latency/https/p99", {"tlsaccel": [1.5], "nginx": [2.2]}),
        row("latency", "latency/https/p50", {"tlsaccel": [0.23], "nginx": [0.26]}),
        row("rps", "rps/http/0kb/w1", {"tlsaccel": [9.0], "nginx": [9.0]}),
    ])
    (tmp_path / "results.json").write_text(json.dumps(again))
    merged = report.replace_section(FULL, "latency", tmp_path)
    assert [(r["section"], r["values"]["tlsaccel"]) for r in merged["rows"]] == [
        ("rps", [1.0]), ("latency", [1.5]), ("latency", [0.23]), ("proxy", [3.0])]
    assert merged["meta"]["remeasured"] == ("latency: its rows from a run of that section alone, "
                                            "2026-11-29 02:48 UTC (git 0123abc)")
    assert FULL["rows"][1]["values"]["tlsaccel"] == [5121.0], "the run's own results are left as they were"
    text = report.report_text(merged, [])
    assert "| measured again | latency: its rows from a run of that section alone" in text
    assert "5,121" not in text and "5121" not in text


def test_a_run_of_another_build_or_section_is_refused(tmp_path):
    (tmp_path / "results.json").write_text(json.dumps(run("d", "g", "cargo build --release", [
        row("latency", "latency/https/p99", {"tlsaccel": [1.5], "nginx": [2.2]})])))
    with pytest.raises(SystemExit, match="another build"):
        report.replace_section(FULL, "latency", tmp_path)
    with pytest.raises(SystemExit, match="no section 'latncy'"):
        report.replace_section(FULL, "latncy", tmp_path)
    with pytest.raises(SystemExit, match="has no proxy rows"):
        report.replace_section(FULL, "proxy", tmp_path)
