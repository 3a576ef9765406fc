"""The training load of the profile-guided build (scripts/pgo-train) runs
against the real binary and fails when the server does not answer as it
should, so a profile is never made of error pages. (The instrumented
build itself takes minutes longer than this suite may; `bench/run.sh`
runs scripts/build-pgo whole.)"""

import subprocess

from conftest import BINARY, REPO

TRAIN = REPO / "scripts" / "pgo-train"


def test_training_load_runs_against_the_release_binary():
    r = subprocess.run([str(TRAIN), str(BINARY), "1"], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]


def test_training_fails_when_a_load_gets_errors(tmp_path):
    # The same binary, serving a root that has only the file the start
    # check asks for: every other load gets 404s.
    root = tmp_path / "www"
    root.mkdir()
    (root / "0").write_bytes(b"")
    wrapper = tmp_path / "tlsaccel-wrong-root"
    wrapper.write_text(f'#!/bin/sh\nexec "{BINARY}" "$@" --root "{root}"\n')
    wrapper.chmod(0o755)
    r = subprocess.run([str(TRAIN), str(wrapper), "1"], capture_output=True, text=True, timeout=300)
    assert r.returncode == 1, r.stdout[-3000:] + r.stderr[-3000:]
    assert "scripts/pgo-train: wrk" in r.stderr and "Non-2xx or 3xx responses" in r.stderr, r.stderr[-3000:]
