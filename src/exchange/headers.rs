//! Header fields as name/value pairs, in order, names as sent. Stored in
//! one byte buffer with spans, so a request's fields cost two allocations
//! however many there are.

use std::fmt;
use std::ops::Range;

#[derive(Clone, Default)]
pub struct Headers {
    bytes: Vec<u8>,
    fields: Vec<(Range<u32>, Range<u32>)>,
}

impl Headers {
    pub fn new() -> Headers {
        Headers::default()
    }

    pub fn with_capacity(fields: usize) -> Headers {
        Headers {
            bytes: Vec::with_capacity(fields * 32),
            fields: Vec::with_capacity(fields),
        }
    }

    fn push_bytes(&mut self, b: &[u8]) -> Range<u32> {
        let start = self.bytes.len() as u32;
        self.bytes.extend_from_slice(b);
        start..self.bytes.len() as u32
    }

    /// Adds a field at the end. Names are tokens (checked by the parsers
    /// and by the code that writes constant names).
    pub fn append(&mut self, name: &str, value: impl AsRef<[u8]>) {
        let name = self.push_bytes(name.as_bytes());
        let value = self.push_bytes(value.as_ref());
        self.fields.push((name, value));
    }

    /// Replaces every field named `name` (any case) with one field (its
    /// bytes stay in the buffer until the headers are dropped).
    pub fn set(&mut self, name: &str, value: impl AsRef<[u8]>) {
        self.remove(name);
        self.append(name, value);
    }

    /// Drops every field named `name` (any case).
    pub fn remove(&mut self, name: &str) {
        let bytes = &self.bytes;
        self.fields.retain(|(n, _)| {
            !bytes[n.start as usize..n.end as usize].eq_ignore_ascii_case(name.as_bytes())
        });
    }

    fn slice(&self, r: &Range<u32>) -> &[u8] {
        &self.bytes[r.start as usize..r.end as usize]
    }

    /// Every field, in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &[u8])> {
        self.fields.iter().map(|(n, v)| {
            // Names are appended from &str only.
            let name = std::str::from_utf8(self.slice(n)).unwrap_or("");
            (name, self.slice(v))
        })
    }

    /// Every field, in order, the name as bytes (no UTF-8 check: for
    /// writers that copy names out, such as an HPACK encoder).
    pub fn iter_bytes(&self) -> impl Iterator<Item = (&[u8], &[u8])> {
        self.fields
            .iter()
            .map(|(n, v)| (self.slice(n), self.slice(v)))
    }

    /// The value of the first field named `name` (any case); names are
    /// compared as bytes, with no UTF-8 check of each.
    pub fn get(&self, name: &str) -> Option<&[u8]> {
        self.fields
            .iter()
            .find(|(n, _)| self.slice(n).eq_ignore_ascii_case(name.as_bytes()))
            .map(|(_, v)| self.slice(v))
    }

    /// Every value of the fields named `name` (any case), in order.
    pub fn get_all<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a [u8]> + Clone + 'a {
        self.fields
            .iter()
            .filter(move |(n, _)| self.slice(n).eq_ignore_ascii_case(name.as_bytes()))
            .map(|(_, v)| self.slice(v))
    }

    pub fn contains(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    /// Empties it, keeping its buffers for the next fields.
    pub fn clear(&mut self) {
        self.bytes.clear();
        self.fields.clear();
    }

    /// The bytes its buffers hold room for.
    pub fn capacity(&self) -> usize {
        self.bytes.capacity()
            + self.fields.capacity() * std::mem::size_of::<(Range<u32>, Range<u32>)>()
    }

    /// How many fields there are.
    pub fn len(&self) -> usize {
        self.fields.len()
    }

    pub fn is_empty(&self) -> bool {
        self.fields.is_empty()
    }
}

/// The items of a list-valued field's line (RFC 9110 5.6.1).
pub fn list_items(value: &[u8]) -> impl Iterator<Item = &[u8]> {
    value.split(|&b| b == b',').map(<[u8]>::trim_ascii)
}

impl fmt::Debug for Headers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(
                self.iter()
                    .map(|(n, v)| format!("{n}: {}", String::from_utf8_lossy(v))),
            )
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_case_and_replacement() {
        let mut h = Headers::new();
        h.append("Host", "a");
        h.append("X-Y", b"1".as_slice());
        h.append("x-y", "2");
        assert_eq!(h.get("HOST"), Some(&b"a"[..]));
        assert_eq!(h.get_all("X-y").collect::<Vec<_>>(), [b"1", b"2"]);
        let all: Vec<_> = h.iter().map(|(n, v)| (n.to_string(), v.to_vec())).collect();
        assert_eq!(all[2], ("x-y".into(), b"2".to_vec()));
        assert!(h.contains("host") && !h.contains("hos"));
    }
}
