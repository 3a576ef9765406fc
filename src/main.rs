//! tlsaccel: an HTTPS server and TLS-terminating web accelerator.
//!
//! This file is the command line only; the server is the library
//! (`src/lib.rs`), and `worker` is where its life begins.

use tlsaccel::{config, doctor, tls, worker};

use clap::{Parser, Subcommand};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "tlsaccel",
    version,
    about = "HTTPS server and TLS-terminating web accelerator"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Serve files over HTTPS (the default command).
    Serve(Box<ServeArgs>),
    /// Validate a configuration file and its certificates, like `nginx -t`.
    CheckConfig {
        /// The TOML configuration file.
        file: PathBuf,
    },
    /// Report what this kernel offers for kernel TLS offload, and how to fix what is missing.
    Doctor,
}

#[derive(clap::Args, Default)]
struct ServeArgs {
    /// TOML configuration file; options given here override it.
    #[arg(long, short = 'c')]
    config: Option<PathBuf>,
    /// Document root (default: ./public if it exists, else a built-in page).
    #[arg(long)]
    root: Option<PathBuf>,
    /// HTTPS listening address (default 127.0.0.1:8443); replaces configured TLS listeners.
    #[arg(long, value_name = "ADDR:PORT")]
    listen: Option<SocketAddr>,
    /// Plain HTTP listening address; replaces configured plain listeners.
    #[arg(long, value_name = "ADDR:PORT")]
    http_listen: Option<SocketAddr>,
    /// Certificate chain (PEM); needs --key. Default: self-signed for localhost.
    #[arg(long, requires = "key")]
    cert: Option<PathBuf>,
    /// Private key (PEM) for --cert.
    #[arg(long, requires = "cert")]
    key: Option<PathBuf>,
    /// Worker threads: "auto" (one per CPU) or a number.
    #[arg(long, value_name = "N|auto")]
    workers: Option<String>,
    /// Log level: error, warn, info, debug, trace.
    #[arg(long, value_name = "LEVEL")]
    log_level: Option<String>,
    /// Loopback address for the Prometheus metrics endpoint (GET /metrics).
    #[arg(long, value_name = "ADDR:PORT")]
    admin_listen: Option<SocketAddr>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli
        .command
        .unwrap_or_else(|| Command::Serve(Box::default()))
    {
        Command::Serve(args) => serve(*args),
        Command::CheckConfig { file } => check_config(&file),
        Command::Doctor => doctor::run(),
    }
}

fn fail(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("tlsaccel: {message}");
    ExitCode::from(1)
}

fn serve(args: ServeArgs) -> ExitCode {
    let overrides = config::Overrides {
        root: args.root,
        listen: args.listen,
        http_listen: args.http_listen,
        cert: args.cert,
        key: args.key,
        workers: args.workers,
        log_level: args.log_level,
        admin_listen: args.admin_listen,
    };
    let (settings, report) = validated(args.config.as_deref(), &overrides);
    if report.has_errors() {
        for e in report.errors() {
            eprintln!("tlsaccel: error: {e}");
        }
        return ExitCode::from(1);
    }
    init_logging(&settings.log_level);
    for w in report.warnings() {
        tracing::warn!("{w}");
    }
    match worker::run(settings) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(e),
    }
}

fn check_config(path: &Path) -> ExitCode {
    let (_, report) = validated(Some(path), &config::Overrides::default());
    for w in report.warnings() {
        eprintln!("warning: {w}");
    }
    if !report.has_errors() {
        println!("ok");
        return ExitCode::SUCCESS;
    }
    for e in report.errors() {
        eprintln!("error: {e}");
    }
    ExitCode::from(1)
}

/// The configuration with every problem in it: syntax, schema, values, and
/// the certificates it names (loaded here, so a key that does not match its
/// certificate is reported with the rest rather than at the next start).
fn validated(
    path: Option<&Path>,
    overrides: &config::Overrides,
) -> (config::Settings, config::Report) {
    let (settings, mut report) = config::load(path, overrides);
    let check = tls::check_certificates(&settings);
    for (pair, problem) in check.problems {
        report.error(problem.config_key(pair), problem.to_string());
    }
    for (key, name) in check.uncovered {
        report.warning(
            key,
            format!("\"{name}\" is not among the names of the site's certificates: clients will refuse it"),
        );
    }
    (settings, report)
}

fn init_logging(level: &str) {
    let level: tracing::Level = level.parse().unwrap_or(tracing::Level::INFO);
    tracing_subscriber::fmt()
        .with_max_level(level)
        .with_writer(std::io::stderr)
        .with_target(false)
        .with_ansi(false)
        .init();
}
