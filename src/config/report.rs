//! Problems found in a configuration, each named by its key path
//! (`listener[0].address`) and, when the key comes from a file, placed at
//! its line and column: `FILE:LINE:COLUMN: key: message`, the form editors
//! and compilers use. Errors stop the server from starting; warnings are
//! printed and let it start.

use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
}

/// Where in a file a problem is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    pub file: PathBuf,
    /// 1-based, as editors count.
    pub line: usize,
    pub column: usize,
}

#[derive(Debug, Clone)]
pub struct Problem {
    pub severity: Severity,
    /// The key path (`upstream[1].servers[0].address`), a command-line
    /// option (`--cert`), or empty for a problem with the file as a whole.
    pub key: String,
    pub message: String,
    /// The file alone when the key is not in it (a default, or a file that
    /// could not be read); None for command-line options.
    pub file: Option<PathBuf>,
    pub location: Option<Location>,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.location, &self.file) {
            (Some(at), _) => write!(f, "{}:{}:{}: ", at.file.display(), at.line, at.column)?,
            (None, Some(file)) => write!(f, "{}: ", file.display())?,
            (None, None) => {}
        }
        if !self.key.is_empty() {
            write!(f, "{}: ", self.key)?;
        }
        f.write_str(&self.message)
    }
}

/// The text of a configuration file and where each key path is in it.
#[derive(Debug, Default)]
pub struct SourceMap {
    path: PathBuf,
    line_starts: Vec<usize>,
    /// Key path to the byte range of its value (of the whole table for
    /// a `[[section]]` element).
    spans: BTreeMap<String, Range<usize>>,
}

impl SourceMap {
    pub fn new(path: &Path, text: &str, spans: BTreeMap<String, Range<usize>>) -> SourceMap {
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        SourceMap {
            path: path.to_path_buf(),
            line_starts,
            spans,
        }
    }

    pub fn location_of(&self, offset: usize) -> Location {
        let line = self.line_starts.partition_point(|&start| start <= offset);
        Location {
            file: self.path.clone(),
            line,
            column: offset - self.line_starts[line.saturating_sub(1)] + 1,
        }
    }

    /// The place of a key path, or of its nearest enclosing key that the
    /// file has (a missing `address` is reported at its `[[listener]]`).
    fn locate(&self, key: &str) -> Option<Location> {
        let mut key = key;
        loop {
            if let Some(span) = self.spans.get(key) {
                return Some(self.location_of(span.start));
            }
            key = &key[..key.rfind(['.', '['])?];
        }
    }
}

/// Every problem found while reading and validating one configuration.
#[derive(Debug, Default)]
pub struct Report {
    source: Option<SourceMap>,
    problems: Vec<Problem>,
    /// Keys dropped while parsing (wrong type, unknown): validation does
    /// not report again what follows from their absence.
    dropped: Vec<String>,
}

impl Report {
    pub fn for_file(source: SourceMap) -> Report {
        Report {
            source: Some(source),
            ..Report::default()
        }
    }

    /// The 1-based line of a byte offset of the file (0 without a file).
    pub(super) fn line_of(&self, offset: usize) -> usize {
        self.source
            .as_ref()
            .map_or(0, |source| source.location_of(offset).line)
    }

    pub fn error(&mut self, key: impl Into<String>, message: impl Into<String>) {
        let key = key.into();
        if !self.dropped.iter().any(|d| is_within(&key, d)) {
            self.push(Severity::Error, key, message.into(), None);
        }
    }

    pub fn warning(&mut self, key: impl Into<String>, message: impl Into<String>) {
        self.push(Severity::Warning, key.into(), message.into(), None);
    }

    /// A problem the parser placed itself (syntax, type, unknown key).
    pub(super) fn parse_error(&mut self, key: String, message: String, offset: Option<usize>) {
        if !key.is_empty() {
            self.dropped.push(key.clone());
        }
        self.push(Severity::Error, key, message, offset);
    }

    fn push(&mut self, severity: Severity, key: String, message: String, offset: Option<usize>) {
        let is_option = key.starts_with("--");
        let (file, location) = match &self.source {
            Some(source) if !is_option => (
                Some(source.path.clone()),
                offset
                    .map(|o| source.location_of(o))
                    .or_else(|| source.locate(&key)),
            ),
            _ => (None, None),
        };
        let problem = Problem {
            severity,
            key,
            message,
            file,
            location,
        };
        if !self
            .problems
            .iter()
            .any(|p| p.to_string() == problem.to_string())
        {
            self.problems.push(problem);
        }
    }

    pub fn has_errors(&self) -> bool {
        self.errors().next().is_some()
    }

    /// The errors in the order of the file (those without a line first).
    pub fn errors(&self) -> impl Iterator<Item = &Problem> {
        self.in_file_order(Severity::Error)
    }

    pub fn warnings(&self) -> impl Iterator<Item = &Problem> {
        self.in_file_order(Severity::Warning)
    }

    fn in_file_order(&self, severity: Severity) -> impl Iterator<Item = &Problem> {
        let mut selected: Vec<&Problem> = self
            .problems
            .iter()
            .filter(|p| p.severity == severity)
            .collect();
        selected.sort_by_key(|p| p.location.as_ref().map(|at| (at.line, at.column)));
        selected.into_iter()
    }
}

/// `a.b[2].c` is within `a.b[2]` and `a.b`, not within `a.bc`.
fn is_within(key: &str, outer: &str) -> bool {
    key.strip_prefix(outer)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with(['.', '[']))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_become_lines_and_columns() {
        let map = SourceMap::new(Path::new("t.toml"), "a = 1\nbb = 2\n", BTreeMap::new());
        assert_eq!((map.location_of(0).line, map.location_of(0).column), (1, 1));
        assert_eq!((map.location_of(6).line, map.location_of(6).column), (2, 1));
        assert_eq!(
            (map.location_of(11).line, map.location_of(11).column),
            (2, 6)
        );
    }

    #[test]
    fn missing_keys_are_placed_at_their_section() {
        let spans = BTreeMap::from([("listener[1]".to_string(), 20..40)]);
        let text = "x = 1\n".repeat(10);
        let mut report = Report::for_file(SourceMap::new(Path::new("t.toml"), &text, spans));
        report.error("listener[1].address", "required");
        report.error("--cert", "needs --key");
        let shown: Vec<String> = report.errors().map(ToString::to_string).collect();
        assert_eq!(
            shown,
            [
                "--cert: needs --key",
                "t.toml:4:3: listener[1].address: required"
            ]
        );
    }

    #[test]
    fn nothing_is_reported_twice_or_under_a_dropped_key() {
        let mut report = Report::default();
        report.parse_error("route[0].upstream".into(), "invalid type".into(), None);
        report.error("route[0].upstream", "no [[upstream]] named \"\"");
        report.error("route[0].upstream", "no [[upstream]] named \"\"");
        report.error("route[0].prefix", "required");
        report.error("route[0].prefix", "required");
        let shown: Vec<String> = report.errors().map(ToString::to_string).collect();
        assert_eq!(
            shown,
            [
                "route[0].upstream: invalid type",
                "route[0].prefix: required"
            ]
        );
        assert!(is_within("a.b[2].c", "a.b"));
        assert!(!is_within("a.bc", "a.b"));
    }
}
