"""Kernel TLS on a kernel without it (this machine): `ktls = "on"` refuses to
start, `auto` serves in user space and says why once, `doctor` names the
fix, and the metrics endpoint shows user-space encryption. The offload
itself is tested under a kTLS kernel: tests/ktls, run by scripts/ktls-vm."""

import gzip
import os
import re
import subprocess

import pytest

from conftest import BINARY, config_file, curl

pytestmark = pytest.mark.skipif(
    os.path.exists("/proc/net/tls_stat"), reason="this kernel has kTLS: see tests/ktls"
)


def test_ktls_on_refuses_to_start(tmp_path, docroot):
    cfg = config_file(tmp_path, docroot, extra='[tls]\nktls = "on"\n')
    r = subprocess.run([str(BINARY), "serve", "--config", str(cfg)], capture_output=True, timeout=30)
    assert r.returncode == 1
    err = r.stderr.decode()
    assert 'tls.ktls = "on" but the kernel cannot offload' in err and "modprobe tls" in err, err
    assert err.count("\n") == 1, err


def test_ktls_auto_serves_in_user_space_and_says_so_once(start, docroot):
    s = start("serve", "--root", str(docroot), "--listen", "127.0.0.1:0", "--admin-listen", "127.0.0.1:0")
    log = s.log_text()
    assert log.count("kTLS: nothing offloaded") == 1 and "modprobe tls" in log, log
    body = curl("-k", s.url(f"/f{1 << 20}.bin")).stdout
    assert body == (docroot / f"f{1 << 20}.bin").read_bytes()
    m = s.metrics()
    assert m['tlsaccel_ktls_offloaded_total{direction="tx"}'] == 0
    assert m["tlsaccel_tls_handshakes_total"] == 1
    # The body and its head were encrypted in user space; nothing went by sendfile.
    assert m["tlsaccel_tls_userspace_encrypted_bytes_total"] > 1 << 20
    assert m['tlsaccel_sendfile_bytes_total{transport="ktls"}'] == 0


def test_plain_http_uses_sendfile_past_the_kept_contents(start, docroot):
    """Files the open-file cache keeps in memory (16 KiB by default) leave
    behind their head in one write; larger ones by sendfile()."""
    s = start("serve", "--root", str(docroot), "--http-listen", "127.0.0.1:0", "--listen", "127.0.0.1:0",
              "--admin-listen", "127.0.0.1:0")
    for size in (1, 16384, 16385, 1 << 20):
        for _ in range(2):
            assert curl(s.url(f"/f{size}.bin", "http")).stdout == (docroot / f"f{size}.bin").read_bytes()
    assert s.metrics()['tlsaccel_sendfile_bytes_total{transport="plain"}'] == 2 * (16385 + (1 << 20))


def test_ktls_off_is_quiet_about_the_kernel(start, docroot, tmp_path):
    cfg = config_file(tmp_path, docroot, extra='[tls]\nktls = "off"\n')
    s = start("serve", "--config", str(cfg))
    assert 'kTLS: off (tls.ktls = "off")' in s.log_text()
    assert curl("-k", s.url("/f1.bin")).stdout == (docroot / "f1.bin").read_bytes()


def kernel_config_tls():
    """CONFIG_TLS of the running kernel ("y", "m", "n"), None if no configuration is readable."""
    for path in ["/proc/config.gz", f"/boot/config-{os.uname().release}"]:
        try:
            with (gzip.open(path) if path.endswith(".gz") else open(path, "rb")) as f:
                text = f.read().decode()
        except OSError:
            continue
        m = re.search(r"^CONFIG_TLS=(\w)", text, re.M)
        return m.group(1) if m else "n"
    return None


@pytest.mark.skipif(os.path.exists("/proc/net/tls_stat"), reason="this kernel has kTLS")
def test_doctor_names_the_fix():
    r = subprocess.run([str(BINARY), "doctor"], capture_output=True, timeout=30)
    out = r.stdout.decode()
    assert r.returncode == 1
    assert "TLSv1_3 AES-256-GCM" in out and "TX no" in out
    assert "verdict: kTLS is not fully usable here" in out
    build = kernel_config_tls()
    if build == "n":
        assert "CONFIG_TLS: not set" in out
        assert "fix: this kernel was built without CONFIG_TLS" in out
        assert "modprobe" not in out
    elif build == "m":
        assert "CONFIG_TLS: module (m)" in out
        assert "fix: the tls module is not loaded" in out and "run `modprobe tls`" in out
    else:
        assert "modprobe tls" in out


def test_admin_listener_must_be_loopback(tmp_path):
    cfg = tmp_path / "a.toml"
    cfg.write_text('[admin]\nlisten = "0.0.0.0:9100"\n')
    r = subprocess.run([str(BINARY), "check-config", str(cfg)], capture_output=True, timeout=30)
    assert r.returncode == 1 and "admin.listen: 0.0.0.0:9100 must be a loopback address" in r.stderr.decode()
