//! A configuration file into the schema of `file.rs`, collecting every
//! syntax error, unknown key and wrong type in one run rather than one per
//! attempt: the document is parsed with spans (recovering from syntax
//! errors), then deserialized; each key the schema refuses is reported at
//! its place and taken out, and deserialization runs again, until the rest
//! of the file is accepted. Validation then sees everything that was valid.

use super::file::ConfigFile;
use super::report::{Report, SourceMap};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::ops::Range;
use std::path::Path;
use toml::de::{DeTable, DeValue};
use toml::Spanned;

/// A file has far fewer keys than this; the bound only guarantees an end.
const MAX_REFUSED_KEYS: usize = 256;

/// One `key = value` of some table, with its full key path.
struct Entry {
    path: String,
    key: Range<usize>,
    value: Range<usize>,
}

/// Parses `text` (read from `path`) into the schema; the report holds
/// every problem found, each placed at its line and column.
pub fn parse(path: &Path, text: &str) -> (ConfigFile, Report) {
    let (document, syntax_errors) = DeTable::parse_recoverable(text);
    let mut entries = Vec::new();
    let mut spans = BTreeMap::new();
    index_table(document.get_ref(), "", &mut entries, &mut spans);
    let mut report = Report::for_file(SourceMap::new(path, text, spans));

    let mut working = document;
    let mut lines_with_errors = Vec::new();
    for e in &syntax_errors {
        let at = e.span().map(|s| s.start);
        let line = at.map(|at| report.line_of(at));
        if line.is_some() && lines_with_errors.contains(&line) {
            continue; // the first error of a line explains the rest
        }
        lines_with_errors.push(line);
        // The key on that line: reported as its place, and its recovered
        // value taken out so validation does not judge a half-parsed value.
        let entry = line.and_then(|line| {
            entries
                .iter()
                .find(|entry| report.line_of(entry.key.start) == line)
        });
        match entry {
            Some(entry) => {
                report.parse_error(entry.path.clone(), e.message().trim_end().to_string(), at);
                remove_value(working.get_mut(), &entry.value);
            }
            None => report.parse_error(String::new(), e.message().trim_end().to_string(), at),
        }
    }

    for _ in 0..MAX_REFUSED_KEYS {
        let refused = match ConfigFile::deserialize(toml::de::Deserializer::from(working.clone())) {
            Ok(file) => return (file, report),
            Err(e) => e,
        };
        let message = refused.message().trim_end().to_string();
        let entry = refused
            .span()
            .and_then(|span| innermost_entry(&entries, span));
        let Some(entry) = entry else {
            report.parse_error(String::new(), message, refused.span().map(|s| s.start));
            break;
        };
        let at = refused.span().map_or(entry.key.start, |s| s.start);
        report.parse_error(entry.path.clone(), message, Some(at));
        if !remove_value(working.get_mut(), &entry.value) {
            break;
        }
    }
    (ConfigFile::default(), report)
}

/// Records every key path with its spans: `tls.ciphers`, `listener[0]`,
/// `listener[0].address`, `upstream[1].servers[0].weight`.
fn index_table(
    table: &DeTable<'_>,
    prefix: &str,
    entries: &mut Vec<Entry>,
    spans: &mut BTreeMap<String, Range<usize>>,
) {
    for (key, value) in table.iter() {
        let path = if prefix.is_empty() {
            key.get_ref().to_string()
        } else {
            format!("{prefix}.{}", key.get_ref())
        };
        entries.push(Entry {
            path: path.clone(),
            key: key.span(),
            value: value.span(),
        });
        index_value(value, path, entries, spans);
    }
}

fn index_value(
    value: &Spanned<DeValue<'_>>,
    path: String,
    entries: &mut Vec<Entry>,
    spans: &mut BTreeMap<String, Range<usize>>,
) {
    match value.get_ref() {
        DeValue::Table(inner) => index_table(inner, &path, entries, spans),
        DeValue::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                index_value(item, format!("{path}[{i}]"), entries, spans);
            }
        }
        _ => {}
    }
    spans.insert(path, value.span());
}

/// The smallest `key = value` whose key or value contains `span`.
fn innermost_entry(entries: &[Entry], span: Range<usize>) -> Option<&Entry> {
    let contains =
        |outer: &Range<usize>| outer.start <= span.start && span.end <= outer.end.max(outer.start);
    entries
        .iter()
        .filter(|e| contains(&e.key) || contains(&e.value))
        .min_by_key(|e| e.value.len())
}

/// Takes the `key = value` whose value spans `span` out of the document.
fn remove_value(table: &mut DeTable<'_>, span: &Range<usize>) -> bool {
    let key = table
        .iter()
        .find(|(_, value)| value.span() == *span)
        .map(|(key, _)| key.clone());
    if let Some(key) = key {
        table.remove(&key);
        return true;
    }
    table
        .iter_mut()
        .any(|(_, value)| remove_within(value.get_mut(), span))
}

fn remove_within(value: &mut DeValue<'_>, span: &Range<usize>) -> bool {
    match value {
        DeValue::Table(inner) => remove_value(inner, span),
        DeValue::Array(items) => items
            .iter_mut()
            .any(|item| remove_within(item.get_mut(), span)),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems(text: &str) -> Vec<String> {
        let (_, report) = parse(Path::new("t.toml"), text);
        report.errors().map(ToString::to_string).collect()
    }

    #[test]
    fn every_unknown_key_and_wrong_type_at_once() {
        let shown = problems(
            "workers = 2\n[limits]\nmax_conections = 5\nkeepalive_requests = \"many\"\n\
             [[listener]]\naddress = \"127.0.0.1:1\"\ntsl = true\n[tls]\nprotocols = \"TLSv1.3\"\n",
        );
        assert_eq!(shown.len(), 4, "{shown:#?}");
        assert!(shown[0].starts_with("t.toml:3:1: limits.max_conections: unknown field"));
        assert!(shown[1].starts_with("t.toml:4:22: limits.keepalive_requests: invalid type"));
        assert!(shown[2].starts_with("t.toml:7:1: listener[0].tsl: unknown field"));
        assert!(shown[3].starts_with("t.toml:9:13: tls.protocols: invalid type"));
    }

    #[test]
    fn valid_keys_survive_the_refused_ones() {
        let (file, report) = parse(
            Path::new("t.toml"),
            "[limits]\nmax_conections = 5\nkeepalive_requests = 7\n",
        );
        assert!(report.has_errors());
        assert_eq!(file.limits.keepalive_requests, 7);
    }

    #[test]
    fn syntax_errors_are_placed_and_the_rest_still_checked() {
        let shown = problems("workers = \n[limits]\nbogus = 1\n");
        assert!(shown.len() >= 2, "{shown:#?}");
        assert!(shown[0].starts_with("t.toml:1:"), "{shown:#?}");
        assert!(shown
            .iter()
            .any(|s| s.starts_with("t.toml:3:1: limits.bogus")));
    }
}
