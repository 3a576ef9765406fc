//! A host name as the configuration matches it, from SNI, `Host` or
//! `:authority`: without its port and trailing dot, compared without case.
//! One rule for sites and routes alike, so a request that picks a site by
//! `example.com.:8443` also takes that site's routes for `example.com`.

/// A host without its port and trailing dot, case kept: `Example.COM.:80`
/// -> `Example.COM`; `[::1]:443` -> `[::1]`.
pub fn host_part(host: &str) -> &str {
    let without_port = match host.rfind(':') {
        Some(i) if host.starts_with('[') => {
            host[..i].strip_suffix(']').map_or(host, |_| &host[..i])
        }
        Some(i) if !host[..i].contains(':') => &host[..i],
        _ => host,
    };
    without_port.trim_end_matches('.')
}

/// A host name as sites and routes store it: lower case, no port, no
/// trailing dot.
pub fn normalize_host(host: &str) -> String {
    host_part(host).to_ascii_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_are_normalized() {
        assert_eq!(normalize_host("Example.COM:80"), "example.com");
        assert_eq!(normalize_host("example.com."), "example.com");
        assert_eq!(normalize_host("Example.COM.:8443"), "example.com");
        assert_eq!(normalize_host("[::1]:8443"), "[::1]");
        assert_eq!(normalize_host("[::1]"), "[::1]");
        assert_eq!(normalize_host("127.0.0.1:1"), "127.0.0.1");
        assert_eq!(host_part("Example.COM."), "Example.COM");
    }
}
