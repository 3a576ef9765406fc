//! tlsaccel: an HTTPS server and TLS-terminating web accelerator.
//!
//! This file is the command line only; the server is the library
//! (`src/lib.rs`), and `worker` is where its life begins.

use tlsaccel::{config, doctor, logging, server};

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
    /// Ask a running server to reload its configuration (sends SIGHUP).
    Reload {
        /// The pid file the server writes (pid_file in its configuration).
        #[arg(long, value_name = "FILE")]
        pid_file: PathBuf,
    },
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
    /// Write the process id to FILE once serving (for `tlsaccel reload`).
    #[arg(long, value_name = "FILE")]
    pid_file: Option<PathBuf>,
    /// Serve as this user once listeners are bound and keys read (needed
    /// when started as root; "root" to stay root).
    #[arg(long, value_name = "NAME")]
    user: Option<String>,
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
        Command::Reload { pid_file } => reload(&pid_file),
    }
}

fn fail(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("tlsaccel: {message}");
    ExitCode::from(1)
}

fn serve(args: ServeArgs) -> ExitCode {
    let source = server::ConfigSource {
        path: args.config,
        overrides: config::Overrides {
            root: args.root,
            listen: args.listen,
            http_listen: args.http_listen,
            cert: args.cert,
            key: args.key,
            workers: args.workers,
            log_level: args.log_level,
            admin_listen: args.admin_listen,
            pid_file: args.pid_file,
            user: args.user,
        },
    };
    let (loaded, report) = server::load(&source);
    if report.has_errors() {
        for e in report.errors() {
            eprintln!("tlsaccel: error: {e}");
        }
        return ExitCode::from(1);
    }
    let settings = &loaded.settings;
    let error_log = match logging::init(&settings.log_level, settings.error_log.as_deref()) {
        Ok(file) => file,
        Err(e) => return fail(format!("log.error_log: {e}")),
    };
    for w in report.warnings() {
        tracing::warn!("{w}");
    }
    let logs_to_file = error_log.is_some();
    match server::run(loaded, source, error_log) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.said_already() => ExitCode::from(1),
        Err(e) => {
            if logs_to_file {
                tracing::error!("{e}");
            }
            fail(e)
        }
    }
}

fn check_config(path: &Path) -> ExitCode {
    let source = server::ConfigSource {
        path: Some(path.to_owned()),
        overrides: config::Overrides::default(),
    };
    let (_, report) = server::load(&source);
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

fn reload(pid_file: &Path) -> ExitCode {
    match server::signal_pid_file(pid_file, rustix::process::Signal::HUP) {
        Ok(pid) => {
            println!("sent SIGHUP to pid {pid}: the result is in its log (and in tlsaccel_reloads_total)");
            ExitCode::SUCCESS
        }
        Err(e) => fail(e),
    }
}
