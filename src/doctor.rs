//! `tlsaccel doctor`: what this kernel and process can do for kTLS, each
//! problem with the command that fixes it. Exit 0 when every version and
//! cipher can be offloaded in both directions.

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

pub fn run() -> ExitCode {
    let mut fixes: Vec<String> = Vec::new();
    println!("kernel: {}", kernel_release());

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
            fixes.push("the tls module is not loaded: run `modprobe tls` (and add \"tls\" to /etc/modules-load.d/tls.conf to load it at boot); a kernel built without CONFIG_TLS cannot offload".into());
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
