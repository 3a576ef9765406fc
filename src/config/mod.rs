//! Configuration as data: the TOML file format, command-line overrides,
//! and validation into the `Settings` the rest of the server runs on.
//!
//! Parsing is strict (unknown keys are errors). Parsing and validation
//! collect every problem they find into one `Report`, each named by its key
//! and placed at its line in the file, so `check-config` reports them all at
//! once instead of one per run. Nothing here reads the certificates, keys
//! or directories the settings name: the load phase above (`server::load`)
//! does, once, and adds its problems to the same report.

mod acme;
mod client_auth;
mod compression;
mod file;
mod host;
mod parse;
mod proxy;
mod report;
mod resolve;
mod rules;
mod settings;
mod site;

pub use acme::{
    AcmeSettings, Challenge as AcmeChallenge, KeyType as AcmeKeyType,
    MAX_RETRY_INTERVAL as MAX_ACME_RETRY_INTERVAL,
};
pub use client_auth::{ClientAuth, ClientAuthMode, ClientCertHeaders};
pub use file::ConfigFile;
pub use host::normalize_host;
#[cfg(test)]
pub use proxy::UpstreamServer;
pub use proxy::{
    select_route, Balance, BasicAuth, HashKey, HealthCheck, Route, RouteTarget, StatusSet,
    Upstream, UpstreamAddress, UpstreamTls,
};
pub use report::Report;
use report::SourceMap;
pub use resolve::resolve;
pub use rules::{
    access_allows, AccessRule, HeaderRules, PathMatch, RateRule, Redirect, RuleAnswer, TryFile,
    Variables,
};
pub use settings::*;
pub use site::{certificate_covers, site_for, Site};

use std::path::Path;

/// Reads, parses and validates a configuration file (None: the built-in
/// defaults) with the command line's overrides. The report holds every
/// problem found; the settings are usable only when it has no errors.
pub fn load(path: Option<&Path>, overrides: &Overrides) -> (Settings, Report) {
    let (file, mut report) = match path {
        None => (ConfigFile::default(), Report::default()),
        Some(path) => match std::fs::read_to_string(path) {
            Ok(text) => parse::parse(path, &text),
            Err(e) => {
                let mut report = Report::for_file(SourceMap::new(path, "", Default::default()));
                report.error("", format!("cannot read: {e}"));
                (ConfigFile::default(), report)
            }
        },
    };
    let settings = resolve(file, overrides, &mut report);
    (settings, report)
}

/// Parses configuration text (as read from `path`) without validating
/// values: syntax, unknown keys and types, each placed at its line. For
/// tools and the fuzz target; `load` is what the server uses.
pub fn parse_text(path: &Path, text: &str) -> (ConfigFile, Report) {
    parse::parse(path, text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unreadable_file_is_one_error_naming_it() {
        let (_, report) = load(
            Some(Path::new("/nonexistent/t.toml")),
            &Overrides::default(),
        );
        let errors: Vec<String> = report.errors().map(ToString::to_string).collect();
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(
            errors[0].starts_with("/nonexistent/t.toml: cannot read"),
            "{errors:?}"
        );
    }
}
