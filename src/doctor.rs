//! `tlsaccel doctor`: what this kernel and process can do for kTLS, each
//! problem with the command that fixes it. Exit 0 when every version and
//! cipher can be offloaded in both directions, 1 otherwise (tlsaccel still
//! serves then, with user-space TLS where the kernel cannot).

use crate::tls::ktls::{self, KernelCipher};
use rustls::ProtocolVersion;
use std::process::ExitCode;

fn kernel_release() -> String {
    rustix::system::uname()
        .release()
        .to_string_lossy()
        .into_owned()
}

fn open_file_limit() -> (u64, u64) {
    let lim = rustix::process::getrlimit(rustix::process::Resource::Nofile);
    (
        lim.current.unwrap_or(u64::MAX),
        lim.maximum.unwrap_or(u64::MAX),
    )
}

/// Whether this kernel was built with kernel TLS (`CONFIG_TLS`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TlsBuild {
    BuiltIn,
    Module,
    Absent,
    Unknown,
}

/// `CONFIG_TLS` from a kernel configuration's text.
fn tls_build_from_config(config: &str) -> TlsBuild {
    for line in config.lines() {
        match line.trim() {
            "CONFIG_TLS=y" => return TlsBuild::BuiltIn,
            "CONFIG_TLS=m" => return TlsBuild::Module,
            "# CONFIG_TLS is not set" => return TlsBuild::Absent,
            _ => {}
        }
    }
    TlsBuild::Absent
}

/// Asks the kernel's configuration (`/proc/config.gz`, then
/// `/boot/config-RELEASE`), then `modinfo`; says which one answered.
fn tls_build(release: &str) -> (TlsBuild, String) {
    let gunzipped = std::process::Command::new("gzip")
        .args(["-dc", "/proc/config.gz"])
        .stderr(std::process::Stdio::null())
        .output()
        .ok()
        .filter(|out| out.status.success())
        .map(|out| String::from_utf8_lossy(&out.stdout).into_owned());
    if let Some(config) = gunzipped {
        return (tls_build_from_config(&config), "/proc/config.gz".into());
    }
    let boot = format!("/boot/config-{release}");
    if let Ok(config) = std::fs::read_to_string(&boot) {
        return (tls_build_from_config(&config), boot);
    }
    // modinfo prints the module's file, "(builtin)", or fails: not found.
    match std::process::Command::new("modinfo")
        .args(["-F", "filename", "tls"])
        .output()
    {
        Ok(out) if out.status.success() => {
            let filename = String::from_utf8_lossy(&out.stdout);
            let build = if filename.trim() == "(builtin)" {
                TlsBuild::BuiltIn
            } else {
                TlsBuild::Module
            };
            (build, "modinfo tls".into())
        }
        Ok(_) => (TlsBuild::Absent, "modinfo tls".into()),
        Err(_) => (
            TlsBuild::Unknown,
            "no kernel configuration or modinfo".into(),
        ),
    }
}

/// What to do when the tls upper-layer protocol cannot be attached.
fn ulp_missing_fix(build: TlsBuild, source: &str) -> String {
    match build {
        TlsBuild::Module => format!(
            "the tls module is not loaded ({source}: CONFIG_TLS=m): run `modprobe tls` as root, and add \"tls\" to /etc/modules-load.d/tls.conf to load it at boot"
        ),
        TlsBuild::Absent => format!(
            "this kernel was built without CONFIG_TLS ({source}), so there is no module to load: kernel TLS needs a kernel built with CONFIG_TLS=m or =y (Debian's and most distributions' kernels are); until then tlsaccel serves with user-space TLS"
        ),
        TlsBuild::BuiltIn => format!(
            "the kernel has TLS built in ({source}: CONFIG_TLS=y) but refuses the tls ULP: check /proc/sys/net/ipv4/tcp_available_ulp and whether a security module blocks it"
        ),
        TlsBuild::Unknown => "the tls module is not loaded: run `modprobe tls`; if no such module exists, this kernel was built without CONFIG_TLS and cannot offload".into(),
    }
}

pub fn run() -> ExitCode {
    let mut fixes: Vec<String> = Vec::new();
    let release = kernel_release();
    println!("kernel: {release}");
    let (build, build_source) = tls_build(&release);
    println!(
        "CONFIG_TLS: {} (from {build_source})",
        match build {
            TlsBuild::BuiltIn => "built in (y)",
            TlsBuild::Module => "module (m)",
            TlsBuild::Absent => "not set",
            TlsBuild::Unknown => "unknown",
        }
    );

    let ulps = std::fs::read_to_string("/proc/sys/net/ipv4/tcp_available_ulp").unwrap_or_default();
    let ulp_listed = ulps.split_whitespace().any(|u| u == "tls");
    println!(
        "tls ULP: {} (tcp_available_ulp: \"{}\")",
        if ulp_listed {
            "available"
        } else {
            "not loaded"
        },
        ulps.trim()
    );

    let support = ktls::probe();
    let mut all = true;
    for version in [ProtocolVersion::TLSv1_2, ProtocolVersion::TLSv1_3] {
        for cipher in KernelCipher::ALL {
            let (tx, rx) = support
                .combos
                .iter()
                .find(|(v, c, _, _)| *v == version && *c == cipher)
                .map(|&(_, _, tx, rx)| (tx, rx))
                .unwrap_or((false, false));
            all &= tx && rx;
            let yn = |b: bool| if b { "yes" } else { "no" };
            println!(
                "{version:?} {:<18} TX {:<3} RX {}",
                cipher.name(),
                yn(tx),
                yn(rx)
            );
        }
    }
    if !support.anything() {
        if support.ulp_error.as_ref().and_then(|e| e.raw_os_error()) == Some(libc::ENOENT) {
            fixes.push(ulp_missing_fix(build, &build_source));
        } else {
            fixes.push(support.why_not());
        }
    } else if !all {
        fixes.push("some ciphers cannot be offloaded: load the crypto modules (modprobe gcm aesni_intel chacha20poly1305) or use a newer kernel; they stay in user space meanwhile".into());
    }
    println!(
        "TLS_TX_ZEROCOPY_RO: {}",
        match (support.tx_zerocopy, support.anything()) {
            (true, _) => "available (opt in with tls.ktls_tx_zerocopy = true)",
            (false, true) => "not available (needs Linux 5.19+)",
            (false, false) => "not available (no kTLS)",
        }
    );

    match std::fs::read_to_string("/proc/net/tls_stat") {
        Ok(stat) => {
            println!("/proc/net/tls_stat:");
            for line in stat.lines() {
                println!(
                    "  {}",
                    line.split_whitespace().collect::<Vec<_>>().join(" ")
                );
            }
        }
        Err(_) => println!("/proc/net/tls_stat: absent (no tls module)"),
    }

    let (soft, hard) = open_file_limit();
    println!("open files: soft {soft}, hard {hard} (tlsaccel raises soft to hard at start)");
    if hard < 65_536 {
        fixes.push(format!(
            "the open-file limit ({hard}) is low for a busy server: raise it with `ulimit -Hn 65536` as root, or LimitNOFILE=65536 in the systemd unit"
        ));
    }

    if all {
        println!("verdict: kTLS is fully usable: every TLS version and cipher can be offloaded in both directions");
    } else {
        println!("verdict: kTLS is not fully usable here");
    }
    for fix in &fixes {
        println!("fix: {fix}");
    }
    if all {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn config_tls_is_read_from_a_kernel_configuration() {
        let config = "CONFIG_INET=y\nCONFIG_TLS=m\nCONFIG_TLS_DEVICE=y\n";
        assert_eq!(tls_build_from_config(config), TlsBuild::Module);
        assert_eq!(tls_build_from_config("CONFIG_TLS=y\n"), TlsBuild::BuiltIn);
        assert_eq!(
            tls_build_from_config("# CONFIG_TLS is not set\n"),
            TlsBuild::Absent
        );
        assert_eq!(tls_build_from_config("CONFIG_INET=y\n"), TlsBuild::Absent);
        assert!(ulp_missing_fix(TlsBuild::Module, "x").contains("modprobe tls"));
        assert!(!ulp_missing_fix(TlsBuild::Absent, "x").contains("modprobe"));
    }
}
