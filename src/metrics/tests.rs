use super::*;
use crate::metrics::history::History;

struct OneServer;

impl BackEnds for OneServer {
    fn servers(&self) -> Vec<ServerFacts> {
        vec![ServerFacts {
            upstream: "app".into(),
            server: "127.0.0.1:9".into(),
            checked: true,
            up: false,
            last_check: Some(CheckFacts {
                at: SystemTime::now(),
                ok: false,
                detail: "connection refused".into(),
            }),
            requests: 3,
            failures: 1,
            active: 0,
            idle: 1,
            responses: 2,
            response_time_us: 3_000,
        }]
    }
}

struct OneCertificate;

impl CertificateOrders for OneCertificate {
    fn orders(&self) -> (u64, u64) {
        (2, 1)
    }
    fn issued(&self) -> Vec<CertificateFacts> {
        let in_a_day = status::unix_now() as i64 + 86_400;
        vec![CertificateFacts {
            site: "a.test".into(),
            origin: "acme".into(),
            names: vec!["a.test".into()],
            not_after: Some(in_a_day),
            id: "0A1B".into(),
        }]
    }
}

fn two_workers() -> AllMetrics {
    let a = Arc::new(WorkerMetrics::default());
    let sites = a.site_counters(&["a.test", "default"]);
    let b = Arc::new(WorkerMetrics::default());
    WorkerMetrics::site_request(&sites[1]);
    sites[1].responded(404, 150);
    WorkerMetrics::add(&a.sendfile_bytes_ktls, 42);
    b.fallback(Fallback::DataBuffered);
    b.handshake_failed(HandshakeFailure::Timeout);
    b.tls_session(0, false);
    a.tls_session(0, true);
    // After a reload that drops a.test and adds b.test: counts kept.
    let reloaded = a.site_counters(&["b.test", "default"]);
    WorkerMetrics::site_request(&reloaded[1]);
    reloaded[1].responded(200, 50);
    let process = Arc::new(ProcessMetrics::new(None, vec![Some(0), Some(1)]));
    process.configured(true, Vec::new());
    WorkerMetrics::add(&process.reloads_failed, 1);
    AllMetrics {
        workers: vec![a, b],
        process,
        upstreams: Arc::new(OneServer),
        acme: Arc::new(OneCertificate),
    }
}

#[test]
fn renders_labelled_counters_per_worker() {
    let text = render(&two_workers());
    assert!(text.contains("tlsaccel_acme_orders_total{result=\"issued\"} 2\n"));
    assert!(text.contains("tlsaccel_acme_orders_total{result=\"failed\"} 1\n"));
    assert!(
        text.contains(
            "tlsaccel_acme_certificate_expiry_seconds{site=\"a.test\",serial=\"0A1B\"} 86400\n"
        ) || text.contains(
            "tlsaccel_acme_certificate_expiry_seconds{site=\"a.test\",serial=\"0A1B\"} 86399\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("tlsaccel_reloads_total{result=\"ok\"} 0\n"),
        "{text}"
    );
    assert!(text.contains("tlsaccel_reloads_total{result=\"failed\"} 1\n"));
    assert!(text.contains("tlsaccel_requests_total{worker=\"0\",site=\"b.test\"} 0\n"));
    assert!(
        text.contains("tlsaccel_sendfile_bytes_total{worker=\"0\",transport=\"ktls\"} 42\n"),
        "{text}"
    );
    assert!(text.contains(
        "tlsaccel_ktls_fallbacks_total{worker=\"1\",reason=\"data_buffered_at_handshake_end\"} 1\n"
    ));
    assert!(text.contains("# TYPE tlsaccel_requests_total counter\n"));
    assert!(text.contains("tlsaccel_requests_total{worker=\"0\",site=\"a.test\"} 0\n"));
    assert!(text.contains("tlsaccel_requests_total{worker=\"0\",site=\"default\"} 2\n"));
    assert!(
        text.contains("tlsaccel_responses_total{worker=\"0\",site=\"default\",class=\"4xx\"} 1\n")
    );
    assert!(
        text.contains("tlsaccel_response_body_bytes_total{worker=\"0\",site=\"default\"} 200\n")
    );
    assert!(text.contains("tlsaccel_tls_handshake_failures_total{worker=\"1\"} 1\n"));
    assert!(text.contains(
        "tlsaccel_tls_handshake_failures_by_reason_total{worker=\"1\",reason=\"timeout\"} 1\n"
    ));
    assert!(text.contains("tlsaccel_tls_connections_total{worker=\"0\",version=\"TLSv1.3\",cipher=\"TLS_AES_256_GCM_SHA384\",record_layer=\"kernel\"} 1\n"));
    assert!(text.contains("tlsaccel_upstream_up{upstream=\"app\",server=\"127.0.0.1:9\"} 0\n"));
    assert!(text.contains(
        "tlsaccel_upstream_response_seconds_sum{upstream=\"app\",server=\"127.0.0.1:9\"} 0.003\n"
    ));
    assert!(text.contains("tlsaccel_configuration_generation 1\n"));
}

#[test]
fn status_json_sums_workers_and_groups_servers() {
    let all = two_workers();
    let v = status::snapshot(&all, &History::default());
    assert_eq!(v["schema"], "tlsaccel-status/1");
    assert_eq!(v["process"]["configuration"]["generation"], 1);
    assert_eq!(v["process"]["workers"][1]["cpu"], 1);
    assert_eq!(v["ktls"]["available"], true);
    assert_eq!(v["ktls"]["by_cipher"][0]["kernel"], 1);
    assert_eq!(v["ktls"]["by_cipher"][0]["user_space"], 1);
    assert_eq!(v["ktls"]["fallbacks"]["data_buffered_at_handshake_end"], 1);
    assert_eq!(v["tls"]["failures"]["timeout"], 1);
    assert_eq!(v["traffic"]["responses"]["4xx"], 1);
    assert_eq!(v["traffic"]["responses"]["2xx"], 1);
    let sites = v["sites"].as_array().unwrap();
    let names: Vec<&str> = sites.iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["a.test", "default", "b.test"]);
    assert_eq!(sites[1]["requests"], 2);
    assert_eq!(sites[1]["body_bytes"], 200);
    let days = sites[0]["certificates"][0]["days_left"].as_f64().unwrap();
    assert!((days - 1.0).abs() < 0.01, "{days}");
    let server = &v["upstreams"][0]["servers"][0];
    assert_eq!(v["upstreams"][0]["name"], "app");
    assert_eq!(server["up"], false);
    assert_eq!(server["last_check"]["detail"], "connection refused");
    assert_eq!(server["mean_response_ms"], 1.5);
}

#[test]
fn status_classes() {
    assert_eq!(StatusClass::of(101).index(), 0);
    assert_eq!(StatusClass::of(204).index(), 1);
    assert_eq!(StatusClass::of(308).index(), 2);
    assert_eq!(StatusClass::of(499).index(), 3);
    assert_eq!(StatusClass::of(503).index(), 4);
    assert_eq!(StatusClass::of(0).index(), 4);
    assert_eq!(StatusClass::of(999).index(), 4);
}
